// SPDX-License-Identifier: MIT
// water: BIOM, WBID, WBTB and WSRF describe the same water bodies, as
// BLUEPRINT_FORMAT.md's rules for them say. Built for 16384^2 maps: per-id
// tables, run-length union-find and vectorisable passes, on every core, never
// a label a pixel.
#include <isla/plugin/plugin_api.hpp>
#include <isla/base/text_format.hpp>
#include <isla/model/water_level.hpp>

#include <cmath>

#include "grid_scan.hpp"
#include "pixel_rules.hpp"
#include "water_scan.hpp"

namespace isla_water {

namespace {

constexpr isla::FourCC kBiomes{"BIOM"};
constexpr isla::FourCC kIds{"WBID"};
constexpr isla::FourCC kTable{"WBTB"};
constexpr isla::FourCC kSurface{"WSRF"};

constexpr std::uint16_t kFirstLakeId = 2;
constexpr std::size_t kIdCount = std::size_t{1} << 16;  // every u16
constexpr std::uint8_t kOceanType = 0;
constexpr std::uint8_t kLakeType = 1;
// The toolkit's decision (README.md): a mean stored as f32 is exact to about
// 0.001 px even at 16384 px, so 0.01 px only forgives float rounding.
constexpr double kCentroidTolerancePx = 0.01;

std::string bodyName(std::size_t id) { return (id == kOceanId ? "ocean " : "lake ") + std::to_string(id); }

std::string number(float value) { return isla::toText(isla::FieldValue(value)); }

std::string levelText(std::uint16_t code) {
  const auto level = isla::water_surface::decodeWaterLevel(code);
  return std::to_string(code) + (level ? " (level " + number(*level) + " raw)" : " (no water)");
}

// One run of the rules over one blueprint's water sections. table() comes
// before surface(), which reads the rows table() indexed.
class WaterCheck {
 public:
  WaterCheck(const isla::Raster& ids, unsigned threads, isla::Diagnostics& out)
      : ids_(ids),
        threads_(isla::resolveThreads(threads)),
        values_(ids.values<std::uint16_t>()),
        scan_(scanWater(ids, threads_)),
        census_(scan_.census),
        out_(out) {}

  void biomesAgree(const isla::Raster& biomes, const isla::EnumTable& enums);
  void connectivity();
  void numbering();
  void table(const isla::Table& table);
  void surface(const isla::Raster& surface);

 private:
  std::uint16_t idAt(std::uint64_t index) const { return values_[index].value(); }
  isla::PixelRef pixel(std::uint64_t index) const { return isla::pixelOf(index, ids_.mapSize()); }
  std::string at(std::uint64_t index) const { return isla::toText(pixel(index)); }
  void add(isla::Severity severity, const char* code, std::string message, isla::FourCC tag,
           std::optional<std::uint64_t> index = {}) {
    const auto where = index ? std::optional(pixel(*index)) : std::nullopt;
    out_.add({severity, code, std::move(message), {}, tag, {}, where, {}});
  }
  void error(const char* code, std::string message, isla::FourCC tag,
             std::optional<std::uint64_t> index = {}) {
    add(isla::Severity::Error, code, std::move(message), tag, index);
  }
  // Finds the first WBTB row of each id; reports the duplicates.
  void indexRows(const isla::Table& table);
  void checkRow(const isla::Record& row, std::size_t rowIndex);

