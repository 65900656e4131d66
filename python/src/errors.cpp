// SPDX-License-Identifier: MIT
// What the kernel throws, as the Python interface promises: input and
// contract problems raise world_compiler.contracts.CompilerError, filesystem
// failures OSError with the errno, an interrupt KeyboardInterrupt. Nothing
// else escapes: any other C++ exception is a CompilerError too.
#include <filesystem>
#include <string>

#include <isla/base/interrupt.hpp>
#include <isla/base/io_error.hpp>
#include <isla/compile/job_errors.hpp>

#include "bindings.hpp"
#include "json_to_python.hpp"

namespace py = pybind11;

namespace isla::python {

namespace {

// The request fields a job's message names, as compile_world's arguments
// (the others, which no function of the package takes, in the library's words).
constexpr RequestWords kPythonWords{"argument 'layout'",
                                    "blueprint",
                                    "package",
                                    "argument 'out_dir'",
                                    "keyword argument 'exporter'",
                                    "keyword argument 'options'",
                                    "keyword argument 'jobs'",
                                    "validatorOptions",
                                    "keyword argument 'cache'",
                                    "keyword argument 'cache_max_bytes'",
                                    "shard",
                                    "shardDir",
                                    "verify"};

// More lines than this go unread; the rest are in `diagnostics`.
constexpr std::size_t kErrorsInMessage = 20;

// The message, then the errors one a line as `isla-tool` prints them.
std::string describe(const std::string& message, const Diagnostics& diagnostics) {
  std::string text = message;
  std::size_t shown = 0;
  const std::size_t errors = diagnostics.count(Severity::Error);
  for (const auto& diagnostic : diagnostics.items()) {
    if (diagnostic.severity != Severity::Error) continue;
    if (shown == kErrorsInMessage) {
      text += "\n  ... and " + std::to_string(errors - shown) + " more errors: see the exception's diagnostics";
      break;
    }
    text += "\n  " + formatDiagnostic(diagnostic);
    ++shown;
  }
  return text;
}

void raiseCompilerError(const std::string& message, const Diagnostics& diagnostics) {
  const py::object type = py::module_::import("world_compiler.contracts").attr("CompilerError");
  const py::object error = type(describe(message, diagnostics), toPython(diagnostics));
  PyErr_SetObject(type.ptr(), error.ptr());
}

// OSError(errno, message) picks the subclass (FileExistsError, ...).
void raiseOsError(int error, const std::string& message) {
  const py::tuple arguments = error != 0 ? py::make_tuple(error, message) : py::make_tuple(message);
  PyErr_SetObject(PyExc_OSError, arguments.ptr());
}

void translate(std::exception_ptr pending) {
  try {
    if (pending) std::rethrow_exception(pending);
  } catch (const py::error_already_set&) {
    throw;  // a Python error (a progress callback's, a KeyboardInterrupt): as it is
  } catch (const py::builtin_exception&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw;  // MemoryError
  } catch (const CompileError& error) {
    raiseCompilerError(error.message().in(kPythonWords), error.diagnostics());
  } catch (const RequestError& error) {
    raiseCompilerError(error.message().in(kPythonWords), {});
  } catch (const IoError& error) {
    raiseOsError(error.error(), error.what());
  } catch (const std::filesystem::filesystem_error& error) {
    raiseOsError(error.code().value(), error.what());
  } catch (const Interrupted& error) {
    PyErr_SetString(PyExc_KeyboardInterrupt, error.what());
  } catch (const std::exception& error) {
    raiseCompilerError(error.what(), {});
  }
}

}  // namespace

void bindErrors(py::module_&) { py::register_local_exception_translator(translate); }

}  // namespace isla::python
