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

#include "isla/diagnostics.hpp"

namespace isla {

inline constexpr std::string_view kMetadataMember = "metadata.json";
inline constexpr std::string_view kRuntimeMember = "runtime.json";
inline constexpr std::string_view kVegetationMember = "vegetation.json";
inline constexpr std::string_view kCatalogueMember = "catalogue.json";

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
  std::vector<BundleMember> members;  // every member, by name
  std::shared_ptr<const std::vector<std::byte>> blueprint;  // the inflated blueprint member
  std::string blueprintName;  // "<bundle>!<member>", the name its diagnostics carry
};

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
