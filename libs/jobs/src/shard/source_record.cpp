// SPDX-License-Identifier: MIT
#include "source_record.hpp"

#include "isla/document/bits_text.hpp"

namespace isla {

namespace {

void writePosition(JsonWriter& json, std::string_view key, const Position& position) {
  json.key(key);
  json.beginCompactArray();
  for (const double value : position) json.value(bitsText(value));
  json.endArray();
}

Position readPosition(const RecordReader& reader, const boost::json::object& in, std::string_view key,
                      const std::string& pointer) {
  const auto& values = reader.array(in, key, pointer);
  if (values.size() != 3) reader.fail(pointerTo(pointer, key), "three coordinates are expected");
  Position position{};
  for (std::size_t i = 0; i < 3; ++i) position[i] = reader.bits(values[i], pointerTo(pointer, key, i));
  return position;
}

// Where a town or a plant stands and how: shared by entities and vegetation.
void writePlacement(JsonWriter& json, const Position& position, double rotationDeg, double scale, bool visible) {
  writePosition(json, "position", position);
  writeBits(json, "rotation_deg", rotationDeg);
  writeBits(json, "scale", scale);
  json.member("visible", visible);
}

// A footprint in world metres: of a vegetation region, of a water region.
void writeBounds(JsonWriter& json, double minX, double minZ, double maxX, double maxZ) {
  writeBits(json, "min_x", minX);
  writeBits(json, "min_z", minZ);
  writeBits(json, "max_x", maxX);
  writeBits(json, "max_z", maxZ);
}

template <class Items, class Write>
void writeList(JsonWriter& json, std::string_view key, const Items& items, const Write& write) {
  json.key(key);
  json.beginArray();
  for (const auto& item : items) {
    json.beginObject();
    write(item);
    json.endObject();
  }
  json.endArray();
}

template <class Read>
auto readList(const RecordReader& reader, const boost::json::object& in, std::string_view key,
              const std::string& pointer, const Read& read) {
  std::vector<decltype(read(std::declval<const boost::json::object&>(), std::string()))> items;
  const auto& list = reader.array(in, key, pointer);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string at = pointerTo(pointer, key, i);
    items.push_back(read(reader.object(list[i], at), at));
  }
  return items;
}

void writeScenery(JsonWriter& json, const Scenery& scenery) {
  json.key("scenery");
  json.beginObject();
  writeList(json, "entities", scenery.entities, [&](const SceneryEntity& e) {
    json.member("id", e.id);
    json.member("source_entity_id", e.sourceEntityId);
    json.member("kind", e.kind);
    json.member("tier", e.tier);
    json.member("highway_node", e.highwayNode);
    writePlacement(json, e.position, e.rotationDeg, e.scale, e.visible);
    json.member("asset_id", e.assetId);
  });
  writeList(json, "roads", scenery.roads, [&](const SceneryRoad& r) {
    json.member("id", r.id);
    json.member("source_entity_id", r.sourceEntityId);
    json.member("tier", r.tier);
    // One text for the polyline, 48 hex digits a point: a road has hundreds.
    std::string bits;
    for (const Position& point : r.points) {
      for (const double value : point) bits += bitsText(value);
    }
    json.member("points_bits", bits);
  });
  writeList(json, "vegetation", scenery.vegetation, [&](const SceneryVegetation& v) {
    json.member("id", v.id);
    json.member("source_index", v.sourceIndex);
    json.member("species", v.species);
    json.member("model_reference_id", v.modelReferenceId);
    writePlacement(json, v.position, v.rotationDeg, v.scale, v.visible);
    writeOptional(json, "source_region_id", v.sourceRegionId);
    writeOptional(json, "source_region_scope", v.sourceRegionScope);
  });
  writeList(json, "regions", scenery.regions, [&](const SceneryRegion& r) {
    json.member("id", r.id);
    json.member("source_entity_id", r.sourceEntityId);
    json.member("kind", r.kind);
    writeBounds(json, r.minX, r.minZ, r.maxX, r.maxZ);
  });
  writeList(json, "assets", scenery.assets, [&](const auto& entry) {
    const SceneryAsset& a = entry.second;
    json.member("id", a.id);
    json.member("source_asset_id", a.sourceAssetId);
    json.member("namespace", a.ns);
    writeOptional(json, "category", a.category);
    writeOptional(json, "resource", a.resource);
    json.member("resolution", a.resolution);
  });
  writeTexts(json, "category_defaults", OptionText(scenery.categoryDefaults.begin(), scenery.categoryDefaults.end()));
  json.endObject();
}

Scenery readScenery(const RecordReader& reader, const boost::json::object& in, const std::string& pointer) {
  Scenery scenery;
  scenery.entities = readList(reader, in, "entities", pointer, [&](const boost::json::object& o, const std::string& at) {
    return SceneryEntity{reader.text(o, "id", at), reader.text(o, "source_entity_id", at), reader.text(o, "kind", at),
                         reader.text(o, "tier", at), reader.flag(o, "highway_node", at),
                         readPosition(reader, o, "position", at), reader.bits(o, "rotation_deg", at),
                         reader.bits(o, "scale", at), reader.flag(o, "visible", at), reader.text(o, "asset_id", at)};
  });
  scenery.roads = readList(reader, in, "roads", pointer, [&](const boost::json::object& o, const std::string& at) {
    SceneryRoad road{reader.text(o, "id", at), reader.text(o, "source_entity_id", at), reader.text(o, "tier", at), {}};
    const std::string bits = reader.text(o, "points_bits", at);
    const std::string pointsAt = pointerTo(at, "points_bits");
    if (bits.size() % 48 != 0) reader.fail(pointsAt, "48 hex digits a point are expected");
    road.points.reserve(bits.size() / 48);
    for (std::size_t i = 0; i < bits.size(); i += 48) {
      Position point{};
      for (std::size_t axis = 0; axis < 3; ++axis) {
        point[axis] = reader.bits(std::string_view(bits).substr(i + 16 * axis, 16), pointsAt);
      }
      road.points.push_back(point);
    }
    return road;
  });
  scenery.vegetation =
      readList(reader, in, "vegetation", pointer, [&](const boost::json::object& o, const std::string& at) {
        return SceneryVegetation{reader.text(o, "id", at),
                                 static_cast<std::size_t>(reader.count(o, "source_index", at)),
                                 reader.text(o, "species", at),
                                 reader.text(o, "model_reference_id", at),
                                 readPosition(reader, o, "position", at),
                                 reader.bits(o, "rotation_deg", at),
                                 reader.bits(o, "scale", at),
                                 reader.flag(o, "visible", at),
                                 reader.optionalText(o, "source_region_id", at),
                                 reader.optionalText(o, "source_region_scope", at)};
      });
  scenery.regions = readList(reader, in, "regions", pointer, [&](const boost::json::object& o, const std::string& at) {
    return SceneryRegion{reader.text(o, "id", at), reader.text(o, "source_entity_id", at), reader.text(o, "kind", at),
                         reader.bits(o, "min_x", at), reader.bits(o, "min_z", at), reader.bits(o, "max_x", at),
                         reader.bits(o, "max_z", at)};
  });
  for (SceneryAsset& asset :
       readList(reader, in, "assets", pointer, [&](const boost::json::object& o, const std::string& at) {
         return SceneryAsset{reader.text(o, "id", at), reader.text(o, "source_asset_id", at),
                             reader.text(o, "namespace", at), reader.optionalText(o, "category", at),
                             reader.optionalText(o, "resource", at), reader.text(o, "resolution", at)};
       })) {
    const std::string id = asset.id;
    scenery.assets.emplace(id, std::move(asset));
  }
  for (auto& [name, value] : reader.texts(in, "category_defaults", pointer)) scenery.categoryDefaults.emplace(name, value);
  return scenery;
}

FourCC tagOf(const std::string& text) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4 && i < text.size(); ++i) value |= static_cast<std::uint32_t>(static_cast<unsigned char>(text[i])) << (8 * i);
  return FourCC(value);
}

