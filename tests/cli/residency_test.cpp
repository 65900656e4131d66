// SPDX-License-Identifier: MIT
// Bounded residency (issue 27): the package check reads a terrain file
// through a window, never mapped whole, so neither `export` (which checks
// its stage) nor `validate` holds a package's pages resident. Measured as
// the peak resident set of the child process, on a 4096² map whose terrain
// file (about 160 MiB) is well above the window (64 MiB).
#include <boost/test/unit_test.hpp>

#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t kMiB = 1024;  // in KiB, as ru_maxrss counts

// What the tool holds besides the files: plugins, the window, a few blocks
// of text in flight. A terrain mapped whole would add its 160 MiB.
constexpr std::uint64_t kAllowance = 120 * kMiB;

}  // namespace

BOOST_AUTO_TEST_SUITE(residency)

BOOST_AUTO_TEST_CASE(export_and_validate_hold_a_window_of_the_package_not_the_package) {
  TempDir dir;
  const fs::path blueprint = dir / "a.dat", package = dir / "world";
  const ToolRun synth = runTool({"synth", "--seed", "5", "--size", "4096", "--out", blueprint.string()});
  BOOST_REQUIRE_MESSAGE(synth.exitCode == 0, synth.err);
  const ToolRun exported = runTool({"export", blueprint.string(), package.string()});
  BOOST_REQUIRE_MESSAGE(exported.exitCode == 0, exported.err);
  const std::uint64_t terrain = fs::file_size(package / "terrain/p-0-0.json") / 1024;
  BOOST_REQUIRE(terrain > kAllowance + 32 * kMiB);  // mapped whole, it would break the bounds below
  // The compile maps its blueprint (and hashes all of it), so that counts.
  const std::uint64_t input = fs::file_size(blueprint) / 1024;
  BOOST_TEST(exported.peakResidentKiB < input + kAllowance,
             "export peaked at " << exported.peakResidentKiB / kMiB << " MiB for a " << input / kMiB
                                 << " MiB blueprint and a " << terrain / kMiB << " MiB terrain");
  const ToolRun validated = runTool({"validate", package.string()});
  BOOST_REQUIRE_MESSAGE(validated.exitCode == 0, validated.err);
  BOOST_TEST(validated.peakResidentKiB < kAllowance,
             "validate peaked at " << validated.peakResidentKiB / kMiB << " MiB for a " << terrain / kMiB
                                   << " MiB terrain");
}

BOOST_AUTO_TEST_SUITE_END()
