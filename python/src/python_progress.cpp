// SPDX-License-Identifier: MIT
#include "python_progress.hpp"

namespace py = pybind11;

namespace isla::python {

void PythonProgress::update(double fraction) {
  py::gil_scoped_acquire held;
  try {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!callback_.is_none()) callback_(fraction);
  } catch (const py::error_already_set&) {
    stopped_ = std::current_exception();
    throw ProgressStopped();
  }
}

void PythonProgress::rethrowStopped() const { std::rethrow_exception(stopped_); }

}  // namespace isla::python
