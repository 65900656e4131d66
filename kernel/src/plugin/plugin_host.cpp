// SPDX-License-Identifier: MIT
#include "isla/plugin/plugin_host.hpp"

#include <boost/dll/shared_library.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace isla {

std::string_view pluginOutcomeName(PluginOutcome outcome) {
  switch (outcome) {
    case PluginOutcome::Loaded: return "loaded";
    case PluginOutcome::Skipped: return "skipped";
    case PluginOutcome::Failed: return "failed";
    case PluginOutcome::Refused: return "refused";
    case PluginOutcome::Deferred: return "deferred";
    case PluginOutcome::Repeated: return "repeated";
  }
  return "?";
}

std::vector<SearchDirectory> pluginSearchPath(std::span<const std::filesystem::path> flagDirectories,
                                              const char* environmentValue,
                                              const std::filesystem::path& defaultDirectory,
                                              bool useDefault) {
  std::vector<SearchDirectory> out;
  auto add = [&](const std::filesystem::path& path, std::string origin) {
    std::error_code error;
    const bool exists = std::filesystem::is_directory(path, error);
    out.push_back(SearchDirectory{path, std::move(origin), exists});
  };
  if (useDefault) add(defaultDirectory, "default");
  for (const auto& directory : flagDirectories) add(directory, "--plugin-dir");
  if (environmentValue) {
    std::string_view rest = environmentValue;
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const auto entry = rest.substr(0, colon);
      if (!entry.empty()) add(std::filesystem::path(entry), "ISLA_PLUGIN_PATH");
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  return out;
}

namespace {

// Why a *.so entry of a plugin directory cannot be a plugin, or "".
std::string whyNotLoadable(const std::filesystem::directory_entry& entry) {
  std::error_code error;
  const auto status = entry.status(error);
  if (status.type() == std::filesystem::file_type::regular) return "";
  if (status.type() == std::filesystem::file_type::not_found && entry.is_symlink(error)) {
    return "not loaded: a symbolic link to nothing (a dangling link)";
  }
  if (error) return "not loaded: cannot be examined (" + error.message() + ")";
  switch (status.type()) {
    case std::filesystem::file_type::directory: return "not loaded: a directory, not a file";
    case std::filesystem::file_type::fifo: return "not loaded: a FIFO (named pipe), not a file";
    case std::filesystem::file_type::socket: return "not loaded: a socket, not a file";
    case std::filesystem::file_type::block:
    case std::filesystem::file_type::character: return "not loaded: a device, not a file";
    default: return "not loaded: not a regular file";
  }
}

}  // namespace

namespace {

// An index larger than this is not read: a thousand plugins take 2 MB.
constexpr std::uintmax_t kMaxIndexBytes = 16u << 20;

}  // namespace

std::map<std::string, IndexedPlugin> PluginHost::readIndex(const std::filesystem::path& directory) {
  const std::filesystem::path file = directory / kPluginIndexName;
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) return {};
  const auto notUsed = [&](const std::string& why) {
    record(file.string(), PluginOutcome::Skipped,
           "not used (" + why + "): every plugin of its directory was loaded at start; index it again with "
           "isla-tool plugins --write-index " + directory.string());
    return std::map<std::string, IndexedPlugin>{};
  };
  const auto bytes = std::filesystem::file_size(file, error);
  if (error || bytes > kMaxIndexBytes) return notUsed(error ? error.message() : "larger than 16 MiB");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) return notUsed("cannot be read");
  std::string problem;
  auto plugins = parsePluginIndex(text.str(), problem);
  if (!plugins) return notUsed(problem);
  std::map<std::string, IndexedPlugin> byFile;
  for (IndexedPlugin& plugin : *plugins) byFile.emplace(plugin.file, std::move(plugin));
  return byFile;
}

