// SPDX-License-Identifier: MIT
// The World's terrain as Wavefront OBJ text and its MTL, streamed one row of
// samples at a time.
#pragma once

#include <string_view>

#include <isla/io/byte_writer.hpp>
#include <isla/base/progress.hpp>
#include <isla/world/world.hpp>

#include "mesh_options.hpp"

namespace isla_obj {

inline constexpr std::string_view kObjFile = "terrain.obj";
inline constexpr std::string_view kMtlFile = "terrain.mtl";

// Throws std::invalid_argument when the options leave no cell to draw or
// more vertices than 32-bit indices reach.
void writeObj(isla::ByteSink& out, const isla::World& world, const MeshOptions& options, isla::Progress& progress);
void writeMtl(isla::ByteSink& out, const isla::World& world);

}  // namespace isla_obj
