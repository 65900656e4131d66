// SPDX-License-Identifier: MIT
// A test that cannot run its real check here (a tool or locale missing) is
// never a silent pass: outside CI it prints why and the binary exits with
// kSkipExitCode, which ctest shows as "Skipped"; under CI=true it fails.
#pragma once

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace isla::test {

// The exit code ctest's SKIP_RETURN_CODE maps to "Skipped" (automake's).
inline constexpr int kSkipExitCode = 77;

// CI=true in the environment (scripts/check and .ci/run set it when absent).
bool inCi();

// Call inside a test case where its real check cannot run, then return:
// fails the test under CI, otherwise prints "skipped: <test>: <why>" to
// stderr and marks the binary skipped.
void cannotRun(const std::string& why);

// A precondition for BOOST_AUTO_TEST_CASE(..., *precondition(...)) of test
// unit `unit`: true when `available` or under CI (the test then runs and
// fails on what is missing); otherwise false, printed and marked skipped.
boost::test_tools::assertion_result availableOrCi(boost::unit_test::test_unit_id unit, bool available,
                                                  const std::string& why);

// Whether cannotRun was called outside CI in this process.
bool anySkipped();

std::optional<std::filesystem::path> findProgram(const std::string& name);  // on PATH
// A precondition: `program` is on PATH, or CI=true (then the test fails
// saying so); otherwise the test is skipped, visibly.
boost::test_tools::assertion_result programOrCi(boost::unit_test::test_unit_id unit, const std::string& program,
                                               const std::string& package);

}  // namespace isla::test
