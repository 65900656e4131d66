// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <queue>
#include <random>

#include "../pixel_rules.hpp"
#include "../water_scan.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "validator_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// The sample's lake (id 2): x 85..100, y 120..135, level 0.40.
constexpr std::int64_t kLakeX0 = 85, kLakeX1 = 100, kLakeY0 = 120, kLakeY1 = 135;
constexpr float kLakeLevel = 0.40f;

Diagnostics runWater(const BlueprintBuilder& builder, const EnumTable& enums = sharedKernel().enums()) {
  return runValidator("water", builder, {}, enums);
}

Diagnostics runWater(const SampleBlueprint& sample) { return runWater(encode(sample)); }

bool at(const Diagnostic& d, std::int64_t x, std::int64_t y) {
  return d.pixel && d.pixel->x == x && d.pixel->y == y;
}

std::uint8_t biome(const char* name) {
  return static_cast<std::uint8_t>(*sharedKernel().enums().ordinal("Biome", name));
}

std::size_t index(const SampleBlueprint& s, std::int64_t x, std::int64_t y) {
  return static_cast<std::size_t>(x * s.mapSize + y);
}

void makeLand(SampleBlueprint& s, std::int64_t x, std::int64_t y) {
  const auto i = index(s, x, y);
  s.waterIds[i] = 0;
  s.waterSurface[i] = 0;
  s.biomes[i] = biome("Grassland");
}

void makeWater(SampleBlueprint& s, std::int64_t x, std::int64_t y, std::uint16_t id, const char* kind,
               float level) {
  const auto i = index(s, x, y);
  s.waterIds[i] = id;
  s.waterSurface[i] = encodeWaterLevel(level);
  s.biomes[i] = biome(kind);
}

SampleWaterBody& bodyWithId(SampleBlueprint& s, std::uint16_t id) {
  for (auto& body : s.bodies) {
    if (body.id == id) return body;
  }
  s.bodies.push_back({id, 1, 0, kLakeLevel, 0, 0, 0});
  return s.bodies.back();
}

// Sets every lake pixel from column `fromX` on to `id`.
void relabelLake(SampleBlueprint& s, std::int64_t fromX, std::uint16_t id) {
  for (std::int64_t x = fromX; x <= kLakeX1; ++x) {
    for (std::int64_t y = kLakeY0; y <= kLakeY1; ++y) {
      if (s.waterIds[index(s, x, y)] != 0) s.waterIds[index(s, x, y)] = id;
    }
  }
}

// The lake cut in two by a dry column at x = 93: x 85..92 and x 94..100.
SampleBlueprint sampleWithCutLake() {
  auto s = makeSample();
  for (std::int64_t y = kLakeY0; y <= kLakeY1; ++y) makeLand(s, 93, y);
  return s;
}

// The pieces of every id and the enclosed ocean by plain flood fill: what
// the chunked run scan must find whatever the chunk count.
isla_water::WaterScan floodFillReference(const std::vector<std::uint16_t>& ids, std::int64_t n) {
  isla_water::WaterScan expected;
  std::vector<bool> seen(ids.size(), false);
  for (std::int64_t start = 0; start < n * n; ++start) {
    const std::uint16_t id = ids[static_cast<std::size_t>(start)];
    if (id == 0 || seen[static_cast<std::size_t>(start)]) continue;
    std::uint64_t size = 0;
    bool border = false;
    std::queue<std::int64_t> open;
    open.push(start);
    seen[static_cast<std::size_t>(start)] = true;
    while (!open.empty()) {
      const auto i = open.front();
      open.pop();
      ++size;
      const auto x = i / n, y = i % n;
      border = border || x == 0 || y == 0 || x == n - 1 || y == n - 1;
      for (const auto& [dx, dy] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) {
        const auto nx = x + dx, ny = y + dy;
        const auto j = static_cast<std::size_t>(nx * n + ny);
        if (nx < 0 || ny < 0 || nx >= n || ny >= n || seen[j] || ids[j] != id) continue;
        seen[j] = true;
        open.push(static_cast<std::int64_t>(j));
      }
    }
    expected.pieces[id].add(static_cast<std::uint64_t>(start), size);
    if (id == isla_water::kOceanId && !border) {
      expected.enclosedOcean += size;
      expected.firstEnclosedOcean = std::min(expected.firstEnclosedOcean, static_cast<std::uint64_t>(start));
    }
  }
  return expected;
}