void writeDiagnostic(JsonWriter& json, const Diagnostic& d) {
  json.member("severity", d.severity == Severity::Warning ? "warning" : d.severity == Severity::Info ? "info" : "error");
  json.member("code", d.code);
  json.member("message", d.message);
  json.member("file", d.file);
  writeOptional(json, "tag", d.tag ? std::optional(d.tag->text()) : std::nullopt);
  json.key("offset");
  if (d.offset) {
    json.value(*d.offset);
  } else {
    json.value(nullptr);
  }
  json.key("pixel");
  if (d.pixel) {
    json.beginCompactArray();
    json.value(d.pixel->x);
    json.value(d.pixel->y);
    json.endArray();
  } else {
    json.value(nullptr);
  }
  json.member("pointer", d.pointer);
  json.member("origin", d.origin);
}

Diagnostic readDiagnostic(const RecordReader& reader, const boost::json::object& o, const std::string& at) {
  Diagnostic d;
  const std::string severity = reader.text(o, "severity", at);
  if (severity != "warning" && severity != "info") reader.fail(pointerTo(at, "severity"), "'warning' or 'info' is expected");
  d.severity = severity == "warning" ? Severity::Warning : Severity::Info;
  d.code = reader.text(o, "code", at);
  d.message = reader.text(o, "message", at);
  d.file = reader.text(o, "file", at);
  if (const auto tag = reader.optionalText(o, "tag", at)) d.tag = tagOf(*tag);
  if (!reader.at(o, "offset", at).is_null()) d.offset = reader.count(o, "offset", at);
  if (const auto& pixel = reader.at(o, "pixel", at); !pixel.is_null()) {
    const auto* xy = pixel.if_array();
    if (!xy || xy->size() != 2 || !(*xy)[0].is_int64() || !(*xy)[1].is_int64()) {
      reader.fail(pointerTo(at, "pixel"), "[x, y] is expected");
    }
    d.pixel = PixelRef{(*xy)[0].get_int64(), (*xy)[1].get_int64()};
  }
  d.pointer = reader.text(o, "pointer", at);
  d.origin = reader.text(o, "origin", at);
  return d;
}

}  // namespace

