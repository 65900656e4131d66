// SPDX-License-Identifier: MIT
#include "cli/missed_plugins.hpp"

#include <algorithm>
#include <optional>

namespace isla::cli {

bool ValidatorChoice::picks(std::string_view name) const {
  const auto named = [&](const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  return (only.empty() || named(only)) && !named(skip);
}

namespace {

// "HGTS, NOTE"
std::string listed(const std::vector<std::string>& names, const std::string& quote = "") {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + quote + name + quote;
  return out;
}

// What `missed` would have done for this validation that nothing did, or "".
std::string missedWork(const PluginLoadRecord& missed, const Registry& registry, const Blueprint& blueprint,
                       const ValidatorChoice& choice, bool validatorsRan, std::optional<FourCC>& tag) {
  const bool known = missed.claims.has_value();
  const std::uint32_t kinds = missed.plugin ? missed.plugin->kinds : ~0U;
  std::vector<std::string> sections;  // present, undecoded, and its (or maybe its)
  std::optional<FourCC> onlyTag;
  for (const Section& section : blueprint.sections) {
    if (section.codec) continue;
    const bool its = known ? std::find(missed.claims->sections.begin(), missed.claims->sections.end(),
                                       section.tag) != missed.claims->sections.end()
                           : (kinds & kSectionPlugin) != 0;
    if (!its) continue;
    sections.push_back(section.tag.text());
    onlyTag = section.tag;
  }
  std::vector<std::string> validators;  // that would have run and did not
  bool unnamedValidators = false;
  if (validatorsRan && known) {
    for (const std::string& name : missed.claims->validators) {
      if (choice.picks(name) && !registry.validator(name)) validators.push_back(name);
    }
  } else if (validatorsRan) {
    unnamedValidators = (kinds & kValidatorPlugin) != 0 && choice.picksUnnamed();
  }
  std::vector<std::string> parts;
  const std::string may = known ? "" : "may ";
  if (!sections.empty()) {
    if (sections.size() == 1) tag = onlyTag;
    parts.push_back("it " + may + "decode" + (known ? "s " : " ") + listed(sections) + ", which no loaded plugin decoded");
  }
  if (!validators.empty()) {
    parts.push_back("its validator" + std::string(validators.size() == 1 ? " " : "s ") + listed(validators, "'") +
                    " did not run");
  }
  if (unnamedValidators) parts.push_back(missed.plugin ? "its validators did not run" : "it may hold validators, which did not run");
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : "; ") + part;
  return out;
}

}  // namespace

void reportMissedPlugins(const Kernel& kernel, const Blueprint& blueprint, const ValidatorChoice& choice,
                         bool validatorsRan, Diagnostics& out) {
  for (const PluginLoadRecord& missed : kernel.plugins().report()) {
    if (missed.outcome != PluginOutcome::Failed && missed.outcome != PluginOutcome::Refused) continue;
    std::optional<FourCC> tag;
    const std::string work = missedWork(missed, kernel.registry(), blueprint, choice, validatorsRan, tag);
    if (work.empty()) continue;
    const std::string who = missed.plugin ? "plugin '" + missed.plugin->name + "' (" + missed.file + ")" : missed.file;
    out.add(Diagnostic{.severity = Severity::Warning,
                       .code = "validation.incomplete",
                       .message = "validation incomplete: " + who + " " +
                                  (missed.outcome == PluginOutcome::Failed ? "failed" : "was refused") + " (" +
                                  missed.message + "): " + work,
                       .file = blueprint.source,
                       .tag = tag});
  }
}

const PluginLoadRecord* missedClaimant(const Kernel& kernel, std::string_view name) {
  for (const PluginLoadRecord& missed : kernel.plugins().report()) {
    const bool didNotLoad = missed.outcome == PluginOutcome::Failed || missed.outcome == PluginOutcome::Refused;
    if (!didNotLoad || !missed.claims || !missed.plugin) continue;
    const auto& names = missed.claims->validators;
    if (std::find(names.begin(), names.end(), name) != names.end()) return &missed;
  }
  return nullptr;
}

}  // namespace isla::cli
