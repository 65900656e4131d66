// SPDX-License-Identifier: MIT
// A job's progress for Python: each update takes the GIL back, lets Python
// run its signal handlers (a Ctrl-C raises KeyboardInterrupt there) and
// calls the caller's callback. Either raising keeps the Python error and
// throws ProgressStopped, so the job unwinds (through any plugin) and its
// stage is removed; rethrowStopped() then raises the Python error.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>

#include <isla/base/progress.hpp>

namespace isla::python {

class PythonProgress final : public Progress {
 public:
  // `callback`: None, or called with the fraction done, 0..1.
  explicit PythonProgress(pybind11::object callback) : callback_(std::move(callback)) {}
  void update(double fraction) override;
  // After ProgressStopped reached the caller: the Python error that caused it.
  [[noreturn]] void rethrowStopped() const;

 private:
  pybind11::object callback_;
  std::exception_ptr stopped_;
};

}  // namespace isla::python