  const isla::Raster& ids_;
  unsigned threads_;
  std::span<const isla::LittleEndianT<std::uint16_t>> values_;
  WaterScan scan_;
  const BodyCensus& census_;
  const isla::Table* table_ = nullptr;
  isla::IdTable<std::size_t> rowOf_;  // the first WBTB row of each id that has one
  isla::Diagnostics& out_;
};

void WaterCheck::biomesAgree(const isla::Raster& biomes, const isla::EnumTable& enums) {
  // By name, so that the enum table stays the one place ordinals live.
  const bool named = enums.contains("Biome");
  const auto ocean = named ? enums.ordinal("Biome", "Ocean") : std::nullopt;
  const auto lake = named ? enums.ordinal("Biome", "Lake") : std::nullopt;
  if (!ocean || !lake) {
    add(isla::Severity::Warning, "water.no-water-biomes",
        "the enum table '" + enums.origin() +
            "' has no Biome members named Ocean and Lake, so BIOM cannot be compared with WBID",
        kBiomes);
    return;
  }
  const auto kinds = biomes.values<std::uint8_t>();
  const WaterBiomes water{static_cast<std::uint8_t>(*ocean), static_cast<std::uint8_t>(*lake)};
  const std::string rule = "BIOM Ocean/Lake pixels and WBID nonzero pixels must be the same set";
  const auto [unlabelled, dry] = countMismatches<2>(
      ids_.pixelCount(), threads_,
      [&](std::uint64_t start, std::uint64_t end) { return countBiomeBreaks(kinds, values_, water, start, end); },
      [&](std::size_t which, std::uint64_t i) {
        return (which == 0 ? unlabelledWater : dryBody)(kinds[i].value(), idAt(i), water);
      });
  if (unlabelled.count > 0) {
    const auto i = unlabelled.first;
    error("water.biome-mismatch",
          std::to_string(unlabelled.count) + " BIOM water pixels have no water body in WBID; the first is " +
              at(i) + ", BIOM " + enums.name("Biome", kinds[i].value()) + " with WBID 0; " + rule,
          kBiomes, i);
  }
  if (dry.count > 0) {
    const auto i = dry.first;
    error("water.biome-mismatch",
          std::to_string(dry.count) + " WBID water pixels are neither BIOM Ocean nor Lake; the first is " +
              at(i) + " of " + bodyName(idAt(i)) + ", BIOM " + enums.name("Biome", kinds[i].value()) + "; " +
              rule,
          kIds, i);
  }
}

void WaterCheck::connectivity() {
  // The ocean is the water 4-connected to the border.
  if (const BodyPixels* ocean = census_.find(kOceanId); ocean && scan_.enclosedOcean > 0) {
    error("water.ocean-enclosed",
          std::to_string(scan_.enclosedOcean) + " of the " + std::to_string(ocean->pixels) +
              " pixels of ocean 1 lie in pieces that do not touch the map border; the first is " +
              at(scan_.firstEnclosedOcean) + ". The ocean is the water 4-connected to the border; enclosed " +
              "water is a lake with its own id",
          kIds, scan_.firstEnclosedOcean);
  }
  // A lake is one 4-connected piece.
  census_.forEach([&](std::uint16_t id, const BodyPixels& body) {
    const Pieces* pieces = scan_.pieces.find(id);
    if (id < kFirstLakeId || !pieces || !pieces->split()) return;
    error("water.lake-split",
          bodyName(id) + " is not one 4-connected piece: the piece at its first pixel " + at(body.firstPixel) +
              " holds " + std::to_string(pieces->firstSize) + " of its " + std::to_string(body.pixels) +
              " pixels, and another piece starts at " + at(pieces->secondMin) +
              "; every 4-connected lake is a body with its own id",
          kIds, pieces->secondMin);
  });
}

void WaterCheck::numbering() {
  // The lakes that occur, in increasing id.
  std::vector<std::pair<std::uint16_t, const BodyPixels*>> lakes;
  census_.forEach([&](std::uint16_t id, const BodyPixels& body) {
    if (id >= kFirstLakeId) lakes.emplace_back(id, &body);
  });
  const std::size_t highest = lakes.empty() ? 0 : lakes.back().first;
  std::size_t missing = 0;
  std::size_t firstMissing = 0;
  std::size_t expectedId = kFirstLakeId;
  for (const auto& [id, body] : lakes) {
    if (missing == 0 && id != expectedId) firstMissing = expectedId;
    missing += id - expectedId;
    expectedId = id + 1u;
  }
  if (missing > 0) {
    error("water.id-gap",
          "lake ids must run from 2 without gaps, but id " + std::to_string(firstMissing) +
              " does not occur in WBID while id " + std::to_string(highest) + " does (" +
              std::to_string(missing) + (missing == 1 ? " id is" : " ids are") + " missing)",
          kIds);
  }
  // Ids follow the scan order of the lakes' first pixels.
  std::size_t outOfOrder = 0;
  std::size_t firstLate = 0;
  std::size_t firstEarly = 0;
  for (std::size_t k = 1; k < lakes.size(); ++k) {
    if (lakes[k].second->firstPixel >= lakes[k - 1].second->firstPixel) continue;
    if (outOfOrder == 0) {
      firstLate = k - 1;
      firstEarly = k;
    }
    ++outOfOrder;
  }
  if (outOfOrder > 0) {
    const auto& [earlyId, early] = lakes[firstEarly];
    const auto& [lateId, late] = lakes[firstLate];
    error("water.lake-order",
          bodyName(earlyId) + " first appears at " + at(early->firstPixel) + ", before " + bodyName(lateId) +
              " (first at " + at(late->firstPixel) +
              "); lakes are numbered from 2 in the scan order (X outer, Y inner) of their first pixel (" +
              std::to_string(outOfOrder) + (outOfOrder == 1 ? " lake" : " lakes") + " out of order)",
          kIds, early->firstPixel);
  }
}

void WaterCheck::indexRows(const isla::Table& table) {
  table_ = &table;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const std::uint16_t id = table.rows[r].as<std::uint16_t>("id");
    const std::size_t* first = rowOf_.find(id);
    if (!first) {
      rowOf_[id] = r;
      continue;
    }
    error("water.duplicate-row",
          "WBTB rows " + std::to_string(*first) + " and " + std::to_string(r) + " both describe body " +
              std::to_string(id) + "; each body has exactly one row",
          kTable);
  }
}

void WaterCheck::table(const isla::Table& table) {
  indexRows(table);
  census_.forEach([&](std::uint16_t id, const BodyPixels& body) {
    if (rowOf_.find(id)) return;
    error("water.missing-row",
          bodyName(id) + " occurs in WBID (" + std::to_string(body.pixels) + " pixels, first at " +
              at(body.firstPixel) + ") but has no WBTB row",
          kTable, body.firstPixel);
  });
  // In table order; a duplicate row was reported and is not checked again.
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const std::uint16_t id = table.rows[r].as<std::uint16_t>("id");
    if (*rowOf_.find(id) == r) checkRow(table.rows[r], r);
  }
}