// The pieces of an id, none when it does not occur.
isla_water::Pieces piecesOf(const isla_water::WaterScan& scan, std::uint16_t id) {
  const auto* pieces = scan.pieces.find(id);
  return pieces ? *pieces : isla_water::Pieces{};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(water)

BOOST_AUTO_TEST_CASE(the_chunked_run_scan_finds_the_pieces_a_flood_fill_finds) {
  constexpr std::int64_t n = 48;
  std::mt19937 random(7);
  for (int round = 0; round < 20; ++round) {
    // Blobs of a few ids, dense enough to make combs, rings and seam crossings.
    std::vector<std::uint16_t> ids(n * n);
    std::bernoulli_distribution wet(0.55 + 0.02 * round);
    std::uniform_int_distribution<int> which(1, 1 + round % 4);
    for (auto& id : ids) id = wet(random) ? static_cast<std::uint16_t>(which(random)) : 0;
    const Raster grid(ElementType::U16, static_cast<std::int32_t>(n), std::as_bytes(std::span(ids)), nullptr);
    const auto expected = floodFillReference(ids, n);
    for (const std::size_t chunks : {1u, 2u, 3u, 7u, 48u}) {
      const auto scan = isla_water::scanWater(grid, chunks);
      BOOST_TEST(scan.enclosedOcean == expected.enclosedOcean, round << " " << chunks);
      BOOST_TEST(scan.firstEnclosedOcean == expected.firstEnclosedOcean, round << " " << chunks);
      for (std::uint16_t id = 0; id < 6; ++id) {
        const auto found = piecesOf(scan, id);
        const auto want = piecesOf(expected, id);
        BOOST_TEST(found.firstMin == want.firstMin, round << " " << chunks << " " << id);
        BOOST_TEST(found.firstSize == want.firstSize, round << " " << chunks << " " << id);
        BOOST_TEST(found.secondMin == want.secondMin, round << " " << chunks << " " << id);
        const auto* body = scan.census.find(id);
        BOOST_TEST((body ? body->firstPixel : isla_water::kNoPixel) == want.firstMin, round << " " << chunks << " " << id);
      }
    }
  }
}

// The block counts (runs of one id take the vectorised path, mixed runs the
// lookup a pixel) agree with the rules asked pixel by pixel, for blocks that
// start and end anywhere.
BOOST_AUTO_TEST_CASE(the_block_counts_agree_with_the_rules_pixel_by_pixel) {
  constexpr std::size_t n = 3000;
  std::mt19937 random(11);
  std::vector<std::uint16_t> ids(n), codes(n);
  std::vector<std::uint8_t> kinds(n);
  // Long runs of a few ids, with a pixel of damage here and there.
  std::uniform_int_distribution<int> length(1, 200), id(0, 3), damage(0, 40);
  for (std::size_t i = 0; i < n;) {
    const auto runId = static_cast<std::uint16_t>(id(random));
    for (std::size_t end = std::min(n, i + static_cast<std::size_t>(length(random))); i < end; ++i) {
      ids[i] = runId;
      codes[i] = runId == 0 ? 0 : static_cast<std::uint16_t>(100 + runId);
      kinds[i] = runId == 0 ? 5 : runId == 1 ? 0 : 1;
      if (damage(random) == 0) codes[i] = static_cast<std::uint16_t>(damage(random) < 20 ? 0 : 100 + id(random));
      if (damage(random) == 0) kinds[i] = static_cast<std::uint8_t>(damage(random) % 6);
    }
  }
  std::vector<std::uint32_t> expected(std::size_t{1} << 16, isla_water::kAnyLevel);
  expected[0] = 0;
  expected[1] = 101;
  expected[2] = 102;  // id 3 keeps kAnyLevel: any nonzero code
  const isla_water::Ids idView{reinterpret_cast<const LittleEndianT<std::uint16_t>*>(ids.data()), n};
  const isla_water::Ids codeView{reinterpret_cast<const LittleEndianT<std::uint16_t>*>(codes.data()), n};
  const isla_water::Classes kindView{reinterpret_cast<const LittleEndianT<std::uint8_t>*>(kinds.data()), n};
  const isla_water::WaterBiomes water{0, 1};
  std::uniform_int_distribution<std::size_t> at(0, n);
  std::array<std::uint64_t, 4> seen{};
  for (int round = 0; round < 200; ++round) {
    auto start = at(random), end = at(random);
    if (start > end) std::swap(start, end);
    std::array<std::uint64_t, 4> want{};
    for (std::size_t i = start; i < end; ++i) {
      want[0] += isla_water::unlabelledWater(kinds[i], ids[i], water);
      want[1] += isla_water::dryBody(kinds[i], ids[i], water);
      want[2] += isla_water::surfaceExtentBreak(codes[i], ids[i]);
      want[3] += isla_water::surfaceLevelBreak(codes[i], expected[ids[i]]);
    }
    const auto biomes = isla_water::countBiomeBreaks(kindView, idView, water, start, end);
    const auto surface = isla_water::countSurfaceBreaks(codeView, idView, expected.data(), start, end);
    BOOST_TEST(biomes[0] == want[0], start << ".." << end);
    BOOST_TEST(biomes[1] == want[1], start << ".." << end);
    BOOST_TEST(surface[0] == want[2], start << ".." << end);
    BOOST_TEST(surface[1] == want[3], start << ".." << end);
    for (std::size_t k = 0; k < 4; ++k) seen[k] += want[k];
  }
  for (const auto count : seen) BOOST_TEST(count > 0);  // every rule was broken somewhere
}

// A wrong level inside a run of one id (the vectorised path) and one where
// ids change (the lookup a pixel) are both counted, the first in scan order.
BOOST_AUTO_TEST_CASE(wrong_levels_inside_a_body_and_at_its_shore) {
  auto s = makeSample();
  s.waterSurface[index(s, 5, 10)] = encodeWaterLevel(0.2f);  // open ocean: its run is all ocean
  s.waterSurface[index(s, 90, 120)] = encodeWaterLevel(0.41f);  // the lake's shore
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.surface-level");
  BOOST_TEST(at(d, 5, 10));
  BOOST_TEST(says(d, "2 WSRF pixels hold another level than their body's WBTB surfaceLevel; the first is (5, 10) in "
                     "ocean 1"),
             d.message);
}

BOOST_AUTO_TEST_CASE(sample_passes) {
  const auto out = runWater(makeSample());
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(a_larger_sample_passes) {
  const auto out = runWater(makeSample(1024));
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(without_water_sections_nothing_is_checked) {
  auto builder = encode(makeSample());
  builder.remove(FourCC("WBID")).remove(FourCC("WBTB")).remove(FourCC("WSRF"));
  BOOST_TEST(runWater(builder).empty());
}

BOOST_AUTO_TEST_CASE(a_biom_lake_pixel_without_a_body) {
  auto s = makeSample();
  s.biomes[index(s, 128, 128)] = biome("Lake");
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.biome-mismatch");
  BOOST_TEST((d.severity == Severity::Error));
  BOOST_TEST(d.tag->text() == "BIOM");
  BOOST_TEST(at(d, 128, 128));
  BOOST_TEST(
      says(d,
           "1 BIOM water pixels have no water body in WBID; the first is (128, 128), BIOM Lake with WBID 0"),
      d.message);
}

BOOST_AUTO_TEST_CASE(a_body_pixel_that_biom_calls_land) {
  auto s = makeSample();
  s.biomes[index(s, 90, 125)] = biome("Grassland");
  s.biomes[index(s, 91, 125)] = biome("Grassland");
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.biome-mismatch");
  BOOST_TEST(d.tag->text() == "WBID");
  BOOST_TEST(at(d, 90, 125));
  BOOST_TEST(says(d,
                  "2 WBID water pixels are neither BIOM Ocean nor Lake; the first is (90, 125) of lake 2, "
                  "BIOM Grassland"),
             d.message);
}

BOOST_AUTO_TEST_CASE(water_biomes_are_found_by_name) {
  // Ocean and Lake moved to ordinals 2 and 3: the sample's ordinals 0 and 1 are land now.
  const auto moved = EnumTable::parse(
      R"({"format": "isla-enums/1", "enums": {"Biome": ["Beach", "Grassland", "Ocean", "Lake", "Forest",
          "Jungle", "Swamp", "Desert", "Dirt", "Rock", "Mountain", "Snow", "Crater", "Wasteland"],
          "TownTier": ["Hamlet", "Village", "Town", "City"]}})",
      "moved.json");
  const auto out = runWater(encode(makeSample()), moved);
  BOOST_TEST(out.items().size() == 2u, describe(out));
  for (const auto& d : out.items()) BOOST_TEST(d.code == "water.biome-mismatch");

  const auto noLake = EnumTable::parse(
      R"({"format": "isla-enums/1", "enums": {"Biome": ["Ocean", "Pond", "Beach", "Grassland", "Forest",
          "Jungle", "Swamp", "Desert", "Dirt", "Rock", "Mountain", "Snow", "Crater", "Wasteland"],
          "TownTier": ["Hamlet", "Village", "Town", "City"]}})",
      "nolake.json");
  const auto& d = only(runWater(encode(makeSample()), noLake));
  BOOST_TEST(d.code == "water.no-water-biomes");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(says(d, "'nolake.json'"), d.message);
}

