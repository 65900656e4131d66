// SPDX-License-Identifier: MIT
#include <stdexcept>

#include "refusal_cases.hpp"
#include "tool_runner.hpp"

namespace isla::test {

void makeInput(const std::vector<std::string>& arguments) {
  const ToolRun result = runTool(arguments);
  if (result.exitCode != 0) throw std::runtime_error("isla-tool failed making a refusal input: " + result.err);
}

}  // namespace isla::test
