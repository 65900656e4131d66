// SPDX-License-Identifier: MIT
// What the mesh exporters' tests (obj, gltf) share: running an exporter on a
// World, reading a mesh's coordinates back as samples, and finding the real
// consumers (assimp, node) that read their files.
#pragma once

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include <isla/export/exporter.hpp>

#include "skips.hpp"

namespace isla::test {

using ExportValues = std::map<std::string, std::string>;

// Exports `world` into `stage` (which exists) with `values` as --option's.
void exportWorld(const Exporter& exporter, const World& world, const std::filesystem::path& stage,
                 const ExportValues& values = {}, unsigned threads = 1);

std::size_t patchIndex(const World& world, const std::string& id);
// The sample index of a coordinate, which must be a whole one.
std::int32_t sampleIndex(double metres, double origin, double spacing);

std::string readText(const std::filesystem::path& path);

std::optional<std::filesystem::path> findProgram(const std::string& name);  // on PATH
// A precondition: `program` is on PATH, or CI=true (then the test fails
// saying so); otherwise the test is skipped, visibly (skips.hpp).
boost::test_tools::assertion_result programOrCi(boost::unit_test::test_unit_id unit, const std::string& program,
                                               const std::string& package);

}  // namespace isla::test
