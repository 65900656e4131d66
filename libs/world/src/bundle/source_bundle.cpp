// SPDX-License-Identifier: MIT
// The archive's directory is checked whole before a byte is inflated: names,
// links, encryption, methods and declared sizes. Only then are the members
// inflated (CRC and actual size checked as they arrive), hashed and checked
// against their schemas.
#include "isla/bundle/source_bundle.hpp"

#include <boost/json/parse.hpp>

#include <algorithm>
#include <set>

#include "isla/document/json_schema.hpp"
#include "isla/json/strict_json.hpp"
#include "isla/base/relative_path.hpp"
#include "isla/publish/sha256.hpp"
#include "zip_archive.hpp"

namespace isla {

namespace {

constexpr const char* kRemake = "make the bundle again (isla-tool bundle make) or ask its author for an intact copy";

bool isJsonMember(std::string_view name) {
  return name == kMetadataMember || name == kRuntimeMember || name == kVegetationMember || name == kCatalogueMember;
}

bool isBlueprintMember(std::string_view name) { return name.ends_with(".dat") && name.find('/') == name.npos; }

class BundleCheck {
 public:
  BundleCheck(const std::string& bundle, Diagnostics& out) : bundle_(bundle), out_(out) {}

  void error(const std::string& code, std::string_view member, const std::string& message,
             const std::string& pointer = {}) {
    failed_ = true;
    out_.add(Diagnostic{.severity = Severity::Error, .code = code, .message = message,
                        .file = member.empty() ? bundle_ : memberLocation(bundle_, member), .pointer = pointer});
  }
  bool failed() const { return failed_; }

 private:
  const std::string& bundle_;
  Diagnostics& out_;
  bool failed_ = false;
};

std::string inQuotes(std::string_view name) { return "'" + std::string(name) + "'"; }

// Everything the central directory says, checked before anything is inflated.
void checkDirectory(const ZipReader& zip, BundleCheck& check) {
  std::set<std::string> seen;
  for (const ZipEntry& entry : zip.entries()) {
    const std::string member = inQuotes(entry.rawName);
    if (const std::string why = whyNotInside(entry.rawName); !why.empty()) {
      check.error("bundle.unsafe-path", {},
                  "member " + member + " " + why + "; a bundle's members are plain names at its top level: " + kRemake);
      continue;
    }
    if (!seen.insert(entry.rawName).second) {
      check.error("bundle.duplicate-member", {},
                  "member " + member + " occurs twice; which one is meant is ambiguous: " + kRemake);
    }
    if (entry.symlink()) {
      check.error("bundle.symlink-member", {},
                  "member " + member + " is a symbolic link; a bundle holds regular files only: " + kRemake);
    }
    if (entry.encrypted) {
      check.error("bundle.encrypted-member", {},
                  "member " + member + " is encrypted; bundles are not: make the bundle again without a password");
    }
    if (!entry.stored && !entry.deflated) {
      check.error("bundle.compression", {},
                  "member " + member + " uses a compression method other than stored or deflate: " + kRemake);
    }
    if (!isJsonMember(entry.rawName) && !isBlueprintMember(entry.rawName)) {
      check.error("bundle.unknown-member", {},
                  "member " + member + " is not part of a viewer bundle (metadata.json, runtime.json, "
                  "vegetation.json, catalogue.json and one blueprint .dat); remove it");
      continue;
    }
    const std::uint64_t limit = isBlueprintMember(entry.rawName) ? kMaxBlueprintMemberBytes : kMaxJsonMemberBytes;
    if (entry.size > limit) {
      check.error("bundle.member-too-large", {},
                  "member " + member + " declares " + std::to_string(entry.size) + " bytes, more than the " +
                      std::to_string(limit) + " such a member may hold; refused unread as a likely ZIP bomb");
    } else if (entry.size > kRatioCheckedFromBytes && entry.size / std::max<std::uint64_t>(entry.compressedSize, 1) >
                                                          kMaxCompressionRatio) {
      check.error("bundle.compression-ratio", {},
                  "member " + member + " declares " + std::to_string(entry.size) + " bytes from " +
                      std::to_string(entry.compressedSize) + " compressed, a ratio above " +
                      std::to_string(kMaxCompressionRatio) + "; refused unread as a likely ZIP bomb");
    }
  }
}

std::optional<std::size_t> indexOf(const ZipReader& zip, std::string_view name) {
  const auto& entries = zip.entries();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].rawName == name) return i;
  }
  return std::nullopt;
}

struct Inflated {
  std::vector<std::byte> bytes;
  std::string sha256;
};

