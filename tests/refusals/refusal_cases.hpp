// SPDX-License-Identifier: MIT
// One input per error code of docs/diagnostics.md that breaks that rule,
// and the isla-tool call that must refuse it (exit 1, the code reported as
// an error). refusal_test.cpp holds the table to the document.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace isla::test {

// An isla-tool call: its arguments, and the variables its environment adds
// (for the machine's faults, such as a library that is not there).
struct ToolCall {
  ToolCall(std::vector<std::string> toolArguments, std::map<std::string, std::string> addedVariables = {})
      : arguments(std::move(toolArguments)), environment(std::move(addedVariables)) {}
  std::vector<std::string> arguments;
  std::map<std::string, std::string> environment;
};

struct RefusalCase {
  std::string code;
  // Writes the input into the (empty) directory and returns the call.
  std::function<ToolCall(const std::filesystem::path& dir)> make;
};

// The reader's, the kernel's, the section plugins' and the blueprint
// validators' rules: `isla-tool validate FILE.dat`.
// Runs isla-tool to make a case's input; a failure is the test's, not the case's.
void makeInput(const std::vector<std::string>& arguments);

std::vector<RefusalCase> blueprintRefusals();
// The package validator's: `isla-tool validate DIR` on a compiled package
// with one thing changed.
std::vector<RefusalCase> packageRefusals();
// The compiler's (layouts, sources, viewer bundles): `isla-tool run compile`
// or `bundle make`.
std::vector<RefusalCase> compileRefusals();

}  // namespace isla::test
