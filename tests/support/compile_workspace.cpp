// SPDX-License-Identifier: MIT
#include "compile_workspace.hpp"

#include <fstream>
#include <stdexcept>

namespace isla::test {

std::string Workspace::blueprint(int seed, int size, const std::vector<std::string>& extra) {
  std::string name = "b" + std::to_string(seed) + "-" + std::to_string(size);
  for (const auto& option : extra) name += option;
  name += ".dat";
  if (!std::filesystem::exists(dir / name)) {
    std::vector<std::string> arguments{"synth", "--seed", std::to_string(seed), "--size", std::to_string(size),
                                       "--out", (dir / name).string()};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const auto run = runTool(arguments);
    if (run.exitCode != 0) throw std::runtime_error("synth failed: " + run.err);
  }
  return name;
}

std::string Workspace::layout(const std::string& name, int rows, int cols, std::vector<int> order,
                              const std::string& extra, int size) {
  if (order.empty()) {
    for (int i = 0; i < rows * cols; ++i) order.push_back(i);
  }
  std::string sources;
  for (const int cell : order) {
    const std::string id = "s" + std::to_string(cell);
    sources += (sources.empty() ? "" : ",\n") + std::string(R"({"id": ")") + id + R"(", "namespace": "n)" + id +
               R"(", "path": ")" + blueprint(cell + 1, size) + R"(", "row": )" + std::to_string(cell / cols) +
               R"(, "col": )" + std::to_string(cell % cols) + "}";
  }
  return writeLayout(name, R"({"format": "terrain-world.layout", "schema_version": 1, "name": "test", )" + extra +
                               "\n\"sources\": [" + sources + "]}");
}

std::string Workspace::writeLayout(const std::string& name, const std::string& json) {
  std::ofstream(dir / name) << json;
  return (dir / name).string();
}

ToolRun compileLayout(const std::string& layout, const std::string& output, std::vector<std::string> extra,
                      const std::map<std::string, std::string>& environment) {
  std::vector<std::string> arguments{"run", "compile", layout, output};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  return runTool(arguments, environment);
}

}  // namespace isla::test