std::optional<Inflated> inflateMember(const ZipReader& zip, std::size_t index, BundleCheck& check) {
  const std::string& name = zip.entries()[index].rawName;
  try {
    Inflated member{zip.inflate(index), {}};
    member.sha256 = sha256Hex(member.bytes);
    return member;
  } catch (const ZipError& error) {
    switch (error.kind()) {
      case ZipError::Kind::Crc:
        check.error("bundle.crc", name,
                    "the member's bytes do not match its CRC-32; the bundle is damaged: " + std::string(kRemake));
        break;
      case ZipError::Kind::Oversize:
        check.error("bundle.member-too-large", name,
                    "the member " + std::string(error.what()) + "; refused as a likely ZIP bomb: " + kRemake);
        break;
      case ZipError::Kind::Damaged:
        check.error("bundle.damaged", name,
                    "the member cannot be inflated (" + std::string(error.what()) + "); the bundle is damaged or "
                    "truncated: " + kRemake);
        break;
    }
    return std::nullopt;
  }
}

// A JSON member parsed and checked against its $defs entry.
std::optional<boost::json::value> jsonMember(const Inflated& member, std::string_view name,
                                             std::string_view definition, const JsonSchema& schema,
                                             BundleCheck& check) {
  const std::string_view text(reinterpret_cast<const char*>(member.bytes.data()), member.bytes.size());
  std::vector<JsonProblem> problems;
  auto document = parseStrictJson(text, problems);
  for (const auto& problem : problems) check.error("bundle.bad-json", name, problem.message, problem.pointer);
  if (!document) return std::nullopt;
  bool valid = true;
  for (const auto& violation : schema.validate(*document, definition)) {
    check.error("bundle.schema", name, violation.message + " (source-v1.schema.json $defs/" + std::string(definition) + ")",
                violation.pointer);
    valid = false;
  }
  if (!valid) return std::nullopt;
  return document;
}

std::string text(const boost::json::value& value) { return std::string(value.as_string()); }
double number(const boost::json::value& value) { return value.to_number<double>(); }

BundleMetadata metadataOf(const boost::json::object& root) {
  const auto& generator = root.at("generator").as_object();
  return BundleMetadata{text(root.at("bundle_id")), text(root.at("display_name")), text(generator.at("name")),
                        text(generator.at("version")), text(root.at("blueprint"))};
}

BundleRuntime runtimeOf(const boost::json::object& root) {
  return BundleRuntime{root.at("map_size").to_number<std::int32_t>(), number(root.at("height_scale_m")),
                       number(root.at("spacing_m"))};
}

Vegetation vegetationOf(const boost::json::object& root) {
  Vegetation vegetation;
  for (const auto& value : root.at("regions").as_array()) {
    const auto& r = value.as_object();
    vegetation.regions.push_back(VegetationRegion{text(r.at("id")), text(r.at("kind")), number(r.at("min_x")),
                                                  number(r.at("min_y")), number(r.at("max_x")),
                                                  number(r.at("max_y"))});
  }
  for (const auto& value : root.at("instances").as_array()) {
    const auto& v = value.as_object();
    VegetationInstance instance;
    instance.species = text(v.at("species"));
    if (const auto* model = v.if_contains("model")) instance.model = text(*model);
    instance.x = number(v.at("x"));
    instance.y = number(v.at("y"));
    instance.rotationDeg = number(v.at("rotation_deg"));
    instance.scale = number(v.at("scale"));
    instance.visible = v.at("visible").as_bool();
    if (const auto* region = v.if_contains("region")) instance.region = text(*region);
    vegetation.instances.push_back(std::move(instance));
  }
  return vegetation;
}

Catalogue catalogueOf(const boost::json::object& root) {
  Catalogue catalogue;
  for (const auto& value : root.at("assets").as_array()) {
    const auto& a = value.as_object();
    catalogue.assets.push_back(CatalogueAsset{text(a.at("id")), text(a.at("category")), text(a.at("resource"))});
  }
  for (const auto& [category, resource] : root.at("category_defaults").as_object()) {
    catalogue.categoryDefaults.emplace(std::string(category), text(resource));
  }
  return catalogue;
}

// Ids a schema cannot keep unique: vegetation regions and catalogue assets.
template <class Items, class Id>
void checkUniqueIds(const Items& items, Id id, std::string_view member, const std::string& array, BundleCheck& check) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!seen.insert(id(items[i])).second) {
      check.error("bundle.duplicate-id", member, "id " + inQuotes(id(items[i])) + " is used twice in " + array +
                                                     "; each entry needs its own",
                  "/" + array + "/" + std::to_string(i) + "/id");
    }
  }
}

