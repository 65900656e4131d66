// SPDX-License-Identifier: MIT
// A job's progress for Python: each update takes the GIL back, lets Python
// run its signal handlers (a Ctrl-C raises KeyboardInterrupt there) and
// calls the caller's callback. Either raising throws, so the job unwinds and
// its stage is removed before the exception reaches Python.
#pragma once

#include <pybind11/pybind11.h>

#include <isla/base/progress.hpp>

namespace isla::python {

class PythonProgress final : public Progress {
 public:
  // `callback`: None, or called with the fraction done, 0..1.
  explicit PythonProgress(pybind11::object callback) : callback_(std::move(callback)) {}
  void update(double fraction) override;

 private:
  pybind11::object callback_;
};

}  // namespace isla::python
