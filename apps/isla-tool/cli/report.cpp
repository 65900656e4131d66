// SPDX-License-Identifier: MIT
#include "cli/report.hpp"

#include <isla/json/json_text.hpp>
#include <isla/base/printable_text.hpp>

namespace isla::cli {

void printDiagnostics(const Diagnostics& diagnostics, std::ostream& out, Severity minimum) {
  for (const auto& diagnostic : diagnostics.items()) {
    if (diagnostic.severity >= minimum) out << formatDiagnostic(diagnostic) << '\n';
  }
}

void printPluginProblems(const PluginHost& host, std::ostream& out) {
  for (const auto& record : host.report()) {
    // A file that is no plugin is said where the user named the directory.
    const bool named = record.outcome == PluginOutcome::Skipped && record.origin == "--plugin-dir";
    if (record.outcome == PluginOutcome::Failed || record.outcome == PluginOutcome::Refused || named) {
      out << "isla-tool: warning: plugin " << printableText(record.file) << " " << pluginOutcomeName(record.outcome)
          << ": " << printableText(record.message) << '\n';
    }
  }
}

boost::json::array diagnosticsJson(const Diagnostics& diagnostics) {
  boost::json::array out;
  for (const auto& diagnostic : diagnostics.items()) out.push_back(toJson(diagnostic));
  return out;
}

void printJson(const boost::json::value& value, std::ostream& out) {
  out << toJsonText(value) << '\n';
}

}  // namespace isla::cli
