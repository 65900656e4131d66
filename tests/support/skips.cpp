// SPDX-License-Identifier: MIT
#include "skips.hpp"

#include <cstdlib>
#include <iostream>
#include <sstream>

namespace isla::test {

namespace {

bool skipped = false;

void reportSkip(const std::string& test, const std::string& why) {
  // stderr, not BOOST_TEST_MESSAGE: the default log level hides messages.
  std::cerr << "skipped: " << test << ": " << why << " (under CI=true this fails)\n";
  skipped = true;
}

}  // namespace

bool inCi() {
  const char* ci = std::getenv("CI");
  return ci && std::string(ci) == "true";
}

void cannotRun(const std::string& why) {
  const std::string test = boost::unit_test::framework::current_test_case().full_name();
  if (inCi()) {
    BOOST_ERROR(test << " cannot run its check under CI=true: " << why);
    return;
  }
  reportSkip(test, why);
}

boost::test_tools::assertion_result availableOrCi(boost::unit_test::test_unit_id unit, bool available,
                                                  const std::string& why) {
  if (available || inCi()) return true;
  reportSkip(boost::unit_test::framework::get(unit, boost::unit_test::TUT_ANY).full_name(), why);
  boost::test_tools::assertion_result result(false);
  result.message() << why;
  return result;
}

bool anySkipped() { return skipped; }

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
