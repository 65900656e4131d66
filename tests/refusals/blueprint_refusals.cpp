// SPDX-License-Identifier: MIT
// A blueprint breaking each reader, section and blueprint-validator rule:
// the test support's sample with one thing changed.
#include <cmath>
#include <fstream>
#include <limits>

#include "blueprint_builder.hpp"
#include "refusal_cases.hpp"
#include "sample_blueprint.hpp"
#include "tool_runner.hpp"
#include "truncate_on_map.hpp"

namespace isla::test {

namespace {

namespace fs = std::filesystem;
using Arguments = std::vector<std::string>;

// `isla-tool validate` on `bytes` written as dir/bad.dat, then `extra`.
Arguments validate(const fs::path& dir, const std::vector<std::byte>& bytes, Arguments extra = {}) {
  writeFile(dir / "bad.dat", bytes);
  Arguments arguments{"validate", (dir / "bad.dat").string()};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  return arguments;
}

// The sample, changed by `change` before encoding.
template <typename Change>
RefusalCase sample(std::string code, Change change) {
  return {std::move(code), [change](const fs::path& dir) {
            SampleBlueprint s = makeSample();
            change(s);
            return validate(dir, encode(s).v2());
          }};
}

// The sample's sections, changed by `change`.
template <typename Change>
RefusalCase sections(std::string code, Change change) {
  return {std::move(code), [change](const fs::path& dir) {
            BlueprintBuilder builder = encode(makeSample());
            change(builder);
            return validate(dir, builder.v2());
          }};
}

// Raw bytes, not a blueprint the builder makes.
RefusalCase bytes(std::string code, std::vector<std::byte> content) {
  return {std::move(code), [content](const fs::path& dir) { return validate(dir, content); }};
}

std::vector<std::byte> flat(const ByteWriter& writer) { return writer.flatten(); }

std::vector<std::byte> header(std::uint32_t version) {
  ByteWriter out;
  out.bytes(toBytes("ISLA"));
  out.u32(version);
  return flat(out);
}

// PRMS up to its first string, whose encoded length prefix and bytes follow.
std::vector<std::byte> paramsWithString(std::initializer_list<std::uint8_t> string) {
  const SampleBlueprint s = makeSample();
  ByteWriter out;
  out.i32(s.worldSeed);
  out.i32(s.mapSize);
  for (const float value : {s.craterRadius, s.densityMultiplier, s.impactCenterX, s.impactCenterY}) out.f32(value);
  for (const std::uint8_t byte : string) out.u8(byte);
  return flat(out);
}

std::vector<std::byte> i32s(std::initializer_list<std::int32_t> values) {
  ByteWriter out;
  for (const std::int32_t value : values) out.i32(value);
  return flat(out);
}

std::size_t pixel(const SampleBlueprint& s, std::int64_t x, std::int64_t y) {
  return static_cast<std::size_t>(x * s.mapSize + y);
}

// The sample's lake (id 2) lies in x 85..100, y 120..135; the map's centre is land.
void cutLake(SampleBlueprint& s) {
  for (std::int64_t y = 120; y <= 135; ++y) {
    const auto i = pixel(s, 93, y);
    s.waterIds[i] = 0;
    s.waterSurface[i] = 0;
    s.biomes[i] = 3;  // Grassland
  }
}

void relabelEast(SampleBlueprint& s, std::uint16_t id) {
  for (std::int64_t x = 94; x <= 100; ++x) {
    for (std::int64_t y = 120; y <= 135; ++y) {
      if (s.waterIds[pixel(s, x, y)] != 0) s.waterIds[pixel(s, x, y)] = id;
    }
  }
}

// The directory of the shipped plugins but `left`, linked one by one.
fs::path pluginsWithout(const fs::path& dir, const std::string& left) {
  const fs::path shipped = toolPath().parent_path().parent_path() / "lib" / "isla-tool" / "plugins";
  const fs::path chosen = dir / "plugins";
  fs::create_directory(chosen);
  for (const auto& entry : fs::directory_iterator(shipped)) {
    if (entry.path().stem() != left) fs::create_symlink(entry.path(), chosen / entry.path().filename());
  }
  return chosen;
}

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
// Offsets in TCRV v5: u16 version, knot1..4 first, presetId after 12 + 6 f32 and 3 i32.
constexpr std::uint64_t kKnot1 = 2, kPresetId = 2 + 18 * 4 + 3 * 4;

}  // namespace

std::vector<RefusalCase> blueprintRefusals() {
  return {
      {"io.open",
       [](const fs::path& dir) {
         return Arguments{"validate", (dir / "absent.dat").string()};
       }},
      // Cut short the moment the tool maps it (truncate_on_map.hpp): read past the cut.
      {"io.changed",
       [](const fs::path& dir) {
         const Arguments arguments = validate(dir, encode(makeSample()).v2());
         return ToolCall{arguments, truncatedWhenMapped(dir / "bad.dat", 64)};
       }},
      bytes("container.empty", {}),
      bytes("container.bad-magic", toBytes("PK\x03\x04 a zip")),
      bytes("container.truncated-header", toBytes("ISLA")),
      bytes("container.unsupported-version", header(3)),
      {"section.truncated-header",
       [](const fs::path& dir) {
         auto file = encode(makeSample()).v2();
         file.resize(file.size() + 5);
         return validate(dir, file);
       }},
      {"section.truncated",
       [](const fs::path& dir) {
         const BlueprintBuilder builder = encode(makeSample());
         auto file = builder.v2();
         patchU64(file, builder.offsetOf(FourCC("RDTL")) + 4, 1u << 20);
         return validate(dir, file);
       }},
      sections("section.duplicate",
               [](BlueprintBuilder& b) { b.add(FourCC("TOWN"), encodeTowns(makeSample().towns)); }),
      sections("section.unconsumed",
               [](BlueprintBuilder& b) { b.payload(FourCC("TOWN")).resize(b.payload(FourCC("TOWN")).size() + 3); }),
      sections("section.missing", [](BlueprintBuilder& b) { b.remove(FourCC("HGTS")); }),
      sections("params.missing", [](BlueprintBuilder& b) { b.remove(FourCC("PRMS")); }),
      sections("params.not-first",
               [](BlueprintBuilder& b) {
                 const auto params = b.payload(FourCC("PRMS"));
                 b.remove(FourCC("PRMS")).insert(1, FourCC("PRMS"), params);
               }),
      {"params.no-plugin",
       [](const fs::path& dir) {
         return validate(dir, encode(makeSample()).v2(),
                         {"--no-default-plugins", "--plugin-dir", pluginsWithout(dir, "prms").string()});
       }},
      // A compile never takes a blueprint whose heights no plugin decoded.
      {"role.missing",
       [](const fs::path& dir) {
         writeFile(dir / "a.dat", encode(makeSample()).v2());
         std::ofstream(dir / "layout.json") << R"({"format": "terrain-world.layout", "schema_version": 1, "name": "n",
           "sources": [{"id": "a", "namespace": "a", "path": "a.dat", "row": 0, "col": 0}]})";
         return Arguments{"run", "compile", (dir / "layout.json").string(), (dir / "world").string(), "--quiet",
                          "--no-default-plugins", "--plugin-dir", pluginsWithout(dir, "hgts").string()};
       }},
      sections("mapsize.out-of-range",
               [](BlueprintBuilder& b) {
                 SampleBlueprint s = makeSample();
                 s.mapSize = 100;
                 b.replace(FourCC("PRMS"), encodeParams(s));
               }),
      sections("bytes.truncated", [](BlueprintBuilder& b) { b.payload(FourCC("PRMS")).resize(10); }),
      sections("count.negative", [](BlueprintBuilder& b) { b.replace(FourCC("TOWN"), i32s({-1})); }),
      sections("count.exceeds-payload", [](BlueprintBuilder& b) { b.replace(FourCC("TOWN"), i32s({1000})); }),
      sections("string.bad-length",
               [](BlueprintBuilder& b) {
                 b.replace(FourCC("PRMS"), paramsWithString({0x80, 0x80, 0x80, 0x80, 0x80, 0x00}));
               }),
      sections("string.truncated",
               [](BlueprintBuilder& b) {
                 b.replace(FourCC("PRMS"), paramsWithString({50, 'a', 'b'}));
               }),
      sections("string.invalid-utf8",
               [](BlueprintBuilder& b) {
                 b.replace(FourCC("PRMS"), paramsWithString({1, 0xFF, 0}));
               }),
      sections("grid.length-mismatch",
               [](BlueprintBuilder& b) { b.payload(FourCC("HGTS")).resize(256 * 256 * 4 - 4); }),
      {"enum.missing",
       [](const fs::path& dir) {
         std::ofstream(dir / "enums.json")
             << R"({"format": "isla-enums/1", "enums": {"TownTier": ["Hamlet", "Village", "Town", "City"]}})";
         return validate(dir, encode(makeSample()).v2(), {"--enums", (dir / "enums.json").string()});
       }},
      {"plugin.threw",
       [](const fs::path& dir) {
         auto builder = encode(makeSample());
         builder.add(FourCC("BOOM"), i32s({1}));
         return validate(dir, builder.v2(), {"--plugin-dir", testPluginDirectory().string()});
       }},
      {"role.mismatch",
       [](const fs::path& dir) {
         auto builder = encode(makeSample());
         builder.add(FourCC("RMIS"), std::vector<std::byte>(256 * 256 * 2));
         return validate(dir, builder.v2(), {"--plugin-dir", testPluginDirectory().string()});
       }},
      sample("biom.ordinal-out-of-range", [](SampleBlueprint& s) { s.biomes[pixel(s, 128, 128)] = 200; }),
      sample("town.tier-out-of-range", [](SampleBlueprint& s) { s.towns[0].tier = 9; }),
      sample("wbtb.bad-salinity", [](SampleBlueprint& s) { s.bodies[1].salinity = 2; }),
      sections("tcrv.too-short", [](BlueprintBuilder& b) { b.payload(FourCC("TCRV")).resize(1); }),
      sections("tcrv.bad-length",
               [](BlueprintBuilder& b) { b.payload(FourCC("TCRV")).resize(b.payload(FourCC("TCRV")).size() - 4); }),
      sections("tdtl.too-short", [](BlueprintBuilder& b) { b.payload(FourCC("TDTL")).resize(1); }),
      sections("tdtl.bad-length", [](BlueprintBuilder& b) { b.replace(FourCC("TDTL"), encodeDetail(2, 34)); }),
      sections("eros.too-short", [](BlueprintBuilder& b) { b.payload(FourCC("EROS")).resize(1); }),
      sections("eros.bad-length", [](BlueprintBuilder& b) { b.payload(FourCC("EROS")).resize(60); }),
      {"validator.threw",
       [](const fs::path& dir) {
         auto builder = encode(makeSample());
         builder.add(FourCC("XTRA"), i32s({1, -1}));  // the third-party validator throws on a -1
         return validate(dir, builder.v2(), {"--plugin-dir", testPluginDirectory().string()});
       }},
      sections("water.unpaired", [](BlueprintBuilder& b) { b.remove(FourCC("WBID")); }),
      sample("water.biome-mismatch", [](SampleBlueprint& s) { s.biomes[pixel(s, 128, 128)] = 1; }),
      sample("water.ocean-enclosed",
             [](SampleBlueprint& s) {
               for (const std::int64_t x : {128, 129}) {
                 for (const std::int64_t y : {128, 129}) {
                   s.waterIds[pixel(s, x, y)] = 1;
                   s.waterSurface[pixel(s, x, y)] = encodeWaterLevel(kSampleSeaLevel);
                   s.biomes[pixel(s, x, y)] = 0;
                 }
               }
               refreshBodies(s);
             }),
      sample("water.lake-split",
             [](SampleBlueprint& s) {
               cutLake(s);
               refreshBodies(s);
             }),
      sample("water.id-gap",
             [](SampleBlueprint& s) {
               cutLake(s);
               relabelEast(s, 4);
               s.bodies.push_back({4, 1, 0, s.bodies[1].surfaceLevel, 0, 0, 0});
               refreshBodies(s);
             }),
      sample("water.lake-order",
             [](SampleBlueprint& s) {
               cutLake(s);
               for (auto& id : s.waterIds) id = id == 2 ? 3 : id;
               relabelEast(s, 2);
               s.bodies.push_back({3, 1, 0, s.bodies[1].surfaceLevel, 0, 0, 0});
               refreshBodies(s);
             }),
      sample("water.duplicate-row", [](SampleBlueprint& s) { s.bodies.push_back(s.bodies[1]); }),
      sample("water.missing-row", [](SampleBlueprint& s) { s.bodies.pop_back(); }),
      sample("water.orphan-row",
             [](SampleBlueprint& s) {
               s.bodies.push_back({5, 1, 0, s.bodies[1].surfaceLevel, 10, 3, 3});
             }),
      sample("water.body-type", [](SampleBlueprint& s) { s.bodies[1].type = 0; }),
      sample("water.pixel-count", [](SampleBlueprint& s) { s.bodies[1].pixelCount += 1; }),
      sample("water.centroid", [](SampleBlueprint& s) { s.bodies[1].centroidY += 0.5f; }),
      sample("water.level-unencodable", [](SampleBlueprint& s) { s.bodies[1].surfaceLevel = 2.5f; }),
      sample("water.surface-extent",
             [](SampleBlueprint& s) { s.waterSurface[pixel(s, 128, 128)] = encodeWaterLevel(0.5f); }),
      sample("water.surface-level",
             [](SampleBlueprint& s) { s.waterSurface[pixel(s, 90, 125)] = encodeWaterLevel(0.41f); }),
      sample("terrain.non-finite", [](SampleBlueprint& s) { s.heights[pixel(s, 128, 128)] = kNaN; }),
      sample("terrain.height-overflow", [](SampleBlueprint& s) { s.heights[pixel(s, 128, 128)] = 1e30f; }),
      {"terrain.bad-height-range",
       [](const fs::path& dir) {
         return validate(dir, encode(makeSample()).v2(), {"--height-range", "5:1"});
       }},
      sample("scenery.outside-map", [](SampleBlueprint& s) { s.towns[0].x = -5; }),
      sections("metadata.non-finite", [](BlueprintBuilder& b) { patchF32(b.payload(FourCC("TCRV")), kKnot1, kNaN); }),
      sections("metadata.out-of-range", [](BlueprintBuilder& b) { patchU8(b.payload(FourCC("TCRV")), kPresetId, 7); }),
      sections("metadata.misordered", [](BlueprintBuilder& b) { patchF32(b.payload(FourCC("TCRV")), kKnot1, 0.9f); }),
      {"server-config.unreadable",
       [](const fs::path& dir) {
         return validate(dir, encode(makeSample()).v2(), {"--server-config", (dir / "absent.json").string()});
       }},
  };
}

}  // namespace isla::test
