// SPDX-License-Identifier: MIT
// The kernel as one object: the enum table, the unit settings, the registry
// and the plugin host. No process-wide state; a test may make several.
#pragma once

#include "isla/model/enum_table.hpp"
#include "isla/plugin/plugin_host.hpp"
#include "isla/plugin/registry.hpp"
#include "isla/base/units.hpp"

namespace isla {

class Kernel {
 public:
  explicit Kernel(EnumTable enums, Units units = {});
  Kernel(const Kernel&) = delete;
  Kernel& operator=(const Kernel&) = delete;

  const EnumTable& enums() const { return enums_; }
  const Units& units() const { return units_; }
  const Registry& registry() const { return registry_; }
  PluginHost& plugins() { return plugins_; }
  const PluginHost& plugins() const { return plugins_; }

 private:
  EnumTable enums_;
  Units units_;
  Registry registry_;
  PluginHost plugins_{registry_};
};

}  // namespace isla
