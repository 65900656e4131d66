// SPDX-License-Identifier: MIT
// How commands print what went wrong: diagnostics and plugin load problems
// as text on stderr, or as JSON.
#pragma once

#include <boost/json/value.hpp>

#include <ostream>

#include <isla/base/diagnostics.hpp>
#include <isla/plugin/plugin_host.hpp>

namespace isla::cli {

// Every diagnostic of at least `minimum` severity, one a line.
void printDiagnostics(const Diagnostics& diagnostics, std::ostream& out,
                      Severity minimum = Severity::Info);
// A warning for each plugin that failed or was refused, and each file of a
// --plugin-dir directory that is not a plugin.
void printPluginProblems(const PluginHost& host, std::ostream& out);
boost::json::array diagnosticsJson(const Diagnostics& diagnostics);
// Pretty JSON and a newline.
void printJson(const boost::json::value& value, std::ostream& out);

}  // namespace isla::cli
