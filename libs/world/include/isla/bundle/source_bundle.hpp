// SPDX-License-Identifier: MIT
// A viewer bundle (source-v1.schema.json): a ZIP holding one blueprint and
// its metadata, runtime, vegetation and catalogue members, read in place and
// checked member by member before anything is built from it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/diagnostics.hpp"

namespace isla {

inline constexpr std::string_view kMetadataMember = "metadata.json";
inline constexpr std::string_view kRuntimeMember = "runtime.json";
inline constexpr std::string_view kVegetationMember = "vegetation.json";
inline constexpr std::string_view kCatalogueMember = "catalogue.json";

// What a member may inflate to, checked against the size the archive
// declares before inflating and against the bytes as they arrive. The
// blueprint limit holds the largest blueprint the reader accepts (MapSize
// 32768); a member above kRatioCheckedFromBytes may not declare more than
// kMaxCompressionRatio times its compressed size (deflate's own best is
// about 1032, so only a bomb comes near it).
inline constexpr std::uint64_t kMaxJsonMemberBytes = std::uint64_t{256} << 20;
inline constexpr std::uint64_t kMaxBlueprintMemberBytes = std::uint64_t{16} << 30;
inline constexpr std::uint64_t kRatioCheckedFromBytes = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kMaxCompressionRatio = 500;

struct BundleMember {
  std::string name;
  std::string sha256;  // of the member's original (inflated) bytes
};

struct BundleMetadata {
  std::string bundleId;
  std::string displayName;
  std::string generatorName;
  std::string generatorVersion;
  std::string blueprint;  // the member holding the blueprint
};

struct BundleRuntime {
  std::int32_t mapSize = 0;
  double heightScaleM = 0;
  double spacingM = 0;
};

struct VegetationRegion {
  std::string id;    // as the bundle names it
  std::string kind;  // "forest", "jungle", ...
  double minX = 0, minY = 0, maxX = 0, maxY = 0;  // blueprint pixels
};

struct VegetationInstance {
  std::string species;
  std::optional<std::string> model;
  double x = 0, y = 0;  // blueprint pixels
  double rotationDeg = 0;
  double scale = 1;
  bool visible = true;
  std::optional<std::string> region;
};

struct Vegetation {
  std::vector<VegetationRegion> regions;
  std::vector<VegetationInstance> instances;  // the source index is the position here
};

struct CatalogueAsset {
  std::string id;
  std::string category;
  std::string resource;
};

struct Catalogue {
  std::vector<CatalogueAsset> assets;
  std::map<std::string, std::string> categoryDefaults;
};

struct SourceBundle {
  BundleMetadata metadata;
  BundleRuntime runtime;
  std::optional<Vegetation> vegetation;
  std::optional<Catalogue> catalogue;
  std::vector<BundleMember> members;  // every member, sorted by name
  std::shared_ptr<const std::vector<std::byte>> blueprint;  // the inflated blueprint member
  std::string blueprintName;  // "<bundle>!<member>", the name its diagnostics carry
};

// The members of a bundle to write; the JSON members are their text.
struct BundleContents {
  std::string metadata;
  std::string runtime;
  std::optional<std::string> catalogue;
  std::optional<std::string> vegetation;
  std::string blueprintMember;  // as metadata.json names it
  std::span<const std::byte> blueprint;
};

// The bundle's bytes: metadata, runtime, catalogue, vegetation, then the
// blueprint, deflated, with fixed timestamps and modes, so that the same
// contents give the same bytes. Check them with readBundle before use.
std::vector<std::byte> writeBundle(const BundleContents& contents);

// Reads and checks a bundle whose bytes are `archive` (the file `name`):
// the archive's safety (see docs/viewer-bundle.md) before anything is
// inflated, then each member's CRC and schema. Every problem is a diagnostic
// naming the bundle and its member; returns nullopt when there is any error.
std::optional<SourceBundle> readBundle(std::span<const std::byte> archive, const std::string& name,
                                       Diagnostics& out);

// "<bundle>!<member>": where a member's diagnostics point.
std::string memberLocation(const std::string& bundle, std::string_view member);

// A bundle's path by its extension: ".zip", in any case.
bool isBundlePath(const std::filesystem::path& path);

}  // namespace isla