void WaterCheck::checkRow(const isla::Record& row, std::size_t rowIndex) {
  const std::uint16_t id = row.as<std::uint16_t>("id");
  const BodyPixels* body = census_.find(id);
  if (id == kNoWater || !body) {
    error("water.orphan-row",
          "WBTB row " + std::to_string(rowIndex) + " describes body " + std::to_string(id) +
              ", but no WBID pixel holds id " + std::to_string(id) +
              (id == kNoWater ? " (0 means no water)" : ""),
          kTable);
    return;
  }
  const std::string rowName = "WBTB row " + std::to_string(rowIndex) + " (" + bodyName(id) + ")";
  const std::uint64_t first = body->firstPixel;
  const std::uint8_t type = row.as<std::uint8_t>("type");
  const std::uint8_t expectedType = id == kOceanId ? kOceanType : kLakeType;
  if (type != expectedType) {
    error("water.body-type",
          rowName + " has type " + std::to_string(type) + "; id " + std::to_string(id) +
              (id == kOceanId ? " is the ocean, type 0" : " is a lake, type 1"),
          kTable, first);
  }
  const std::int32_t recorded = row.as<std::int32_t>("pixelCount");
  if (recorded < 0 || static_cast<std::uint64_t>(recorded) != body->pixels) {
    error("water.pixel-count",
          rowName + " records pixelCount " + std::to_string(recorded) + ", but WBID holds " +
              std::to_string(body->pixels) + " pixels of id " + std::to_string(id) + " (first at " +
              at(first) + ")",
          kTable, first);
  }
  const float cx = row.as<float>("centroidX");
  const float cy = row.as<float>("centroidY");
  const double mx = body->meanX();
  const double my = body->meanY();
  // Written as "within", so that a NaN centroid fails.
  const bool within = std::abs(static_cast<double>(cx) - mx) <= kCentroidTolerancePx &&
                      std::abs(static_cast<double>(cy) - my) <= kCentroidTolerancePx;
  if (!within) {
    error("water.centroid",
          rowName + " records centroid (" + number(cx) + ", " + number(cy) +
              "), but the mean position of its " + std::to_string(body->pixels) + " pixels (first at " +
              at(first) + ") is (" + isla::fixedText(mx, 3) + ", " + isla::fixedText(my, 3) + "); they must agree within " +
              number(static_cast<float>(kCentroidTolerancePx)) + " px",
          kTable, first);
  }
}

