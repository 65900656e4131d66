// SPDX-License-Identifier: MIT
// The shared edges of the lattice with their canonical heights and normals.
// Internal to the kernel.
#pragma once

#include "isla/world/world.hpp"

namespace isla {

// Every edge between lattice neighbours, in lattice order, east before
// south; fills each patch's `edges`. Needs World::borders.
void buildEdges(World& world);

}  // namespace isla
