// SPDX-License-Identifier: MIT
// The compile job, `isla-tool run compile`'s, with the GIL released while
// it works and progress going to Python.
#include <map>
#include <optional>
#include <string>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <isla/cache/cached_compile.hpp>

#include "bindings.hpp"
#include "json_to_python.hpp"
#include "python_progress.hpp"

namespace py = pybind11;

namespace isla::python {

namespace {

py::dict compile(const Kernel& kernel, const std::filesystem::path& layout, const std::filesystem::path& output,
                 const std::string& exporter, unsigned threads, const std::map<std::string, std::string>& options,
                 const std::optional<std::filesystem::path>& cache, std::uint64_t cacheMaxBytes, py::object progress) {
  CompileRequest request;
  request.layout = layout;
  request.output = output;
  request.exporter = exporter;
  request.threads = threads;
  request.options = OptionText(options.begin(), options.end());
  PythonProgress reporter(std::move(progress));
  CachedCompileResult result;
  {
    py::gil_scoped_release released;
    try {
      result = cache ? compileThroughCache(kernel, request, CacheRequest{*cache, cacheMaxBytes}, reporter)
                     : CachedCompileResult{compileWorld(kernel, request, reporter)};
    } catch (const ProgressStopped&) {
      py::gil_scoped_acquire held;
      reporter.rethrowStopped();
    }
  }
  py::dict out;
  out["output"] = result.output;
  out["sources"] = result.sources;
  out["patches"] = result.patches;
  out["boundary_edges"] = result.edges;
  out["patches_from_cache"] = result.patchesFromCache;
  out["diagnostics"] = toPython(result.diagnostics);
  return out;
}

}  // namespace

void bindCompile(py::module_& module) {
  module.attr("DEFAULT_CACHE_MAX_BYTES") = PatchCache::kDefaultMaxBytes;
  module.def("compile", &compile, py::arg("kernel"), py::arg("layout"), py::arg("output"), py::arg("exporter"),
             py::arg("threads"), py::arg("options"), py::arg("cache"), py::arg("cache_max_bytes"), py::arg("progress"),
             "Runs the compile job (through a patch cache when `cache` is given); returns the published path, the "
             "counts and the warnings.");
}

}  // namespace isla::python
