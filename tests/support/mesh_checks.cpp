// SPDX-License-Identifier: MIT
#include "mesh_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <isla/world/world.hpp>

#include "test_kernel.hpp"

namespace isla::test {

const Exporter& shippedExporter(const std::string& name) {
  const auto* registration = sharedKernel().registry().exporter(name);
  BOOST_TEST_REQUIRE(registration, "no exporter " << name);
  return *registration->object;
}

std::string optionError(const Exporter& exporter, const ExportValues& values) {
  try {
    exporter.checkOptions(resolveOptions(exporter.name(), exporter.options(), OptionText(values.begin(), values.end())));
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "no error";
}

void exportWorld(const Exporter& exporter, const World& world, const std::filesystem::path& stage,
                 const ExportValues& values, unsigned threads) {
  const OptionValues options =
      resolveOptions(exporter.name(), exporter.options(), OptionText(values.begin(), values.end()));
  exporter.checkOptions(options);
  NoProgress progress;
  Diagnostics diagnostics;
  exporter.write(ExportInput{world, sharedKernel().enums(), options, threads, progress}, stage, diagnostics);
  BOOST_TEST(diagnostics.items().empty(), describe(diagnostics));
}

std::vector<std::uint32_t> stripTriangles(const std::vector<std::uint32_t>& strip) {
  std::vector<std::uint32_t> triangles;
  for (std::size_t i = 0; i + 2 < strip.size(); ++i) {
    const std::uint32_t a = strip[i], b = strip[i + 1 + i % 2], c = strip[i + 2 - i % 2];
    if (a != b && b != c && a != c) triangles.insert(triangles.end(), {a, b, c});
  }
  return triangles;
}

void forEachSampleUnder(const SampleTriangle& t,
                        const std::function<void(std::int32_t x, std::int32_t z, double height)>& visit) {
  const double turn = t.turn();
  const auto first = [](const std::array<double, 3>& v) {
    return static_cast<std::int32_t>(std::min({v[0], v[1], v[2]}));
  };
  const auto last = [](const std::array<double, 3>& v) {
    return static_cast<std::int32_t>(std::max({v[0], v[1], v[2]}));
  };
  for (std::int32_t sz = first(t.z); sz <= last(t.z); ++sz) {
    for (std::int32_t sx = first(t.x); sx <= last(t.x); ++sx) {
      const double n1 = (sx - t.x[0]) * (t.z[2] - t.z[0]) - (sz - t.z[0]) * (t.x[2] - t.x[0]);
      const double n2 = (t.x[1] - t.x[0]) * (sz - t.z[0]) - (t.z[1] - t.z[0]) * (sx - t.x[0]);
      const double n0 = turn - n1 - n2;
      if (n0 * turn < 0 || n1 * turn < 0 || n2 * turn < 0) continue;
      visit(sx, sz, (n0 * t.y[0] + n1 * t.y[1] + n2 * t.y[2]) / turn);
    }
  }
}

std::size_t patchIndex(const World& world, const std::string& id) {
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    if (world.patches[p].id == id) return p;
  }
  BOOST_FAIL("no patch " + id);
  return 0;
}

std::int32_t sampleIndex(double metres, double origin, double spacing) {
  const double i = (metres - origin) / spacing;
  if (i != std::round(i)) BOOST_FAIL(metres << " is not on a sample");
  return static_cast<std::int32_t>(i);
}

bool gltfValidatorInstalled(const std::filesystem::path& modules) {
  return findProgram("node") && std::filesystem::exists(modules / "gltf-validator" / "package.json");
}

boost::test_tools::assertion_result gltfValidatorOrCi(const std::filesystem::path& modules) {
  boost::test_tools::assertion_result found(gltfValidatorInstalled(modules) || inCi());
  found.message() << "node or the npm gltf-validator in build-tools/node_modules is missing (scripts/install-deps "
                     "installs both); skipped";
  return found;
}

ValidatorRun runGltfValidator(const std::filesystem::path& modules, const std::filesystem::path& script,
                              const std::vector<std::filesystem::path>& files, const std::filesystem::path& scratch) {
  std::string command = "NODE_PATH='" + modules.string() + "' '" + findProgram("node")->string() + "' '" +
                        script.string() + "'";
  for (const auto& file : files) command += " '" + file.string() + "'";
  const std::filesystem::path report = scratch / "validator.txt";
  command += " > '" + report.string() + "' 2>&1";
  ValidatorRun run;
  run.status = std::system(command.c_str());
  run.report = readText(report);
  std::istringstream lines(run.report);
  for (std::string line; std::getline(lines, line);) {
    run.clean += line.find(": 0 errors, 0 warnings") != std::string::npos ? 1U : 0U;
  }
  return run;
}

}  // namespace isla::test
