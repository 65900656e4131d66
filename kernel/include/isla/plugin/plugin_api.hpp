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
#include <string>
#include <vector>

#include "isla/plugin/exporter.hpp"
#include "isla/plugin/package_validator.hpp"
#include "isla/plugin/section_codec.hpp"
#include "isla/plugin/validator.hpp"

#define ISLA_PLUGIN_EXPORT __attribute__((visibility("default")))

namespace isla {

// Bump when any type a plugin sees changes incompatibly.
// 2: exporters receive the World; package validators. 3: package checks take a CheckDepth.
// 4: validators and package checks are given a thread count.
// 5: roles (section codecs fill them, the World reads them); typed options
//    resolved by the kernel; the decoded blueprint is Blueprint; plugins
//    declare their kinds.
inline constexpr std::uint32_t kPluginApiVersion = 5;
inline constexpr const char* kPluginEntrySymbol = "isla_plugin_entry";

class PluginRegistrar;

// What a plugin may register, as bits of PluginDescriptor::kinds; the
// build sets them from isla_add_plugin(KIND ...).
inline constexpr std::uint32_t kSectionPlugin = 1;
inline constexpr std::uint32_t kValidatorPlugin = 2;
inline constexpr std::uint32_t kExporterPlugin = 4;
inline constexpr std::uint32_t kPackageValidatorPlugin = 8;
// "section, exporter"
std::string pluginKindNames(std::uint32_t kinds);

struct PluginDescriptor {
  std::uint32_t apiVersion;  // first, and stays first in every API version
  const char* name;
  const char* version;
  const char* description;
  std::uint32_t kinds;  // k...Plugin bits: what registerPlugin may add
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

// ISLA_PLUGIN_IDENT, ISLA_PLUGIN_NAME and ISLA_PLUGIN_KINDS come from
// isla_add_plugin (the plugin's folder name and KIND), so they are written
// down once.
#define ISLA_PLUGIN_CONCAT2(a, b) a##b
#define ISLA_PLUGIN_CONCAT(a, b) ISLA_PLUGIN_CONCAT2(a, b)
// This plugin's descriptor by the name ISLA_PLUGIN gives it, for the
// plugin's own tests (isla_add_plugin TESTS compiles them with the plugin's
// name): `extern const isla::PluginDescriptor ISLA_THIS_PLUGIN;`, then
// `ISLA_THIS_PLUGIN.registerPlugin(registrar)` as the host calls it.
#define ISLA_THIS_PLUGIN ISLA_PLUGIN_CONCAT(isla_plugin_descriptor_, ISLA_PLUGIN_IDENT)
#define ISLA_PLUGIN(version, description, ...)                                             \
  extern const isla::PluginDescriptor ISLA_PLUGIN_CONCAT(isla_plugin_descriptor_,           \
                                                         ISLA_PLUGIN_IDENT);                \
  const isla::PluginDescriptor ISLA_PLUGIN_CONCAT(isla_plugin_descriptor_, ISLA_PLUGIN_IDENT){ \
      isla::kPluginApiVersion, ISLA_PLUGIN_NAME, version, description, ISLA_PLUGIN_KINDS, __VA_ARGS__}
