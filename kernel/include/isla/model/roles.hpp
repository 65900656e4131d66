// SPDX-License-Identifier: MIT
// The layers the World needs by meaning, as kernel types with named, typed
// members. A section plugin says which role its section fills
// (SectionCodec::role) and converts its decoded content into the role's type
// (SectionCodec::fillRole); the reader keeps the result beside the section.
// The World asks a blueprint for a role, never for a tag or a field name, so
// a third party can fill a role from a section of its own.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "isla/model/polylines.hpp"
#include "isla/model/raster.hpp"

namespace isla {

// Raw height units (BLUEPRINT_FORMAT.md), X outer / Y inner: F32. Metres are
// raw x WorldSettings::heightScaleM.
struct HeightGrid {
  Raster raw;
};

// Biome ordinals (the enum table's "Biome"), U8.
struct BiomeGrid {
  Raster classes;
};

// Water body ids, U16; 0 where there is no water body.
struct WaterBodyIdGrid {
  Raster ids;
};

// Flat water surface codes, U16 (model/water_level.hpp).
struct WaterSurfaceGrid {
  Raster codes;
};

enum class WaterKind : std::uint8_t { Ocean, Lake, Unknown };
std::string_view waterKindName(WaterKind kind);  // "ocean", "lake", "unknown"

struct WaterBody {
  std::uint16_t id = 0;
  WaterKind kind = WaterKind::Unknown;
  float surfaceLevelRaw = 0;  // raw height units
};

struct WaterBodyTable {
  std::vector<WaterBody> bodies;  // as the section lists them
};

struct Town {
  float x = 0;  // pixels
  float y = 0;
  std::uint8_t tier = 0;  // the enum table's "TownTier" ordinal
  bool highwayNode = false;
};

struct TownList {
  std::vector<Town> towns;
};

// The road tiers of TERRAIN_WORLD_V1.md, in the order scenery lists them.
enum class RoadClass : std::uint8_t { Highway, Branch, Rugged, Trail };
inline constexpr std::array<RoadClass, 4> kRoadClasses{RoadClass::Highway, RoadClass::Branch,
                                                       RoadClass::Rugged, RoadClass::Trail};
std::string_view roadClassName(RoadClass road);  // "highway", "branch", "rugged", "trail"

struct RoadTier {
  RoadClass road = RoadClass::Highway;
  PolylineSet paths;  // pixel coordinates
};

// The alternatives are in Role's order.
using RoleContent = std::variant<HeightGrid, BiomeGrid, WaterBodyIdGrid, WaterSurfaceGrid,
                                 WaterBodyTable, TownList, RoadTier>;

enum class Role : std::uint8_t { Heights, BiomeClasses, WaterBodyIds, WaterSurface, WaterBodies, Towns, Roads };
inline constexpr std::size_t kRoleCount = std::variant_size_v<RoleContent>;

// "heights", "biome-classes", "water-body-ids", "water-surface",
// "water-bodies", "towns", "roads"
std::string_view roleName(Role role);

inline Role roleOf(const RoleContent& content) { return static_cast<Role>(content.index()); }

namespace detail {
template <class T, class... Alternatives>
constexpr std::size_t alternativeIndex(const std::variant<Alternatives...>*) {
  constexpr bool matches[] = {std::is_same_v<T, Alternatives>...};
  for (std::size_t i = 0; i < sizeof...(Alternatives); ++i) {
    if (matches[i]) return i;
  }
  return sizeof...(Alternatives);
}
}  // namespace detail

template <class T>
constexpr Role roleFor() {
  constexpr std::size_t index = detail::alternativeIndex<T>(static_cast<const RoleContent*>(nullptr));
  static_assert(index < kRoleCount, "not a role type");
  return static_cast<Role>(index);
}

// The element type of a grid role; nullopt for the roles that are not grids.
std::optional<ElementType> gridElementType(Role role);
// `raster` as the content of grid role `role`; throws std::invalid_argument
// when the role is no grid or the raster's type is not the role's.
RoleContent gridRole(Role role, Raster raster);

// A role holds one section's content, except the road tiers: one section a tier.
inline bool roleTakesSeveral(Role role) { return role == Role::Roads; }

// The roles every blueprint fills, whichever sections fill them:
// BLUEPRINT_FORMAT.md makes its heights and biomes mandatory.
inline constexpr std::array<Role, 2> kMandatoryRoles{Role::Heights, Role::BiomeClasses};

}  // namespace isla