bool PluginHost::defer(const std::filesystem::path& file, const IndexedPlugin& indexed) {
  if (fileStamp(file) != indexed.stamp || loadedNames_.contains(indexed.name)) return false;
  std::error_code error;
  auto canonical = std::filesystem::weakly_canonical(file, error);
  if (error) canonical = file;
  if (loadedFiles_.contains(canonical)) return false;
  auto info = std::make_shared<const PluginInfo>(PluginInfo{indexed.name, indexed.version, indexed.description,
                                                            file.string(), kPluginApiVersion, indexed.kinds});
  const std::size_t at = report_.size();
  // Loaded when first needed: the record is the deferred one, updated in place.
  const auto load = [this, file, canonical, at](const DeferredPlugin& plugin) {
    loadedNames_.erase(plugin.plugin->name);
    struct Replacing {
      std::optional<std::size_t>& at;
      ~Replacing() { at.reset(); }
    } replacing{replacing_ = at};
    const PluginLoadRecord& loaded = loadLibrary(file, canonical);
    return loaded.outcome == PluginOutcome::Loaded ? std::string() : loaded.message;
  };
  if (!registry_.defer(DeferredPlugin{info, indexed}, load)) return false;
  loadedFiles_.insert(canonical);
  loadedNames_.insert(indexed.name);
  record(file.string(), PluginOutcome::Deferred, "listed in its directory's " + std::string(kPluginIndexName) +
                                                     "; loaded when first needed", info);
  return true;
}

std::vector<IndexedPlugin> PluginHost::indexOfLoaded() const {
  std::vector<IndexedPlugin> out;
  std::map<const PluginInfo*, std::size_t> entryOf;  // each loaded module's entry in `out`
  for (const PluginLoadRecord& loaded : report_) {
    if (loaded.outcome != PluginOutcome::Loaded || !loaded.plugin) continue;
    const std::filesystem::path file(loaded.file);
    const auto stamp = fileStamp(file);
    if (!stamp) continue;  // built in, or gone
    const PluginInfo& info = *loaded.plugin;
    entryOf.emplace(&info, out.size());
    out.push_back({.file = file.filename().string(), .stamp = *stamp, .name = info.name, .version = info.version,
                   .description = info.description, .kinds = info.kinds, .sections = {}, .validators = {},
                   .exporters = {}, .packageValidators = {}});
  }
  // Each registration into its module's entry, in the registry's order.
  const auto entry = [&](const auto* registration) -> IndexedPlugin* {
    const auto found = entryOf.find(registration->plugin.get());
    return found == entryOf.end() ? nullptr : &out[found->second];
  };
  for (const auto* r : registry_.sections()) {
    if (auto* plugin = entry(r)) plugin->sections.push_back(r->object->tag());
  }
  for (const auto* r : registry_.validators()) {
    if (auto* plugin = entry(r)) plugin->validators.push_back({r->object->name(), r->object->options()});
  }
  for (const auto* r : registry_.exporters()) {
    if (auto* plugin = entry(r)) plugin->exporters.push_back(r->object->name());
  }
  for (const auto* r : registry_.packageValidators()) {
    if (auto* plugin = entry(r)) plugin->packageValidators.push_back(r->object->name());
  }
  return out;
}

void PluginHost::loadSearchPath(std::span<const SearchDirectory> directories, bool useIndex) {
  for (const auto& directory : directories) {
    searchPath_.push_back(directory);
    if (!directory.exists) continue;
    origin_ = directory.origin;
    const auto index = useIndex ? readIndex(directory.path) : std::map<std::string, IndexedPlugin>{};
    // Every *.so is reported: loaded, or skipped with the reason.
    std::vector<std::pair<std::filesystem::path, std::string>> files;  // a reason to skip it, or ""
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(directory.path, error)) {
      if (entry.path().extension() == ".so") files.emplace_back(entry.path(), whyNotLoadable(entry));
    }
    std::sort(files.begin(), files.end());
    for (const auto& [file, reason] : files) {
      const auto indexed = index.find(file.filename().string());
      if (reason.empty() && indexed != index.end() && defer(file, indexed->second)) continue;
      if (reason.empty()) {
        loadFile(file);
      } else {
        record(file.string(), PluginOutcome::Skipped, reason);
      }
    }
  }
  origin_.clear();
}