BOOST_AUTO_TEST_CASE(a_lake_split_in_two) {
  auto s = sampleWithCutLake();
  refreshBodies(s);
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.lake-split");
  BOOST_TEST(d.tag->text() == "WBID");
  BOOST_TEST(at(d, 94, 120));
  BOOST_TEST(
      says(d,
           "lake 2 is not one 4-connected piece: the piece at its first pixel (85, 120) holds 128 of its "
           "240 pixels, and another piece starts at (94, 120)"),
      d.message);
}

BOOST_AUTO_TEST_CASE(u_shaped_lakes_are_one_piece) {
  // Joined across X at the last row, and joined along Y at the last column.
  auto acrossX = makeSample();
  for (std::int64_t y = kLakeY0; y < kLakeY1; ++y) makeLand(acrossX, 93, y);
  refreshBodies(acrossX);
  BOOST_TEST(runWater(acrossX).empty(), describe(runWater(acrossX)));

  auto alongY = makeSample();
  for (std::int64_t x = kLakeX0; x < kLakeX1; ++x) makeLand(alongY, x, 127);
  refreshBodies(alongY);
  BOOST_TEST(runWater(alongY).empty(), describe(runWater(alongY)));

  // A comb: every other column dry except the first row, then the last.
  auto comb = makeSample();
  for (std::int64_t x = kLakeX0 + 1; x < kLakeX1; x += 2) {
    for (std::int64_t y = kLakeY0 + 1; y <= kLakeY1; ++y) makeLand(comb, x, y);
  }
  refreshBodies(comb);
  BOOST_TEST(runWater(comb).empty(), describe(runWater(comb)));
}

