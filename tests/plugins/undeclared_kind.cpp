// SPDX-License-Identifier: MIT
// Built as a section plugin (KIND section), it registers an exporter: the
// host refuses it, naming what it registered and what it declared.
#include <isla/plugin/plugin_api.hpp>

namespace {

class NothingExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "nothing"; }
  std::string description() const override { return "writes nothing"; }
  void write(const isla::ExportInput&, const std::filesystem::path&, isla::Diagnostics&) const override {}
};

}  // namespace

ISLA_PLUGIN("1.0.0", "registers an exporter it did not declare", [](isla::PluginRegistrar& registrar) {
  registrar.addExporter(std::make_unique<NothingExporter>());
});
