// SPDX-License-Identifier: MIT
#include "test_kernel.hpp"

#include <isla/plugin/builtin_plugins.hpp>

namespace isla::test {

EnumTable shippedEnums() { return EnumTable::load(ISLA_TEST_ENUM_TABLE); }

std::unique_ptr<Kernel> makeKernel(EnumTable enums) {
  auto kernel = std::make_unique<Kernel>(std::move(enums));
  addBuiltinPlugins(kernel->plugins());
  return kernel;
}

const Kernel& sharedKernel() {
  static const std::unique_ptr<Kernel> kernel = makeKernel();
  return *kernel;
}

LoadResult load(std::vector<std::byte> bytes, const std::string& name, const Kernel& kernel) {
  auto owned = std::make_shared<const std::vector<std::byte>>(std::move(bytes));
  std::span<const std::byte> view = *owned;
  return readBlueprint(view, name, owned, kernel);
}

std::string describe(const Diagnostics& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics.items()) out += formatDiagnostic(d) + "\n";
  return out;
}

const PluginLoadRecord& recordFor(const PluginHost& host, std::string_view fileName) {
  for (const auto& record : host.report()) {
    if (std::filesystem::path(record.file).filename() == fileName) return record;
  }
  throw std::invalid_argument("no load record for " + std::string(fileName));
}

}  // namespace isla::test
