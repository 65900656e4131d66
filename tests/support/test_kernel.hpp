// SPDX-License-Identifier: MIT
// A kernel with every shipped plugin linked in, for tests.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include <isla/container/blueprint_reader.hpp>
#include <isla/kernel.hpp>

namespace isla::test {

// The source tree's enum table.
EnumTable shippedEnums();
// A fresh kernel with every built-in plugin registered.
std::unique_ptr<Kernel> makeKernel(EnumTable enums = shippedEnums());
// One such kernel for the whole test binary.
const Kernel& sharedKernel();

// Reads `bytes` as a file named `name`; the blueprint keeps a copy alive.
LoadResult load(std::vector<std::byte> bytes, const std::string& name = "test.dat",
                const Kernel& kernel = sharedKernel());

// Every diagnostic, formatted, for test failure messages.
std::string describe(const Diagnostics& diagnostics);

// The host's record of the file named `fileName` (its last part); throws
// std::invalid_argument when it has none.
const PluginLoadRecord& recordFor(const PluginHost& host, std::string_view fileName);

}  // namespace isla::test