BOOST_AUTO_TEST_CASE(two_lakes_in_scan_order_pass) {
  auto s = sampleWithCutLake();
  relabelLake(s, 94, 3);
  bodyWithId(s, 3);
  refreshBodies(s);
  BOOST_TEST(runWater(s).empty(), describe(runWater(s)));
}

BOOST_AUTO_TEST_CASE(lakes_numbered_out_of_scan_order) {
  auto s = sampleWithCutLake();
  relabelLake(s, kLakeX0, 3);
  relabelLake(s, 94, 2);
  bodyWithId(s, 3);
  refreshBodies(s);
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.lake-order");
  BOOST_TEST(at(d, 85, 120));
  BOOST_TEST(says(d, "lake 3 first appears at (85, 120), before lake 2 (first at (94, 120))"), d.message);
}

BOOST_AUTO_TEST_CASE(a_gap_in_lake_ids) {
  auto s = sampleWithCutLake();
  relabelLake(s, 94, 4);
  bodyWithId(s, 4);
  refreshBodies(s);
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.id-gap");
  BOOST_TEST(says(d, "id 3 does not occur in WBID while id 4 does (1 id is missing)"), d.message);
}

BOOST_AUTO_TEST_CASE(an_ocean_piece_away_from_the_border) {
  auto s = makeSample();
  for (std::int64_t x : {128, 129}) {
    for (std::int64_t y : {128, 129}) makeWater(s, x, y, 1, "Ocean", kSampleSeaLevel);
  }
  refreshBodies(s);
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.ocean-enclosed");
  BOOST_TEST(at(d, 128, 128));
  BOOST_TEST(says(d, "4 of the "), d.message);
  BOOST_TEST(says(d, " pixels of ocean 1 lie in pieces"), d.message);
  BOOST_TEST(says(d, "do not touch the map border; the first is (128, 128)"), d.message);
}

