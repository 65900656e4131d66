// SPDX-License-Identifier: MIT
#include <isla/plugin/builtin_plugins.hpp>

#include <memory>

#include "harness.hpp"

namespace isla::fuzz {

const Kernel& fuzzKernel() {
  // Built once: registering the plugins for every input would dominate.
  static const std::unique_ptr<const Kernel> kernel = [] {
    auto made = std::make_unique<Kernel>(EnumTable::load(ISLA_FUZZ_ENUM_TABLE));
    addBuiltinPlugins(made->plugins());
    return made;
  }();
  return *kernel;
}

}  // namespace isla::fuzz