// A footprint a schema cannot order: min_x <= max_x and min_y <= max_y.
void checkRegionBounds(const std::vector<VegetationRegion>& regions, std::string_view member, BundleCheck& check) {
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const VegetationRegion& r = regions[i];
    if (r.minX <= r.maxX && r.minY <= r.maxY) continue;
    check.error("bundle.region-bounds", member,
                "region " + inQuotes(r.id) + " has a minimum above its maximum; give min_x <= max_x and "
                "min_y <= max_y", "/regions/" + std::to_string(i));
  }
}

}  // namespace

std::string memberLocation(const std::string& bundle, std::string_view member) {
  return bundle + "!" + std::string(member);
}

bool isBundlePath(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return extension == ".zip";
}

std::optional<SourceBundle> readBundle(std::span<const std::byte> archive, const std::string& name,
                                       Diagnostics& out) {
  BundleCheck check(name, out);
  std::optional<ZipReader> zip;
  try {
    zip.emplace(archive);
  } catch (const ZipUnavailable& error) {
    check.error("bundle.no-libzip", {}, error.what());
    return std::nullopt;
  } catch (const ZipError& error) {
    check.error("bundle.damaged", {},
                "not a complete ZIP archive (" + std::string(error.what()) + "); it is truncated or not a bundle: " +
                    kRemake);
    return std::nullopt;
  }
  checkDirectory(*zip, check);
  if (check.failed()) return std::nullopt;

  for (const std::string_view required : {kMetadataMember, kRuntimeMember}) {
    if (!indexOf(*zip, required)) {
      check.error("bundle.missing-member", {}, "the bundle has no " + std::string(required) + "; every bundle needs "
                                               "metadata.json and runtime.json: " + kRemake);
    }
  }
  if (check.failed()) return std::nullopt;

  const JsonSchema schema = JsonSchema::shipped("source-v1.schema.json");
  SourceBundle bundle;
  std::optional<boost::json::value> metadata;
  if (const auto inflated = inflateMember(*zip, *indexOf(*zip, kMetadataMember), check)) {
    metadata = jsonMember(*inflated, kMetadataMember, "metadata", schema, check);
  }
  if (!metadata) return std::nullopt;
  bundle.metadata = metadataOf(metadata->as_object());
  const std::string& blueprint = bundle.metadata.blueprint;
  if (!indexOf(*zip, blueprint)) {
    check.error("bundle.no-blueprint", kMetadataMember,
                "names the blueprint member " + inQuotes(blueprint) + ", which the bundle does not hold; add it or "
                "correct the name", "/blueprint");
  }
  for (const ZipEntry& entry : zip->entries()) {
    if (isBlueprintMember(entry.rawName) && entry.rawName != blueprint) {
      check.error("bundle.unknown-member", {}, "member " + inQuotes(entry.rawName) + " is a second blueprint; "
                  "metadata.json names " + inQuotes(blueprint) + " and a bundle holds one: remove the other");
    }
  }
  if (check.failed()) return std::nullopt;

  for (std::size_t i = 0; i < zip->entries().size(); ++i) {
    const std::string& member = zip->entries()[i].rawName;
    auto inflated = inflateMember(*zip, i, check);
    if (!inflated) continue;
    bundle.members.push_back(BundleMember{member, inflated->sha256});
    if (member == blueprint) {
      bundle.blueprint = std::make_shared<const std::vector<std::byte>>(std::move(inflated->bytes));
    } else if (member == kRuntimeMember) {
      if (const auto document = jsonMember(*inflated, member, "runtime", schema, check)) {
        bundle.runtime = runtimeOf(document->as_object());
      }
    } else if (member == kVegetationMember) {
      if (const auto document = jsonMember(*inflated, member, "vegetation", schema, check)) {
        bundle.vegetation = vegetationOf(document->as_object());
        checkUniqueIds(bundle.vegetation->regions, [](const VegetationRegion& r) { return r.id; }, member,
                       "regions", check);
        checkRegionBounds(bundle.vegetation->regions, member, check);
      }
    } else if (member == kCatalogueMember) {
      if (const auto document = jsonMember(*inflated, member, "catalogue", schema, check)) {
        bundle.catalogue = catalogueOf(document->as_object());
        checkUniqueIds(bundle.catalogue->assets, [](const CatalogueAsset& a) { return a.id; }, member, "assets",
                       check);
      }
    }
  }
  if (check.failed()) return std::nullopt;
  std::sort(bundle.members.begin(), bundle.members.end(),
            [](const BundleMember& a, const BundleMember& b) { return a.name < b.name; });
  bundle.blueprintName = memberLocation(name, blueprint);
  return bundle;
}

}  // namespace isla