BOOST_AUTO_TEST_CASE(the_ocean_may_be_several_pieces_on_the_border) {
  // A land bridge across the whole map cuts the ocean in two; both touch the border.
  auto s = makeSample();
  for (std::int64_t x = 0; x < s.mapSize; ++x) {
    if (s.waterIds[index(s, x, 2)] == 1) makeLand(s, x, 2);
  }
  refreshBodies(s);
  BOOST_TEST(runWater(s).empty(), describe(runWater(s)));
}

BOOST_AUTO_TEST_CASE(a_missing_wbtb_row) {
  auto s = makeSample();
  s.bodies.pop_back();
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.missing-row");
  BOOST_TEST(d.tag->text() == "WBTB");
  BOOST_TEST(at(d, 85, 120));
  BOOST_TEST(says(d, "lake 2 occurs in WBID (256 pixels, first at (85, 120)) but has no WBTB row"),
             d.message);
}

BOOST_AUTO_TEST_CASE(a_duplicate_wbtb_row) {
  auto s = makeSample();
  s.bodies.push_back(s.bodies[1]);
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.duplicate-row");
  BOOST_TEST(says(d, "WBTB rows 1 and 2 both describe body 2"), d.message);
}

BOOST_AUTO_TEST_CASE(a_row_for_a_body_wbid_lacks) {
  auto s = makeSample();
  s.bodies.push_back({5, 1, 0, kLakeLevel, 10, 3, 3});
  s.bodies.push_back({0, 1, 0, kLakeLevel, 10, 3, 3});
  const auto out = runWater(s);
  BOOST_TEST_REQUIRE(out.items().size() == 2u, describe(out));
  for (const auto& d : out.items()) BOOST_TEST(d.code == "water.orphan-row");
  BOOST_TEST(says(out.items()[0], "WBTB row 2 describes body 5, but no WBID pixel holds id 5"),
             describe(out));
  BOOST_TEST(says(out.items()[1], "(0 means no water)"), describe(out));
}

BOOST_AUTO_TEST_CASE(a_wrong_pixel_count) {
  auto s = makeSample();
  s.bodies[1].pixelCount += 1;
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.pixel-count");
  BOOST_TEST(at(d, 85, 120));
  BOOST_TEST(says(d, "WBTB row 1 (lake 2) records pixelCount 257, but WBID holds 256 pixels of id 2"),
             d.message);
}

BOOST_AUTO_TEST_CASE(a_centroid_off_by_half_a_pixel) {
  auto s = makeSample();
  s.bodies[1].centroidY += 0.5f;
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.centroid");
  BOOST_TEST(
      says(d, "WBTB row 1 (lake 2) records centroid (92.5, 128), but the mean position of its 256 pixels"),
      d.message);
  BOOST_TEST(says(d, "is (92.500, 127.500); they must agree within 0.01 px"), d.message);
}

BOOST_AUTO_TEST_CASE(the_centroid_tolerance_is_a_hundredth_of_a_pixel) {
  auto s = makeSample();
  s.bodies[1].centroidX += 0.005f;
  BOOST_TEST(runWater(s).empty());
  s.bodies[1].centroidX += 0.01f;
  BOOST_TEST(only(runWater(s)).code == "water.centroid");
}

