// SPDX-License-Identifier: MIT
#include "isla/plugin/registry.hpp"

#include <algorithm>
#include <set>

#include "isla/plugin/plugin_api.hpp"

namespace isla {

namespace {

// The object is destroyed before the library that holds its code.
template <class T>
struct Holder {
  std::shared_ptr<const void> library;
  std::unique_ptr<T> object;
};

template <class T>
std::shared_ptr<const T> keepLibraryAlive(std::unique_ptr<T> object,
                                          const std::shared_ptr<const void>& library) {
  auto holder = std::make_shared<Holder<T>>(Holder<T>{library, std::move(object)});
  const T* raw = holder->object.get();
  return std::shared_ptr<const T>(std::move(holder), raw);
}

std::string describe(const PluginInfo& plugin) {
  return "plugin '" + plugin.name + "' (" + plugin.file + ")";
}

template <class Map>
auto sortedValues(const Map& map) {
  std::vector<const typename Map::mapped_type*> out;
  for (const auto& [key, value] : map) out.push_back(&value);
  return out;
}

template <class Map, class Key>
auto* lookup(const Map& map, const Key& key) {
  auto it = map.find(key);
  return it == map.end() ? nullptr : &it->second;
}

}  // namespace

const Registration<SectionCodec>* Registry::section(FourCC tag) const { return lookup(sections_, tag); }
const Registration<Validator>* Registry::validator(std::string_view name) const {
  return lookup(validators_, name);
}
const Registration<Exporter>* Registry::exporter(std::string_view name) const {
  return lookup(exporters_, name);
}
const Registration<PackageValidator>* Registry::packageValidator(std::string_view name) const {
  return lookup(packageValidators_, name);
}

std::vector<const Registration<SectionCodec>*> Registry::sections() const {
  // By the tag as it reads, not by its little-endian value.
  auto out = sortedValues(sections_);
  std::sort(out.begin(), out.end(),
            [](const auto* a, const auto* b) { return a->object->tag().text() < b->object->tag().text(); });
  return out;
}
std::vector<const Registration<Validator>*> Registry::validators() const { return sortedValues(validators_); }
std::vector<const Registration<Exporter>*> Registry::exporters() const { return sortedValues(exporters_); }
std::vector<const Registration<PackageValidator>*> Registry::packageValidators() const {
  return sortedValues(packageValidators_);
}

void Registry::add(const std::shared_ptr<const PluginInfo>& plugin, PluginRegistrar&& registrar,
                   const std::shared_ptr<const void>& library) {
  // Check everything first, so that a refused plugin registers nothing.
  std::map<FourCC, std::size_t> newTags;
  for (std::size_t i = 0; i < registrar.sections.size(); ++i) {
    const FourCC tag = registrar.sections[i]->tag();
    if (const auto* existing = section(tag)) {
      throw RegistryConflict("section tag " + tag.text() + " is claimed by " + describe(*plugin) +
                             " and already registered by " + describe(*existing->plugin) +
                             "; remove one of the two plugins from the search path");
    }
    if (!newTags.emplace(tag, i).second) {
      throw RegistryConflict(describe(*plugin) + " registers section tag " + tag.text() + " twice");
    }
  }
  auto checkNames = [&](const auto& objects, const auto& registered, std::string_view kind) {
    std::set<std::string> seen;
    for (const auto& object : objects) {
      const std::string name = object->name();
      if (const auto* existing = lookup(registered, name)) {
        throw RegistryConflict(std::string(kind) + " '" + name + "' is claimed by " +
                               describe(*plugin) + " and already registered by " +
                               describe(*existing->plugin));
      }
      if (!seen.insert(name).second) {
        throw RegistryConflict(describe(*plugin) + " registers " + std::string(kind) + " '" +
                               name + "' twice");
      }
    }
  };
  checkNames(registrar.validators, validators_, "validator");
  checkNames(registrar.exporters, exporters_, "exporter");
  checkNames(registrar.packageValidators, packageValidators_, "package validator");

  for (auto& codec : registrar.sections) {
    const FourCC tag = codec->tag();
    sections_.emplace(tag, Registration<SectionCodec>{keepLibraryAlive(std::move(codec), library), plugin});
  }
  auto addNamed = [&](auto& objects, auto& registered) {
    for (auto& object : objects) {
      std::string name = object->name();
      using T = typename std::decay_t<decltype(object)>::element_type;
      registered.emplace(std::move(name), Registration<T>{keepLibraryAlive(std::move(object), library), plugin});
    }
  };
  addNamed(registrar.validators, validators_);
  addNamed(registrar.exporters, exporters_);
  addNamed(registrar.packageValidators, packageValidators_);
  registrar = PluginRegistrar{};
}

}  // namespace isla
