// SPDX-License-Identifier: MIT
#include "isla/plugin/registry.hpp"

#include <algorithm>
#include <bit>
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

// The names of what an indexed plugin declares of `kind`, a section by its tag's text.
std::vector<std::string> declared(const IndexedPlugin& plugin, std::uint32_t kind) {
  std::vector<std::string> out;
  if (kind == kSectionPlugin) {
    for (const FourCC tag : plugin.sections) out.push_back(tag.text());
  } else if (kind == kValidatorPlugin) {
    for (const IndexedValidator& validator : plugin.validators) out.push_back(validator.name);
  } else if (kind == kExporterPlugin) {
    out = plugin.exporters;
  } else if (kind == kPackageValidatorPlugin) {
    out = plugin.packageValidators;
  }
  return out;
}

bool declares(const IndexedPlugin& plugin, std::uint32_t kind, std::string_view name) {
  if ((plugin.kinds & kind) == 0) return false;
  const auto names = declared(plugin, kind);
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The registered objects of `kind` by name, a section by its tag's text.
template <class Map>
std::vector<std::pair<std::string, std::shared_ptr<const PluginInfo>>> registeredNames(const Map& map) {
  std::vector<std::pair<std::string, std::shared_ptr<const PluginInfo>>> out;
  for (const auto& [key, registration] : map) {
    if constexpr (std::is_same_v<std::decay_t<decltype(key)>, FourCC>) {
      out.emplace_back(key.text(), registration.plugin);
    } else {
      out.emplace_back(key, registration.plugin);
    }
  }
  return out;
}

}  // namespace

template <class Map, class Key>
auto* Registry::find(std::uint32_t kind, const Map& map, const Key& key, std::string_view name) const {
  if (settled(kind)) return lookup(map, key);
  std::lock_guard lock(mutex_);
  loadWaiting(kind, [&](const IndexedPlugin& plugin) { return declares(plugin, kind, name); });
  return lookup(map, key);
}

void Registry::need(std::uint32_t kind) const {
  if (settled(kind)) return;
  std::lock_guard lock(mutex_);
  loadWaiting(kind, [](const IndexedPlugin&) { return true; });
}

void Registry::loadWaiting(std::uint32_t kind, const std::function<bool(const IndexedPlugin&)>& wanted) const {
  std::vector<Waiting> chosen;
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    if ((it->plugin.indexed.kinds & kind) != 0 && wanted(it->plugin.indexed)) {
      chosen.push_back(std::move(*it));
      it = waiting_.erase(it);
    } else {
      ++it;
    }
  }
  std::string failures;
  for (const Waiting& plugin : chosen) {
    const std::string why = plugin.load(plugin.plugin);
    if (why.empty()) continue;
    failures += (failures.empty() ? "" : "; ") + describe(*plugin.plugin.plugin) +
                ", which its directory's " + kPluginIndexName + " lists, cannot be loaded now: " + why;
  }
  if (std::none_of(waiting_.begin(), waiting_.end(), [&](const Waiting& w) { return w.plugin.indexed.kinds & kind; })) {
    unsettled_.fetch_and(~kind, std::memory_order_release);
  }
  if (!failures.empty()) {
    throw DeferredPluginError(failures + " (isla-tool plugins says why; once it loads, index its directory again: "
                                         "isla-tool plugins --write-index DIR)");
  }
}

const Registration<SectionCodec>* Registry::section(FourCC tag) const {
  return find(kSectionPlugin, sections_, tag, tag.text());
}
const Registration<Validator>* Registry::validator(std::string_view name) const {
  return find(kValidatorPlugin, validators_, name, name);
}
const Registration<Exporter>* Registry::exporter(std::string_view name) const {
  return find(kExporterPlugin, exporters_, name, name);
}
const Registration<PackageValidator>* Registry::packageValidator(std::string_view name) const {
  return find(kPackageValidatorPlugin, packageValidators_, name, name);
}

std::vector<const Registration<SectionCodec>*> Registry::sections() const {
  need(kSectionPlugin);
  // By the tag as it reads, not by its little-endian value.
  auto out = sortedValues(sections_);
  std::sort(out.begin(), out.end(),
            [](const auto* a, const auto* b) { return a->object->tag().text() < b->object->tag().text(); });
  return out;
}
std::vector<const Registration<Validator>*> Registry::validators() const {
  need(kValidatorPlugin);
  return sortedValues(validators_);
}
std::vector<const Registration<Exporter>*> Registry::exporters() const {
  need(kExporterPlugin);
  return sortedValues(exporters_);
}
std::vector<const Registration<PackageValidator>*> Registry::packageValidators() const {
  need(kPackageValidatorPlugin);
  return sortedValues(packageValidators_);
}

std::vector<std::pair<std::string, std::shared_ptr<const PluginInfo>>> Registry::named(std::uint32_t kind) const {
  std::vector<std::pair<std::string, std::shared_ptr<const PluginInfo>>> out;
  if (kind == kSectionPlugin) out = registeredNames(sections_);
  if (kind == kValidatorPlugin) out = registeredNames(validators_);
  if (kind == kExporterPlugin) out = registeredNames(exporters_);
  if (kind == kPackageValidatorPlugin) out = registeredNames(packageValidators_);
  for (const Waiting& waiting : waiting_) {
    if ((waiting.plugin.indexed.kinds & kind) == 0) continue;
    for (std::string& name : declared(waiting.plugin.indexed, kind)) {
      out.emplace_back(std::move(name), waiting.plugin.plugin);
    }
  }
  return out;
}

