// SPDX-License-Identifier: MIT
// What the benchmarks' own programs share: a blueprint built into a 1 x 1
// World as `isla-tool export FILE.dat` builds it.
#pragma once

#include <filesystem>

#include <isla/kernel.hpp>
#include <isla/world/world.hpp>

namespace isla::bench {

// Throws std::runtime_error when the blueprint does not load.
World blueprintWorld(const Kernel& kernel, const std::filesystem::path& blueprint);

}  // namespace isla::bench
