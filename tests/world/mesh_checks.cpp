// SPDX-License-Identifier: MIT
#include "mesh_checks.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "test_kernel.hpp"

namespace isla::test {

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

std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::optional<std::filesystem::path> findProgram(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (!dir.empty() && std::filesystem::exists(std::filesystem::path(dir) / name)) {
      return std::filesystem::path(dir) / name;
    }
  }
  return std::nullopt;
}

boost::test_tools::assertion_result programOrCi(boost::unit_test::test_unit_id unit, const std::string& program,
                                               const std::string& package) {
  return availableOrCi(unit, findProgram(program).has_value(),
                       program + " is not on PATH (Debian: " + package + "; scripts/install-deps installs it)");
}

}  // namespace isla::test
