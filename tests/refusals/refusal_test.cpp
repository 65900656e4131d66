// SPDX-License-Identifier: MIT
// Every rule docs/diagnostics.md calls an error refuses a file that breaks
// it: isla-tool exits 1 and reports the code as an error, not a warning.
// The table is read from the document, so a new error code fails this test
// until it has its case here (or a reason below that no file can reach it).
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "refusal_cases.hpp"
#include "tool_runner.hpp"

using namespace isla::test;

namespace {

// Error codes no input file can produce with the shipped and test plugins,
// and why.
const std::map<std::string, std::string> kUnreachable{
    {"mapsize.unknown",
     "a grid decoded before MapSize is known: the reader decodes PRMS first or refuses the file (params.missing, "
     "params.not-first, params.no-plugin)"},
    {"layout.range",
     "a layout number out of its range: the layout schema states the same ranges and refuses the file first "
     "(layout.schema); the code's own check guards the numbers it sizes by (tests/world/layout_limits_test.cpp)"},
    {"source.no-heights",
     "a source that loads without its heights: the reader refuses it first (role.missing), and the compile then "
     "says the source is invalid (source.invalid); the job's own check guards the World it builds"},
};

// code -> severity letter, from the rows "| `code` | E | from | when |".
std::map<std::string, std::string> documentedSeverities() {
  std::ifstream document(ISLA_DIAGNOSTICS_DOC);
  BOOST_TEST_REQUIRE(document.good(), "cannot read " << ISLA_DIAGNOSTICS_DOC);
  std::map<std::string, std::string> out;
  for (std::string line; std::getline(document, line);) {
    if (!line.starts_with("| `")) continue;
    const auto codeEnd = line.find('`', 3);
    const auto severityStart = line.find('|', codeEnd) + 1;
    std::string severity = line.substr(severityStart, line.find('|', severityStart) - severityStart);
    std::erase(severity, ' ');
    out[line.substr(3, codeEnd - 3)] = severity;
  }
  return out;
}

std::vector<RefusalCase> allCases() {
  std::vector<RefusalCase> out = blueprintRefusals();
  for (auto&& more : {packageRefusals(), compileRefusals()}) out.insert(out.end(), more.begin(), more.end());
  return out;
}

// A stderr line "...error: ... [code]": the code reported with severity error.
bool reportedAsError(const std::string& err, const std::string& code) {
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);) {
    if (line.ends_with("[" + code + "]") &&
        (line.starts_with("error: ") || line.find(": error: ") != std::string::npos)) {
      return true;
    }
  }
  return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(refusals)

BOOST_AUTO_TEST_CASE(every_documented_error_has_a_refusal_case) {
  const auto documented = documentedSeverities();
  BOOST_TEST_REQUIRE(documented.size() > 100u, "the table of docs/diagnostics.md was not found");
  std::set<std::string> covered;
  for (const auto& refusal : allCases()) {
    BOOST_TEST(covered.insert(refusal.code).second, refusal.code << " has two refusal cases");
    const auto found = documented.find(refusal.code);
    BOOST_TEST((found != documented.end() && found->second == "E"),
               refusal.code << " has a refusal case but docs/diagnostics.md does not list it as an error (E)");
  }
  for (const auto& [code, reason] : kUnreachable) {
    BOOST_TEST(documented.at(code) == "E", code << " is listed unreachable but is not a documented error");
    covered.insert(code);
  }
  for (const auto& [code, severity] : documented) {
    BOOST_TEST((severity != "E" || covered.contains(code)),
               "docs/diagnostics.md calls " << code
                                            << " an error, but tests/refusals has no input breaking it "
                                               "that isla-tool must refuse; add one");
  }
}

BOOST_AUTO_TEST_CASE(each_broken_input_is_refused_with_its_code_as_an_error) {
  for (const auto& refusal : allCases()) {
    BOOST_TEST_CONTEXT(refusal.code) {
      const TempDir dir;
      const ToolCall toolCall = refusal.make(dir.path());
      const ToolRun run = runTool(toolCall.arguments, toolCall.environment);
      std::string call;
      for (const auto& [name, value] : toolCall.environment) call += name + "=" + value + " ";
      call += "isla-tool";
      for (const auto& argument : toolCall.arguments) call += " " + argument;
      BOOST_TEST(run.exitCode == 1, call << " exited " << run.exitCode << ":\n" << run.err);
      BOOST_TEST(reportedAsError(run.err, refusal.code),
                 call << " did not report [" << refusal.code << "] as an error:\n" << run.err);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