void writeSourceRecord(JsonWriter& json, const ShardRecord::Source& source) {
  json.beginObject();
  json.member("index", source.index);
  json.member("id", source.id);
  json.member("file", source.file);
  json.member("bytes", source.bytes);
  json.member("modified_ns", source.modifiedNs);
  json.member("sha256", source.sha256);
  json.member("format", sourceFormatName(source.format));
  writeOptional(json, "bundle_id", source.bundleId);
  writeList(json, "members", source.members, [&](const BundleMember& m) {
    json.member("name", m.name);
    json.member("sha256", m.sha256);
  });
  json.key("borders");
  json.beginObject();
  for (const Side side : kSides) json.member(sideName(side), source.borders[static_cast<std::size_t>(side)]);
  json.endObject();
  writeList(json, "diagnostics", source.diagnostics, [&](const Diagnostic& d) { writeDiagnostic(json, d); });
  writeList(json, "water_warnings", source.waterWarnings, [&](const WorldWarning& w) {
    json.member("code", w.code);
    json.member("subject", w.subject);
    json.member("message", w.message);
  });
  writeList(json, "water_regions", source.waterRegions, [&](const WaterRegion& r) {
    json.member("id", r.id);
    json.member("body_id", r.bodyId);
    json.member("kind", r.kind);
    writeBounds(json, r.minX, r.minZ, r.maxX, r.maxZ);
    writeBits(json, "level_m", r.levelM);
  });
  writeScenery(json, source.scenery);
  json.endObject();
}

ShardRecord::Source readSourceRecord(const RecordReader& reader, const boost::json::object& in,
                                     const std::string& pointer) {
  ShardRecord::Source source;
  source.index = static_cast<std::size_t>(reader.count(in, "index", pointer));
  source.id = reader.text(in, "id", pointer);
  source.file = reader.text(in, "file", pointer);
  source.bytes = reader.count(in, "bytes", pointer);
  source.modifiedNs = reader.integer(in, "modified_ns", pointer);
  source.sha256 = reader.text(in, "sha256", pointer);
  const std::string format = reader.text(in, "format", pointer);
  if (format != sourceFormatName(SourceFormat::V2) && format != sourceFormatName(SourceFormat::LegacyV1)) {
    reader.fail(pointerTo(pointer, "format"), "a blueprint format is expected");
  }
  source.format = format == sourceFormatName(SourceFormat::V2) ? SourceFormat::V2 : SourceFormat::LegacyV1;
  source.bundleId = reader.optionalText(in, "bundle_id", pointer);
  source.members = readList(reader, in, "members", pointer, [&](const boost::json::object& o, const std::string& at) {
    return BundleMember{reader.text(o, "name", at), reader.text(o, "sha256", at)};
  });
  const auto& borders = reader.object(in, "borders", pointer);
  for (const Side side : kSides) {
    source.borders[static_cast<std::size_t>(side)] = reader.text(borders, sideName(side), pointerTo(pointer, "borders"));
  }
  source.diagnostics = readList(reader, in, "diagnostics", pointer, [&](const boost::json::object& o, const std::string& at) {
    return readDiagnostic(reader, o, at);
  });
  source.waterWarnings =
      readList(reader, in, "water_warnings", pointer, [&](const boost::json::object& o, const std::string& at) {
        return WorldWarning{reader.text(o, "code", at), reader.text(o, "subject", at), reader.text(o, "message", at)};
      });
  source.waterRegions =
      readList(reader, in, "water_regions", pointer, [&](const boost::json::object& o, const std::string& at) {
        const std::uint64_t body = reader.count(o, "body_id", at);
        if (body > 0xffff) reader.fail(pointerTo(at, "body_id"), "a water body id of at most 65535 is expected");
        WaterRegion region;
        region.id = reader.text(o, "id", at);
        region.bodyId = static_cast<std::uint16_t>(body);
        region.kind = reader.text(o, "kind", at);
        region.minX = reader.bits(o, "min_x", at);
        region.minZ = reader.bits(o, "min_z", at);
        region.maxX = reader.bits(o, "max_x", at);
        region.maxZ = reader.bits(o, "max_z", at);
        region.levelM = reader.bits(o, "level_m", at);
        return region;
      });
  source.scenery = readScenery(reader, reader.object(in, "scenery", pointer), pointerTo(pointer, "scenery"));
  return source;
}

}  // namespace isla
