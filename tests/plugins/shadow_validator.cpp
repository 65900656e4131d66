// SPDX-License-Identifier: MIT
// A third party's validators: its own, and a copy of the shipped 'water'.
// The host refuses the whole plugin (the shipped water keeps its name), so
// its own validator does not run: validate must say so.
#include <isla/plugin/plugin_api.hpp>

namespace {

class NamedValidator final : public isla::Validator {
 public:
  explicit NamedValidator(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return "finds nothing"; }
  void check(const isla::Blueprint&, const isla::ValidationContext&, isla::Diagnostics&) const override {}

 private:
  std::string name_;
};

}  // namespace

ISLA_PLUGIN("0.1.0", "a validator of its own and a second claim on 'water'", [](isla::PluginRegistrar& registrar) {
  registrar.addValidator(std::make_unique<NamedValidator>("coastline"));
  registrar.addValidator(std::make_unique<NamedValidator>("water"));
});