const PluginLoadRecord& PluginHost::record(std::string file, PluginOutcome outcome, std::string message,
                                           std::shared_ptr<const PluginInfo> plugin,
                                           std::optional<PluginClaims> claims) {
  PluginLoadRecord made{std::move(file), outcome, std::move(message), std::move(plugin), origin_, std::move(claims)};
  if (replacing_) {
    made.origin = report_[*replacing_].origin;
    return report_[*replacing_] = std::move(made);
  }
  report_.push_back(std::move(made));
  return report_.back();
}

const PluginLoadRecord& PluginHost::loadFile(const std::filesystem::path& file) {
  std::error_code error;
  auto canonical = std::filesystem::weakly_canonical(file, error);
  if (error) canonical = file;
  if (loadedFiles_.contains(canonical)) {
    return record(file.string(), PluginOutcome::Repeated, "already loaded from the same file");
  }
  return loadLibrary(file, canonical);
}

const PluginLoadRecord& PluginHost::loadLibrary(const std::filesystem::path& file,
                                                const std::filesystem::path& canonical) {
  // The library handle is made before anything it provides, so it is
  // released after them. Released, the library stays mapped
  // (RTLD_NODELETE, which Boost.DLL passes through to dlopen): unmapping
  // 23 plugins one by one was 5-10 % of a small process's CPU, which exit
  // does at once (docs/performance.md, "Page faults"); loaded again, it is
  // found, not mapped again.
  auto library = std::make_shared<boost::dll::shared_library>();
  boost::dll::fs::error_code loadError;
  dlerror();
  library->load(boost::dll::fs::path(file.string()), loadError,
                boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local |
                    static_cast<boost::dll::load_mode::type>(RTLD_NODELETE));
  if (loadError) {
    const char* reason = dlerror();
    return record(file.string(), PluginOutcome::Failed,
                  "cannot be loaded: " + std::string(reason ? reason : loadError.message()));
  }
  if (!library->has(kPluginEntrySymbol)) {
    return record(file.string(), PluginOutcome::Skipped,
                  "not an isla-tool plugin: it has no '" + std::string(kPluginEntrySymbol) +
                      "' symbol");
  }
  loadedFiles_.insert(canonical);
  const PluginDescriptor* descriptor = nullptr;
  try {
    descriptor = library->get<const PluginDescriptor*()>(kPluginEntrySymbol)();
  } catch (...) {
    return record(file.string(), PluginOutcome::Failed, "its entry point threw an exception");
  }
  if (!descriptor) {
    return record(file.string(), PluginOutcome::Failed, "its entry point returned no descriptor");
  }
  return registerDescriptor(*descriptor, file.string(), library);
}

const PluginLoadRecord& PluginHost::addBuiltin(const PluginDescriptor& descriptor) {
  origin_ = "built in";
  const PluginLoadRecord& added = registerDescriptor(descriptor, "(built in)", nullptr);
  origin_.clear();
  return added;
}

namespace {

std::uint32_t registeredKinds(const PluginRegistrar& registrar) {
  const auto bit = [](bool registered, std::uint32_t kind) { return registered ? kind : 0U; };
  return bit(!registrar.sections.empty(), kSectionPlugin) | bit(!registrar.validators.empty(), kValidatorPlugin) |
         bit(!registrar.exporters.empty(), kExporterPlugin) |
         bit(!registrar.packageValidators.empty(), kPackageValidatorPlugin);
}

}  // namespace

bool PluginHost::overridden(std::string_view claim, std::string_view name) const {
  for (const auto& [overriddenClaim, plugin] : overrides_) {
    if (plugin == name && (claim.empty() || overriddenClaim == claim)) return true;
  }
  return false;
}

void PluginHost::displace(const std::shared_ptr<const PluginInfo>& holder, const std::string& why) {
  PluginClaims claims = registry_.withdraw(*holder);
  loadedNames_.erase(holder->name);
  for (PluginLoadRecord& held : report_) {
    const bool holds = held.outcome == PluginOutcome::Loaded || held.outcome == PluginOutcome::Deferred;
    if (!holds || held.plugin != holder) continue;
    held.outcome = PluginOutcome::Refused;
    held.message = why;
    held.claims = claims;
  }
}

