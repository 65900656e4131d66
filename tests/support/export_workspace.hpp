// SPDX-License-Identifier: MIT
// What the raster outputs' tests (png, unity, unreal, diff's image) share:
// generated blueprints in a scratch directory with a layout over them and the
// World built from it, `run compile` as a user drives it, and the real
// consumers that read the outputs back (pngcheck, Pillow through
// decode_png.py, python3 scripts).
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <isla/world/world.hpp>

#include "test_kernel.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

namespace isla::test {

std::string quoted(const std::filesystem::path& path);
// A shell command's standard output; fails the test when it exits non-zero.
std::string capture(const std::string& command);
// A Python script run with the system's python3, with `arguments` quoted.
std::string runScript(const std::filesystem::path& script, const std::vector<std::filesystem::path>& arguments);

struct Decoded {
  std::string mode;
  std::int64_t width = 0;
  std::int64_t height = 0;
  std::int64_t bands = 1;  // 3 for RGB
  boost::json::value palette;
  boost::json::object text;
  std::vector<std::uint16_t> pixels;  // row-major

  std::uint16_t at(std::int64_t column, std::int64_t row, std::int64_t band = 0) const {
    return pixels[static_cast<std::size_t>((row * width + column) * bands + band)];
  }
};

// Pillow's reading of a PNG.
Decoded decode(const std::filesystem::path& png);
// Little-endian u16 samples, as the scripts write them.
std::vector<std::uint16_t> readSamples(const std::filesystem::path& raw);
boost::json::object readJson(const std::filesystem::path& path);
// pngcheck accepts every PNG below `root`; returns how many there are.
int checkEveryPng(const std::filesystem::path& root);

class ExportWorkspace {
 public:
  // A rows x cols layout of `isla-tool synth --size 256` blueprints.
  std::string layout(int rows, int cols, int gapCells = 4);
  World world(const std::string& layoutPath);
  ToolRun compile(const std::string& layoutPath, const std::string& out, const std::vector<std::string>& options = {},
                  const std::string& exporter = "png");
  std::string path(const std::string& name) const { return (dir / name).string(); }

  TempDir dir;
};

}  // namespace isla::test
