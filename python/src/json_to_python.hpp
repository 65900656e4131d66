// SPDX-License-Identifier: MIT
// The kernel's JSON values (diagnostics, summaries) as plain Python data.
#pragma once

#include <boost/json/value.hpp>
#include <pybind11/pybind11.h>

#include <isla/base/diagnostics.hpp>

namespace isla::python {

pybind11::object toPython(const boost::json::value& value);
// Each diagnostic as the dict `isla-tool --json` prints: severity, code,
// origin, file, tag, offset, pixel, pointer, message.
pybind11::list toPython(const Diagnostics& diagnostics);

}  // namespace isla::python
