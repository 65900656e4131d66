// SPDX-License-Identifier: MIT
// Tag -> section codec, name -> validator, name -> exporter, each with the
// plugin that provided it. Every registered object keeps its library loaded.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "isla/plugin/exporter.hpp"
#include "isla/base/fourcc.hpp"
#include "isla/plugin/package_validator.hpp"
#include "isla/plugin/plugin_index.hpp"
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

// What a plugin registers: its section tags and its objects' names.
struct PluginClaims {
  std::vector<FourCC> sections;
  std::vector<std::string> validators;
  std::vector<std::string> exporters;
  std::vector<std::string> packageValidators;
};

PluginClaims claimsOf(const PluginRegistrar& registrar);

// A plugin's registration clashes with one already made; names both.
class RegistryConflict : public std::runtime_error {
 public:
  explicit RegistryConflict(const std::string& message, std::string claim = {},
                            std::shared_ptr<const PluginInfo> holder = nullptr)
      : std::runtime_error(message), claim_(std::move(claim)), holder_(std::move(holder)) {}
  // The tag's text or the name claimed, and the plugin that registered it
  // first; both empty when one plugin registers a tag or name twice.
  const std::string& claim() const { return claim_; }
  const std::shared_ptr<const PluginInfo>& holder() const { return holder_; }

 private:
  std::string claim_;
  std::shared_ptr<const PluginInfo> holder_;
};

// A plugin an index describes (plugin_index.hpp), registered when what it
// declares is first looked up.
struct DeferredPlugin {
  std::shared_ptr<const PluginInfo> plugin;
  IndexedPlugin indexed;
};

// A deferred plugin that could not be loaded when it was needed.
class DeferredPluginError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Safe to read from several threads; a lookup that loads a deferred plugin
// does so under the registry's lock.
class Registry {
 public:
  // A lookup by tag or name first loads the deferred plugin that declares
  // it, a list every deferred plugin of its kind; either throws
  // DeferredPluginError when one cannot be loaded.
  const Registration<SectionCodec>* section(FourCC tag) const;
  const Registration<Validator>* validator(std::string_view name) const;
  const Registration<Exporter>* exporter(std::string_view name) const;
  const Registration<PackageValidator>* packageValidator(std::string_view name) const;

  // Sorted by tag / name.
  std::vector<const Registration<SectionCodec>*> sections() const;
  std::vector<const Registration<Validator>*> validators() const;
  std::vector<const Registration<Exporter>*> exporters() const;
  std::vector<const Registration<PackageValidator>*> packageValidators() const;

  // The plugins that provide objects of `kind` (one k...Plugin bit), or
  // the one that provides `name` (a tag's text for sections), registered
  // or deferred, by plugin name; none is loaded.
  std::vector<std::shared_ptr<const PluginInfo>> providers(std::uint32_t kind) const;
  std::shared_ptr<const PluginInfo> provider(std::uint32_t kind, std::string_view name) const;
  // The options of every validator, registered or deferred, by validator name.
  std::vector<OptionSpec> validatorOptions() const;

  // Every clash of what `registrar` holds with what is registered or
  // deferred, and within it; none when `plugin` may be added.
  std::vector<RegistryConflict> conflicts(const PluginInfo& plugin, const PluginRegistrar& registrar) const;
  // Adds everything `registrar` holds, or nothing and throws the first
  // conflict. `library` stays alive while any object lives.
  void add(const std::shared_ptr<const PluginInfo>& plugin, PluginRegistrar&& registrar,
           const std::shared_ptr<const void>& library);
  // Removes everything `plugin` registered or declared deferred, and says
  // what that was: a plugin another one displaces (the host's overrides),
  // while the registry is set up, before any lookup.
  PluginClaims withdraw(const PluginInfo& plugin);

  // Loads a deferred plugin's file and registers it (add), under the
  // registry's lock; returns "" or why it could not.
  using DeferredLoad = std::function<std::string(const DeferredPlugin&)>;
  // Defers a plugin of one kind; false, deferring nothing, when it declares
  // several kinds, or an object that is registered or deferred already
  // (loaded now, the conflict is said as without an index).
  bool defer(DeferredPlugin plugin, DeferredLoad load);
  // Every deferred plugin, now; failures are the loader's to record.
  void loadDeferred() const;

 private:
  struct Waiting {
    DeferredPlugin plugin;
    DeferredLoad load;
  };
  bool settled(std::uint32_t kind) const { return (unsettled_.load(std::memory_order_acquire) & kind) == 0; }
  // Under the lock: loads the waiting plugins `wanted` picks, then settles
  // `kind` when none of it waits; throws DeferredPluginError.
  void loadWaiting(std::uint32_t kind, const std::function<bool(const IndexedPlugin&)>& wanted) const;
  void need(std::uint32_t kind) const;
  // What is registered or waits, of `kind`, by name (a section by its tag's
  // text), and which plugin claims `name`; the caller holds the lock, or
  // is the one thread setting the registry up (add).
  std::vector<std::pair<std::string, std::shared_ptr<const PluginInfo>>> named(std::uint32_t kind) const;
  std::shared_ptr<const PluginInfo> claimedBy(std::uint32_t kind, std::string_view name) const;
  template <class Map, class Key>
  auto* find(std::uint32_t kind, const Map& map, const Key& key, std::string_view name) const;

  std::map<FourCC, Registration<SectionCodec>> sections_;
  std::map<std::string, Registration<Validator>, std::less<>> validators_;
  std::map<std::string, Registration<Exporter>, std::less<>> exporters_;
  std::map<std::string, Registration<PackageValidator>, std::less<>> packageValidators_;
  mutable std::mutex mutex_;
  mutable std::vector<Waiting> waiting_;
  mutable std::atomic<std::uint32_t> unsettled_ = 0;  // kinds of which a plugin waits
};

}  // namespace isla
