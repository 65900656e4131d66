// SPDX-License-Identifier: MIT
#include "export_workspace.hpp"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>

#include <isla/mapping/blueprint_file.hpp>
#include <isla/world/world_builder.hpp>

namespace fs = std::filesystem;

namespace isla::test {

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

std::string capture(const std::string& command) {
  std::FILE* pipe = ::popen(command.c_str(), "r");
  BOOST_TEST_REQUIRE(pipe);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  BOOST_TEST_REQUIRE(::pclose(pipe) == 0, command);
  return out;
}

std::string runScript(const fs::path& script, const std::vector<fs::path>& arguments) {
  std::string command = quoted(ISLA_TEST_PYTHON) + " " + quoted(script);
  for (const fs::path& argument : arguments) command += " " + quoted(argument);
  return capture(command);
}

std::vector<std::uint16_t> readSamples(const fs::path& raw) {
  const auto bytes = readFile(raw);
  std::vector<std::uint16_t> out(bytes.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<std::uint16_t>(std::to_integer<unsigned>(bytes[2 * i]) |
                                        std::to_integer<unsigned>(bytes[2 * i + 1]) << 8);
  }
  return out;
}

Decoded decode(const fs::path& png) {
  const fs::path raw = png.string() + ".raw";
  const auto info = boost::json::parse(runScript(fs::path(ISLA_TEST_SUPPORT_DIR) / "decode_png.py", {png, raw})).as_object();
  Decoded out{std::string(info.at("mode").as_string()), info.at("width").as_int64(), info.at("height").as_int64(),
              info.at("bands").as_int64(), info.at("palette"), info.at("text").as_object(), readSamples(raw)};
  fs::remove(raw);
  BOOST_TEST_REQUIRE(out.pixels.size() == static_cast<std::size_t>(out.width * out.height * out.bands));
  return out;
}

boost::json::object readJson(const fs::path& path) {
  std::ifstream in(path);
  return boost::json::parse(std::string(std::istreambuf_iterator<char>(in), {})).as_object();
}

int checkEveryPng(const fs::path& root) {
  int count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".png") continue;
    capture("pngcheck -q " + quoted(entry.path()));
    ++count;
  }
  return count;
}

std::string ExportWorkspace::layout(int rows, int cols, int gapCells) {
  std::string sources;
  for (int cell = 0; cell < rows * cols; ++cell) {
    const std::string id = "s" + std::to_string(cell), file = id + ".dat";
    const auto run =
        runTool({"synth", "--seed", std::to_string(cell + 1), "--size", "256", "--out", (dir / file).string()});
    BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
    sources += (sources.empty() ? "" : ",") + std::string(R"({"id": ")") + id + R"(", "namespace": ")" + id +
               R"(", "path": ")" + file + R"(", "row": )" + std::to_string(cell / cols) + R"(, "col": )" +
               std::to_string(cell % cols) + "}";
  }
  const fs::path path = dir / "layout.json";
  std::ofstream(path) << R"({"format": "terrain-world.layout", "schema_version": 1, "name": "test", )"
                      << R"("gap_cells": )" << gapCells << R"(, "slope_warning_deg": 89.99, "sources": [)" << sources
                      << "]}";
  return path.string();
}

// As compileWorld builds it.
World ExportWorkspace::world(const std::string& layoutPath) {
  Diagnostics diagnostics;
  const auto layout = loadLayout(layoutPath, diagnostics);
  BOOST_TEST_REQUIRE(layout.has_value(), describe(diagnostics));
  std::vector<LoadedSource> sources;
  for (const auto& source : layout->sources) {
    LoadResult load = readBlueprint(source.path, sharedKernel());
    BOOST_TEST_REQUIRE(load.ok(), describe(load.diagnostics));
    sources.push_back(LoadedSource{load.blueprint, "", nullptr});
  }
  NoProgress progress;
  return buildWorld(*layout, std::move(sources), sharedKernel().enums(), 1, progress);
}

ToolRun ExportWorkspace::compile(const std::string& layoutPath, const std::string& out,
                           const std::vector<std::string>& options, const std::string& exporter) {
  std::vector<std::string> arguments{"run", "compile", layoutPath, path(out), "--exporter", exporter, "--quiet"};
  for (const auto& option : options) arguments.insert(arguments.end(), {"--option", option});
  return runTool(arguments);
}

}  // namespace isla::test
