// SPDX-License-Identifier: MIT
// What the mesh exporters' tests (obj, gltf) share: running an exporter on a
// World, reading a mesh's coordinates back as samples, and finding the real
// consumers (assimp, node) that read their files.
#pragma once

#include <boost/test/unit_test.hpp>

#include <array>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <isla/plugin/exporter.hpp>

#include "skips.hpp"
#include "text_files.hpp"

namespace isla::test {

using ExportValues = std::map<std::string, std::string>;

// The shipped exporter `name` of the tests' shared kernel.
const Exporter& shippedExporter(const std::string& name);
// What checking `values` as --option's says, or "no error".
std::string optionError(const Exporter& exporter, const ExportValues& values);

// Exports `world` into `stage` (which exists) with `values` as --option's.
void exportWorld(const Exporter& exporter, const World& world, const std::filesystem::path& stage,
                 const ExportValues& values = {}, unsigned threads = 1);

std::size_t patchIndex(const World& world, const std::string& id);
// The sample index of a coordinate, which must be a whole one.
std::int32_t sampleIndex(double metres, double origin, double spacing);

// A triangle of a terrain mesh by its corners: sample indices x and z (whole
// numbers) and heights y.
struct SampleTriangle {
  std::array<double, 3> x{}, y{}, z{};
  // Seen from +Y with x east and z south, counter-clockwise turns negative.
  double turn() const { return (x[1] - x[0]) * (z[2] - z[0]) - (z[1] - z[0]) * (x[2] - x[0]); }
};
// Calls visit(x, z, height) for every sample on or inside the triangle, with
// the triangle's height there (barycentric, from whole-number weights).
void forEachSampleUnder(const SampleTriangle& triangle,
                        const std::function<void(std::int32_t x, std::int32_t z, double height)>& visit);

// A triangle strip's triangles (glTF mode 5: triangle i is (i, i + 1, i + 2)
// for even i, (i, i + 2, i + 1) for odd), three indices each, its degenerate
// ones (that join rows) left out: the triangles a renderer draws.
std::vector<std::uint32_t> stripTriangles(const std::vector<std::uint32_t>& strip);

// The Khronos glTF validator: node on PATH and the npm gltf-validator in
// `modules` (scripts/install-deps puts it in build-tools/node_modules).
bool gltfValidatorInstalled(const std::filesystem::path& modules);
// A precondition: the validator is installed, or CI=true (then the test fails saying so).
boost::test_tools::assertion_result gltfValidatorOrCi(const std::filesystem::path& modules);

struct ValidatorRun {
  int status = -1;
  std::string report;  // a line a file
  std::size_t clean = 0;  // files with 0 errors and 0 warnings
};
// Runs `script` (the gltf exporter's test/validate_gltf.js) under node on
// `files`; its report goes through a file in `scratch`.
ValidatorRun runGltfValidator(const std::filesystem::path& modules, const std::filesystem::path& script,
                              const std::vector<std::filesystem::path>& files, const std::filesystem::path& scratch);

}  // namespace isla::test
