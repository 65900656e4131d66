// SPDX-License-Identifier: MIT
// Every call into a plugin's exporter or package validator goes through
// callPlugin, as decoding and validation already catch what a plugin throws,
// so that any failure names the plugin: "exporter 'gltf' (plugin gltf)
// failed while writing: ...". Filesystem errors (they name their path),
// interruptions and a stopped progress pass as they are.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "isla/base/api.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/base/progress.hpp"
#include "isla/plugin/options.hpp"
#include "isla/plugin/registry.hpp"

namespace isla {

class ISLA_API PluginError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "exporter 'png' (plugin png)"
std::string pluginObjectName(std::string_view kind, std::string_view name, const PluginInfo& plugin);

// `call()` for the plugin object `who`, doing `doing` ("writing"). A plugin's
// std::invalid_argument is a bad option combination: an OptionError naming it.
template <class Call>
decltype(auto) callPlugin(const std::string& who, std::string_view doing, Call&& call) {
  try {
    return call();
  } catch (const IoError&) {
    throw;
  } catch (const Interrupted&) {
    throw;
  } catch (const ProgressStopped&) {
    throw;
  } catch (const OptionError&) {
    throw;
  } catch (const std::invalid_argument& error) {
    throw OptionError(who + ": " + error.what());
  } catch (const std::exception& error) {
    throw PluginError(who + " failed while " + std::string(doing) + ": " + error.what());
  } catch (...) {
    throw PluginError(who + " threw a non-standard exception while " + std::string(doing));
  }
}

}  // namespace isla