std::vector<std::shared_ptr<const PluginInfo>> Registry::providers(std::uint32_t kind) const {
  std::vector<std::shared_ptr<const PluginInfo>> out;
  {
    std::lock_guard lock(mutex_);
    for (auto& [name, plugin] : named(kind)) out.push_back(std::move(plugin));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a->name < b->name; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::shared_ptr<const PluginInfo> Registry::provider(std::uint32_t kind, std::string_view name) const {
  std::lock_guard lock(mutex_);
  return claimedBy(kind, name);
}

std::vector<OptionSpec> Registry::validatorOptions() const {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::vector<OptionSpec>, std::less<>> byValidator;
  for (const auto& [name, registration] : validators_) byValidator[name] = registration.object->options();
  for (const Waiting& waiting : waiting_) {
    for (const IndexedValidator& validator : waiting.plugin.indexed.validators) {
      byValidator[validator.name] = validator.options;
    }
  }
  std::vector<OptionSpec> out;
  for (auto& [name, options] : byValidator) out.insert(out.end(), options.begin(), options.end());
  return out;
}

bool Registry::defer(DeferredPlugin plugin, DeferredLoad load) {
  const std::uint32_t kind = plugin.indexed.kinds;
  if (std::popcount(kind) != 1) return false;
  std::lock_guard lock(mutex_);
  std::set<std::string> taken;
  for (auto& [name, holder] : named(kind)) taken.insert(std::move(name));
  for (const std::string& name : declared(plugin.indexed, kind)) {
    if (!taken.insert(name).second) return false;
  }
  waiting_.push_back(Waiting{std::move(plugin), std::move(load)});
  unsettled_.fetch_or(kind, std::memory_order_release);
  return true;
}

void Registry::loadDeferred() const {
  std::lock_guard lock(mutex_);
  std::vector<Waiting> all = std::move(waiting_);
  waiting_.clear();
  for (const Waiting& plugin : all) plugin.load(plugin.plugin);
  unsettled_.store(0, std::memory_order_release);
}

std::shared_ptr<const PluginInfo> Registry::claimedBy(std::uint32_t kind, std::string_view name) const {
  for (auto& [declaredName, plugin] : named(kind)) {
    if (declaredName == name) return std::move(plugin);
  }
  return nullptr;
}

std::vector<RegistryConflict> Registry::conflicts(const PluginInfo& plugin, const PluginRegistrar& registrar) const {
  std::vector<RegistryConflict> out;
  // `what` names the kind in a message: "section tag HGTS", "validator 'water'".
  const auto check = [&](const std::vector<std::string>& names, std::uint32_t kind,
                         const std::function<std::string(const std::string&)>& what) {
    std::set<std::string> seen;
    for (const std::string& name : names) {
      if (auto existing = claimedBy(kind, name)) {
        out.emplace_back(what(name) + " is claimed by " + describe(plugin) + " and already registered by " +
                             describe(*existing),
                         name, std::move(existing));
      }
      if (!seen.insert(name).second) out.emplace_back(describe(plugin) + " registers " + what(name) + " twice");
    }
  };
  const PluginClaims claims = claimsOf(registrar);
  std::vector<std::string> tags;
  for (const FourCC tag : claims.sections) tags.push_back(tag.text());
  check(tags, kSectionPlugin, [](const std::string& tag) { return "section tag " + tag; });
  const auto named = [](std::string kind) {
    return [kind = std::move(kind)](const std::string& name) { return kind + " '" + name + "'"; };
  };
  check(claims.validators, kValidatorPlugin, named("validator"));
  check(claims.exporters, kExporterPlugin, named("exporter"));
  check(claims.packageValidators, kPackageValidatorPlugin, named("package validator"));
  return out;
}

void Registry::add(const std::shared_ptr<const PluginInfo>& plugin, PluginRegistrar&& registrar,
                   const std::shared_ptr<const void>& library) {
  // Check everything first, so that a refused plugin registers nothing.
  if (auto clashes = conflicts(*plugin, registrar); !clashes.empty()) throw std::move(clashes.front());
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

PluginClaims Registry::withdraw(const PluginInfo& plugin) {
  PluginClaims out;
  const auto take = [&](auto& registered, auto& names) {
    for (auto it = registered.begin(); it != registered.end();) {
      if (it->second.plugin.get() != &plugin) {
        ++it;
        continue;
      }
      names.push_back(it->first);
      it = registered.erase(it);
    }
  };
  take(sections_, out.sections);
  take(validators_, out.validators);
  take(exporters_, out.exporters);
  take(packageValidators_, out.packageValidators);
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    if (it->plugin.plugin.get() != &plugin) {
      ++it;
      continue;
    }
    const IndexedPlugin& indexed = it->plugin.indexed;
    out.sections.insert(out.sections.end(), indexed.sections.begin(), indexed.sections.end());
    for (const IndexedValidator& validator : indexed.validators) out.validators.push_back(validator.name);
    out.exporters.insert(out.exporters.end(), indexed.exporters.begin(), indexed.exporters.end());
    out.packageValidators.insert(out.packageValidators.end(), indexed.packageValidators.begin(),
                                 indexed.packageValidators.end());
    it = waiting_.erase(it);
  }
  std::uint32_t unsettled = 0;
  for (const Waiting& waiting : waiting_) unsettled |= waiting.plugin.indexed.kinds;
  unsettled_.store(unsettled, std::memory_order_release);
  return out;
}

PluginClaims claimsOf(const PluginRegistrar& registrar) {
  PluginClaims out;
  for (const auto& codec : registrar.sections) out.sections.push_back(codec->tag());
  for (const auto& validator : registrar.validators) out.validators.push_back(validator->name());
  for (const auto& exporter : registrar.exporters) out.exporters.push_back(exporter->name());
  for (const auto& validator : registrar.packageValidators) out.packageValidators.push_back(validator->name());
  return out;
}

}  // namespace isla
