// SPDX-License-Identifier: MIT
// The main job, shared by `isla-tool run compile` and the Python module:
// load and validate every source of a layout, build the World, hand it to an
// exporter writing into a stage, validate the stage and publish it.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

#include "isla/base/diagnostics.hpp"
#include "isla/base/progress.hpp"
#include "isla/compile/job_errors.hpp"
#include "isla/kernel.hpp"
#include "isla/plugin/options.hpp"

namespace isla {

struct CompileRequest {
  std::filesystem::path layout;
  // Instead of `layout`: one blueprint as a 1 x 1 layout with default
  // settings but the kernel's height scale (isla-tool export); its id and
  // namespace are the file's stem.
  std::filesystem::path blueprint;
  // Instead of either: a Terrain World v1 package's directory, checked by
  // its package validator, then read back (isla/world/package_world.hpp).
  std::filesystem::path package;
  std::filesystem::path output;
  std::string exporter = "terrain-world-v1";
  OptionText options;  // the exporter's, as given
  unsigned threads = 0;  // 0: the hardware concurrency
  OptionText validatorOptions;  // the validators', as given
};

struct CompileResult {
  std::size_t sources = 0;
  std::size_t patches = 0;
  std::size_t edges = 0;
  Diagnostics diagnostics;  // warnings (and infos) of a successful compile
  std::filesystem::path output;
};

// Throws CompileError for bad input, RequestError for a request that
// cannot be used, OptionError for a bad option value, PluginError for an
// exporter that failed, IoError for the filesystem, Interrupted
// (isla/compile/job_errors.hpp).
CompileResult compileWorld(const Kernel& kernel, const CompileRequest& request, Progress& progress);

}  // namespace isla
