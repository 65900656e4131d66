// SPDX-License-Identifier: MIT
// terrain/*.json: one streamed pass over each file, its shape, figures and
// the samples other documents ask for.
#include "package_checker.hpp"

#include <cmath>

namespace isla::terrain_world {

namespace {

// A terrain header is a handful of values; more is not a terrain file.
constexpr std::size_t kMaxTerrainHeaderValues = 256;

}  // namespace

// At CheckDepth::Full the heights are first parsed as plain numbers; that
// read is kept when it read the document and its reader reported nothing,
// else the parser reads it again so that the diagnostics are the parser's.
void PackageCheck::readTerrain(std::size_t index, Diagnostics& found) {
  if (!terrainFiles_[index]) return;
  Report report(found);
  const PatchEntry& p = model_.patches[index];
  if (!model_.latticeIntact) {
    if (!recompute_) checkHash(*terrainFiles_[index], p.terrain, report);
    return;
  }
  const std::string& file = p.terrain.path;
  const bool oddRow = p.latticeRow % 2 == 1, oddCol = p.latticeCol % 2 == 1;
  const Across across = oddRow && oddCol ? Across::Corners : oddCol ? Across::Rows : oddRow ? Across::Columns
                                                                                           : Across::None;
  PatchGrid grid{p.id, static_cast<std::size_t>(p.pointsX), static_cast<std::size_t>(p.pointsZ),
                 p.originX, p.originZ, model_.spacing, across};
  std::unique_ptr<PatchFigures> figures;
  // A stage just written is hashed in the skim's pass, so that a terrain
  // of gigabytes is read once, and its pages leave the page cache behind
  // the skim (nothing reads them again). `validate` hashes on another
  // thread (the hash tasks) and leaves the cache alone.
  std::string sha256;
  auto read = [&](Report& figuresReport, Report& readerReport, Skim skim) {
    figures = std::make_unique<PatchFigures>(grid, file, figuresReport, queries_[index], recompute_);
    return readDocument(*terrainFiles_[index], file, readerReport,
                        {.sink = figures.get(), .maxValues = kMaxTerrainHeaderValues, .skim = skim,
                         .sha256 = recompute_ ? nullptr : &sha256, .dropBehind = !recompute_});
  };
  std::optional<json::value> header;
  if (recompute_) {
    Diagnostics figuresFound, readerFound;
    Report figuresReport(figuresFound), readerReport(readerFound);
    header = read(figuresReport, readerReport, Skim::Plain);
    if (header && readerFound.empty()) found.append(figuresFound);
    else header = read(report, report, Skim::None);
  } else {
    header = read(report, report, Skim::Sampled);
  }
  if (!recompute_ && sha256.empty()) checkHash(*terrainFiles_[index], p.terrain, report);
  if (!sha256.empty()) compareHash(sha256, p.terrain, report);
  if (!header || !conforms(*schema_, *header, "terrain", file, report)) return;
  auto differs = [&](const std::string& key, const std::string& got, const std::string& want) {
    report.error("world.terrain-header", file, "/" + key,
                  file + " has " + key + " " + got + " but world.json gives " + want + " for patch '" + p.id + "'");
  };
  if (str(header->at("patch_id")) != p.id) differs("patch_id", "'" + str(header->at("patch_id")) + "'", "'" + p.id + "'");
  if (real(header->at("spacing_m")) != model_.spacing) {
    differs("spacing_m", numberText(real(header->at("spacing_m"))), numberText(model_.spacing));
  }
  const double ox = real(header->at("origin_m").at(0)), oz = real(header->at("origin_m").at(1));
  if (ox != p.originX || oz != p.originZ) {
    differs("origin_m", "[" + numberText(ox) + ", " + numberText(oz) + "]",
            "[" + numberText(p.originX) + ", " + numberText(p.originZ) + "]");
  }
  for (const auto& [key, want] : {std::pair("point_count_x", p.pointsX), std::pair("point_count_z", p.pointsZ)}) {
    const std::int64_t got = header->at(key).to_number<std::int64_t>();
    if (got != want) differs(key, std::to_string(got), std::to_string(want));
  }
  if (!figures->intact()) return;
  if (recompute_) slopes_[index] = figures->maxSlopeDeg();
  figures_[index] = std::move(figures);
}

}  // namespace isla::terrain_world
