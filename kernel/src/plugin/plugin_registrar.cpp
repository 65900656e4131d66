// SPDX-License-Identifier: MIT
#include "isla/plugin/plugin_api.hpp"

namespace isla {

std::string pluginKindNames(std::uint32_t kinds) {
  constexpr std::pair<std::uint32_t, const char*> kNames[] = {{kSectionPlugin, "section"},
                                                              {kValidatorPlugin, "validator"},
                                                              {kExporterPlugin, "exporter"},
                                                              {kPackageValidatorPlugin, "package-validator"}};
  std::string out;
  for (const auto& [bit, name] : kNames) {
    if (kinds & bit) out += (out.empty() ? "" : ", ") + std::string(name);
  }
  return out.empty() ? "none" : out;
}

void PluginRegistrar::addSection(std::unique_ptr<SectionCodec> codec) {
  sections.push_back(std::move(codec));
}
void PluginRegistrar::addValidator(std::unique_ptr<Validator> validator) {
  validators.push_back(std::move(validator));
}
void PluginRegistrar::addExporter(std::unique_ptr<Exporter> exporter) {
  exporters.push_back(std::move(exporter));
}
void PluginRegistrar::addPackageValidator(std::unique_ptr<PackageValidator> validator) {
  packageValidators.push_back(std::move(validator));
}

}  // namespace isla
