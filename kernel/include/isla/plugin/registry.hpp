// SPDX-License-Identifier: MIT
// Tag -> section codec, name -> validator, name -> exporter, each with the
// plugin that provided it. Every registered object keeps its library loaded.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "isla/plugin/exporter.hpp"
#include "isla/base/fourcc.hpp"
#include "isla/plugin/package_validator.hpp"
#include "isla/plugin/section_codec.hpp"
#include "isla/plugin/validator.hpp"

namespace isla {

class PluginRegistrar;

struct PluginInfo {
  std::string name;
  std::string version;
  std::string description;
  std::string file;  // the module's path, or "(built in)"
  std::uint32_t apiVersion = 0;
  std::uint32_t kinds = 0;  // the k...Plugin bits it declared
};

template <class T>
struct Registration {
  std::shared_ptr<const T> object;
  std::shared_ptr<const PluginInfo> plugin;
};

// A plugin's registration clashes with one already made; names both.
class RegistryConflict : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Registry {
 public:
  const Registration<SectionCodec>* section(FourCC tag) const;
  const Registration<Validator>* validator(std::string_view name) const;
  const Registration<Exporter>* exporter(std::string_view name) const;
  const Registration<PackageValidator>* packageValidator(std::string_view name) const;

  // Sorted by tag / name.
  std::vector<const Registration<SectionCodec>*> sections() const;
  std::vector<const Registration<Validator>*> validators() const;
  std::vector<const Registration<Exporter>*> exporters() const;
  std::vector<const Registration<PackageValidator>*> packageValidators() const;

  // Adds everything `registrar` holds, or nothing and throws
  // RegistryConflict. `library` stays alive while any object lives.
  void add(const std::shared_ptr<const PluginInfo>& plugin, PluginRegistrar&& registrar,
           const std::shared_ptr<const void>& library);

 private:
  std::map<FourCC, Registration<SectionCodec>> sections_;
  std::map<std::string, Registration<Validator>, std::less<>> validators_;
  std::map<std::string, Registration<Exporter>, std::less<>> exporters_;
  std::map<std::string, Registration<PackageValidator>, std::less<>> packageValidators_;
};

}  // namespace isla
