// SPDX-License-Identifier: MIT
// The plugin contract. A plugin module exports one C symbol,
// `isla_plugin_entry`, returning a PluginDescriptor; the host checks
// `apiVersion` before it reads or calls anything else.
//
// In a plugin source:
//   ISLA_PLUGIN("1.0.0", "Heightmap section HGTS", [](isla::PluginRegistrar& r) {
//     r.addSection(std::make_unique<HgtsCodec>());
//   });
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "isla/export/exporter.hpp"
#include "isla/validation/package_validator.hpp"
#include "isla/container/section_codec.hpp"
#include "isla/validation/validator.hpp"

#define ISLA_PLUGIN_EXPORT __attribute__((visibility("default")))

namespace isla {

// Bump when any type a plugin sees changes incompatibly.
// 2: exporters receive the World; package validators. 3: package checks take a CheckDepth.
// 4: validators and package checks are given a thread count.
inline constexpr std::uint32_t kPluginApiVersion = 4;
inline constexpr const char* kPluginEntrySymbol = "isla_plugin_entry";

class PluginRegistrar;

struct PluginDescriptor {
  std::uint32_t apiVersion;  // first, and stays first in every API version
  const char* name;
  const char* version;
  const char* description;
  void (*registerPlugin)(PluginRegistrar& registrar);
};

// What a plugin's registration adds; the host commits all of it or none.
class PluginRegistrar {
 public:
  void addSection(std::unique_ptr<SectionCodec> codec);
  void addValidator(std::unique_ptr<Validator> validator);
  void addExporter(std::unique_ptr<Exporter> exporter);
  void addPackageValidator(std::unique_ptr<PackageValidator> validator);

  std::vector<std::unique_ptr<SectionCodec>> sections;
  std::vector<std::unique_ptr<Validator>> validators;
  std::vector<std::unique_ptr<Exporter>> exporters;
  std::vector<std::unique_ptr<PackageValidator>> packageValidators;
};

}  // namespace isla

// ISLA_PLUGIN_IDENT and ISLA_PLUGIN_NAME come from isla_add_plugin (the
// plugin's folder name), so the name is written down once.
#define ISLA_PLUGIN_CONCAT2(a, b) a##b
#define ISLA_PLUGIN_CONCAT(a, b) ISLA_PLUGIN_CONCAT2(a, b)
#define ISLA_PLUGIN(version, description, ...)                                             \
  extern const isla::PluginDescriptor ISLA_PLUGIN_CONCAT(isla_plugin_descriptor_,           \
                                                         ISLA_PLUGIN_IDENT);                \
  const isla::PluginDescriptor ISLA_PLUGIN_CONCAT(isla_plugin_descriptor_, ISLA_PLUGIN_IDENT){ \
      isla::kPluginApiVersion, ISLA_PLUGIN_NAME, version, description, __VA_ARGS__}
