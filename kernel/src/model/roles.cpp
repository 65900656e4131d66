// SPDX-License-Identifier: MIT
#include "isla/model/roles.hpp"

#include <stdexcept>
#include <string>

namespace isla {

std::string_view waterKindName(WaterKind kind) {
  switch (kind) {
    case WaterKind::Ocean: return "ocean";
    case WaterKind::Lake: return "lake";
    case WaterKind::Unknown: return "unknown";
  }
  return "unknown";
}

std::string_view roadClassName(RoadClass road) {
  switch (road) {
    case RoadClass::Highway: return "highway";
    case RoadClass::Branch: return "branch";
    case RoadClass::Rugged: return "rugged";
    case RoadClass::Trail: return "trail";
  }
  return "?";
}

std::string_view roleName(Role role) {
  switch (role) {
    case Role::Heights: return "heights";
    case Role::BiomeClasses: return "biome-classes";
    case Role::WaterBodyIds: return "water-body-ids";
    case Role::WaterSurface: return "water-surface";
    case Role::WaterBodies: return "water-bodies";
    case Role::Towns: return "towns";
    case Role::Roads: return "roads";
  }
  return "?";
}

std::optional<ElementType> gridElementType(Role role) {
  switch (role) {
    case Role::Heights: return ElementType::F32;
    case Role::BiomeClasses: return ElementType::U8;
    case Role::WaterBodyIds: return ElementType::U16;
    case Role::WaterSurface: return ElementType::U16;
    default: return std::nullopt;
  }
}

RoleContent gridRole(Role role, Raster raster) {
  if (gridElementType(role) != raster.type()) {
    throw std::invalid_argument("a " + std::string(elementTypeName(raster.type())) + " grid cannot fill the " +
                                std::string(roleName(role)) + " role");
  }
  switch (role) {
    case Role::Heights: return HeightGrid{std::move(raster)};
    case Role::BiomeClasses: return BiomeGrid{std::move(raster)};
    case Role::WaterBodyIds: return WaterBodyIdGrid{std::move(raster)};
    default: return WaterSurfaceGrid{std::move(raster)};
  }
}

}  // namespace isla
