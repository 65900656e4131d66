// SPDX-License-Identifier: MIT
// A scratch directory of generated blueprints and layouts over them, and
// `isla-tool run compile` on one, for the end-to-end compile tests.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "file_tree.hpp"
#include "tool_runner.hpp"

namespace isla::test {

// Narrow strips, and a slope threshold the generated islands' crater walls
// stay under, so that a compile has no warning unless a test wants one.
inline constexpr const char* kSettings = R"("gap_cells": 4, "slope_warning_deg": 89.99,)";

class Workspace {
 public:
  // Each blueprint once per (seed, size, options): synth is deterministic.
  std::string blueprint(int seed, int size = 256, const std::vector<std::string>& extra = {});

  // A layout of `rows` x `cols` blueprints (seeds 1, 2, ...), entries in
  // the order given by `order` (indices into row-major cells).
  std::string layout(const std::string& name, int rows, int cols, std::vector<int> order = {},
                     const std::string& extra = kSettings, int size = 256);

  std::string writeLayout(const std::string& name, const std::string& json);

  std::string path(const std::string& name) const { return (dir / name).string(); }
  // Every entry of the directory, for "nothing was left behind".
  std::vector<std::string> entries() const { return directoryEntries(dir.path()); }

  TempDir dir;
};

ToolRun compileLayout(const std::string& layout, const std::string& output, std::vector<std::string> extra = {},
                      const std::map<std::string, std::string>& environment = {});

}  // namespace isla::test
