// SPDX-License-Identifier: MIT
// Boost.Test's main, except that a run whose checks all passed but some of
// which could not run exits kSkipExitCode, which ctest reports as Skipped.
#define BOOST_TEST_MODULE isla
#define BOOST_TEST_NO_MAIN
#include <boost/test/unit_test.hpp>

#include "skips.hpp"

int main(int argc, char* argv[]) {
  const int status = boost::unit_test::unit_test_main(&init_unit_test, argc, argv);
  return status == 0 && isla::test::anySkipped() ? isla::test::kSkipExitCode : status;
}