BOOST_AUTO_TEST_CASE(body_types_follow_the_ids) {
  auto s = makeSample();
  s.bodies[0].type = 1;
  s.bodies[1].type = 0;
  const auto out = runWater(s);
  BOOST_TEST_REQUIRE(out.items().size() == 2u, describe(out));
  BOOST_TEST(out.items()[0].code == "water.body-type");
  BOOST_TEST(says(out.items()[0], "WBTB row 0 (ocean 1) has type 1; id 1 is the ocean, type 0"),
             describe(out));
  BOOST_TEST(out.items()[1].code == "water.body-type");
  BOOST_TEST(says(out.items()[1], "id 2 is a lake, type 1"), describe(out));
}

BOOST_AUTO_TEST_CASE(a_type_outside_0_and_1_loads_and_is_an_error) {
  auto s = makeSample();
  s.bodies[1].type = 7;
  const auto out = runWater(s);
  const auto& d = only(out);
  BOOST_TEST(d.code == "water.body-type");
  BOOST_TEST((d.severity == Severity::Error));
  BOOST_TEST(d.message == "WBTB row 1 (lake 2) has type 7; id 2 is a lake, type 1");
}

BOOST_AUTO_TEST_CASE(wsrf_at_a_wrong_level) {
  auto s = makeSample();
  s.waterSurface[index(s, 90, 125)] = encodeWaterLevel(0.41f);
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.surface-level");
  BOOST_TEST(d.tag->text() == "WSRF");
  BOOST_TEST(at(d, 90, 125));
  BOOST_TEST(says(d,
                  "1 WSRF pixels hold another level than their body's WBTB surfaceLevel; the first is (90, "
                  "125) in lake 2"),
             d.message);
  BOOST_TEST(says(d, "expected " + std::to_string(encodeWaterLevel(kLakeLevel))), d.message);
}

BOOST_AUTO_TEST_CASE(wsrf_water_where_wbid_has_none_and_back) {
  auto s = makeSample();
  s.waterSurface[index(s, 128, 128)] = encodeWaterLevel(0.5f);
  const auto& wet = only(runWater(s));
  BOOST_TEST(wet.code == "water.surface-extent");
  BOOST_TEST(at(wet, 128, 128));
  BOOST_TEST(says(wet, "where WBID is 0"), wet.message);

  s = makeSample();
  s.waterSurface[index(s, 90, 125)] = 0;
  const auto& dry = only(runWater(s));
  BOOST_TEST(dry.code == "water.surface-extent");
  BOOST_TEST(at(dry, 90, 125));
  BOOST_TEST(says(dry, "WSRF holds 0 (no water) in lake 2"), dry.message);
}

BOOST_AUTO_TEST_CASE(a_level_wsrf_cannot_hold) {
  auto s = makeSample();
  s.bodies[1].surfaceLevel = 2.5f;
  const auto& d = only(runWater(s));
  BOOST_TEST(d.code == "water.level-unencodable");
  BOOST_TEST(says(d, "WBTB row 1 (lake 2) has surfaceLevel 2.5 raw, which WSRF cannot hold"), d.message);
}

BOOST_AUTO_TEST_CASE(wbtb_and_wsrf_without_wbid_are_unpaired) {
  auto builder = encode(makeSample());
  builder.remove(FourCC("WBID"));
  const auto out = runWater(builder);
  BOOST_TEST_REQUIRE(out.items().size() == 2u, describe(out));
  BOOST_TEST(out.items()[0].code == "water.unpaired");
  BOOST_TEST(out.items()[0].tag->text() == "WBTB");
  BOOST_TEST(out.items()[1].code == "water.unpaired");
  BOOST_TEST(out.items()[1].tag->text() == "WSRF");
}

BOOST_AUTO_TEST_CASE(wbid_without_wbtb_is_unpaired) {
  auto builder = encode(makeSample());
  builder.remove(FourCC("WBTB"));
  const auto& d = only(runWater(builder));
  BOOST_TEST(d.code == "water.unpaired");
  BOOST_TEST(d.tag->text() == "WBID");
}

BOOST_AUTO_TEST_CASE(wsrf_is_optional) {
  auto builder = encode(makeSample());
  builder.remove(FourCC("WSRF"));
  BOOST_TEST(runWater(builder).empty());
}

BOOST_AUTO_TEST_SUITE_END()
