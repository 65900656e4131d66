// SPDX-License-Identifier: MIT
#include "isla/plugin/plugin_api.hpp"

namespace isla {

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