const PluginLoadRecord& PluginHost::registerDescriptor(const PluginDescriptor& descriptor,
                                                       std::string file,
                                                       const std::shared_ptr<const void>& library) {
  // Nothing but the API version is read before it matches.
  if (descriptor.apiVersion != kPluginApiVersion) {
    return record(std::move(file), PluginOutcome::Refused,
                  "built for plugin API version " + std::to_string(descriptor.apiVersion) +
                      ", but this isla-tool supports version " +
                      std::to_string(kPluginApiVersion) + "; rebuild the plugin against it");
  }
  if (!descriptor.name || !*descriptor.name || !descriptor.registerPlugin) {
    return record(std::move(file), PluginOutcome::Failed,
                  "its descriptor has no name or no registration function");
  }
  auto info = std::make_shared<const PluginInfo>(PluginInfo{
      descriptor.name, descriptor.version ? descriptor.version : "",
      descriptor.description ? descriptor.description : "", file, descriptor.apiVersion, descriptor.kinds});

  PluginRegistrar registrar;
  try {
    descriptor.registerPlugin(registrar);
  } catch (const std::exception& exception) {
    return record(std::move(file), PluginOutcome::Failed,
                  "its registration threw: " + std::string(exception.what()), info);
  } catch (...) {
    return record(std::move(file), PluginOutcome::Failed,
                  "its registration threw a non-standard exception", info);
  }
  const auto refuse = [&](const std::string& why) -> const PluginLoadRecord& {
    return record(std::move(file), PluginOutcome::Refused, why, info, claimsOf(registrar));
  };
  if (const std::uint32_t undeclared = registeredKinds(registrar) & ~descriptor.kinds; undeclared != 0) {
    return refuse("it registered an object of kind " + pluginKindNames(undeclared) + " but declares the kinds " +
                  pluginKindNames(descriptor.kinds) + "; declare every kind it registers (isla_add_plugin KIND)");
  }
  // What it displaces, if the overrides give it every claim it clashes on.
  std::vector<std::pair<std::shared_ptr<const PluginInfo>, std::string>> displaced;  // with why
  const bool mayDisplace = !replacing_;  // never while a deferred plugin loads
  if (loadedNames_.contains(info->name)) {
    const auto earlier = std::find_if(report_.begin(), report_.end(), [&](const auto& r) {
      const bool holds = r.outcome == PluginOutcome::Loaded || r.outcome == PluginOutcome::Deferred;
      return holds && r.plugin->name == info->name;
    });
    if (!mayDisplace || !overridden({}, info->name)) {
      return refuse("a plugin named '" + info->name + "' is already loaded from " + earlier->file);
    }
    displaced.emplace_back(earlier->plugin, "displaced by the plugin of the same name in " + info->file +
                                                ", which --override-plugin names");
  }
  for (const RegistryConflict& conflict : registry_.conflicts(*info, registrar)) {
    const auto& holder = conflict.holder();
    const bool going = std::any_of(displaced.begin(), displaced.end(), [&](const auto& d) { return d.first == holder; });
    if (holder && going) continue;
    if (!holder || !mayDisplace || !overridden(conflict.claim(), info->name)) {
      if (!holder) return refuse(conflict.what());
      return refuse(std::string(conflict.what()) + ", which keeps it; remove one of the two plugins from the search " +
                    "path, or give the claim to plugin '" + info->name + "': --override-plugin " + conflict.claim() +
                    "=" + info->name);
    }
    displaced.emplace_back(holder, "displaced by plugin '" + info->name + "' (" + info->file +
                                       "), which --override-plugin " + conflict.claim() + "=" + info->name +
                                       " gives " + conflict.claim());
  }
  for (const auto& [holder, why] : displaced) displace(holder, why);
  registry_.add(info, std::move(registrar), library);
  loadedNames_.insert(info->name);
  return record(std::move(file), PluginOutcome::Loaded, "", info);
}

}  // namespace isla