void WaterCheck::surface(const isla::Raster& surface) {
  // The code each id's pixels must hold: 0 for no water, the encoded level of
  // the body's WBTB row, any nonzero code when that is unknown.
  // A flat array by id: looked up once a run of one id (pixel_rules.cpp).
  std::vector<std::uint32_t> expected(kIdCount, kAnyLevel);
  expected[kNoWater] = 0;
  census_.forEach([&](std::uint16_t id, const BodyPixels& body) {
    const std::size_t* row = rowOf_.find(id);
    if (!row) return;
    const float level = table_->rows[*row].as<float>("surfaceLevel");
    if (const auto code = isla::water_surface::encodeWaterLevel(level)) {
      expected[id] = *code;
      return;
    }
    error("water.level-unencodable",
          "WBTB row " + std::to_string(*row) + " (" + bodyName(id) + ") has surfaceLevel " + number(level) +
              " raw, which WSRF cannot hold (levels " + number(isla::water_surface::kMinLevel) + " .. " +
              number(isla::water_surface::kMaxLevel) + " raw); its WSRF pixels are checked for presence only",
          kTable, body.firstPixel);
  });
  const auto codes = surface.values<std::uint16_t>();
  const auto [extent, level] = countMismatches<2>(
      ids_.pixelCount(), threads_,
      [&](std::uint64_t start, std::uint64_t end) {
        return countSurfaceBreaks(codes, values_, expected.data(), start, end);
      },
      [&](std::size_t which, std::uint64_t i) {
        const std::uint16_t code = codes[i].value();
        return which == 0 ? surfaceExtentBreak(code, idAt(i)) : surfaceLevelBreak(code, expected[idAt(i)]);
      });
  if (extent.count > 0) {
    const auto i = extent.first;
    const std::uint16_t id = idAt(i);
    const std::string found = id == kNoWater
                                  ? "WSRF holds code " + levelText(codes[i].value()) + " where WBID is 0"
                                  : "WSRF holds 0 (no water) in " + bodyName(id);
    error("water.surface-extent",
          std::to_string(extent.count) + " WSRF pixels disagree with WBID on where water is; the first is " +
              at(i) + ": " + found + ". WSRF must be nonzero exactly where WBID is",
          kSurface, i);
  }
  if (level.count > 0) {
    const auto i = level.first;
    const std::uint16_t id = idAt(i);
    const auto want = static_cast<std::uint16_t>(expected[id]);
    error("water.surface-level",
          std::to_string(level.count) + " WSRF pixels hold another level than their body's WBTB " +
              "surfaceLevel; the first is " + at(i) + " in " + bodyName(id) + ": code " +
              levelText(codes[i].value()) + ", expected " + levelText(want),
          kSurface, i);
  }
}

class WaterValidator final : public isla::Validator {
 public:
  std::string name() const override { return "water"; }
  std::string description() const override {
    return "WBID, WBTB and WSRF agree with BIOM and each other: one ocean touching the border, lakes "
           "numbered in scan order, one table row per body with its pixel count, centroid and level";
  }

  void check(const isla::Blueprint& blueprint, const isla::ValidationContext& context,
             isla::Diagnostics& out) const override {
    if (!blueprint.find(kIds)) {
      for (const auto tag : {kTable, kSurface}) {
        if (!blueprint.find(tag)) continue;
        const std::string message = tag.text() + " is present but WBID is not; WBTB and WSRF " +
                                    "describe the water bodies of WBID and are written with it";
        out.add({isla::Severity::Error, "water.unpaired", message, {}, tag, {}, {}, {}});
      }
      return;
    }
    // Present but not decoded (no codec, a skipped layout): nothing to check.
    const auto* ids = blueprint.get<isla::Raster>(kIds);
    if (!ids) return;
    WaterCheck water(*ids, context.threads, out);
    if (const auto* biomes = blueprint.get<isla::Raster>(kBiomes)) water.biomesAgree(*biomes, context.enums);
    water.connectivity();
    water.numbering();
    const auto* table = blueprint.get<isla::Table>(kTable);
    if (table) {
      water.table(*table);
    } else if (!blueprint.find(kTable)) {
      const std::string message =
          "WBID is present but WBTB is not; every water body of WBID needs its WBTB row";
      out.add({isla::Severity::Error, "water.unpaired", message, {}, kIds, {}, {}, {}});
    }
    if (const auto* surface = blueprint.get<isla::Raster>(kSurface)) water.surface(*surface);
  }
};

}  // namespace

}  // namespace isla_water

ISLA_PLUGIN("1.0.0", "water: the water layers agree with BIOM and each other",
            [](isla::PluginRegistrar& registrar) {
              registrar.addValidator(std::make_unique<isla_water::WaterValidator>());
            });
