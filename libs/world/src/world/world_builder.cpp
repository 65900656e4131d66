// SPDX-License-Identifier: MIT
// The steps of building a World, each over independent pieces: the lattice,
// every source's borders, the edges, each patch's figures (in row ranges,
// so that one large source uses every thread), scenery and water per source.
#include "isla/world/world_builder.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "isla/document/bits_text.hpp"
#include "borders.hpp"
#include "edges.hpp"
#include "isla/base/fourcc.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/base/text_format.hpp"
#include "patch_stats.hpp"
#include "scenery_builder.hpp"
#include "water_regions.hpp"

namespace isla {

namespace {

// Rows of one patch-figures task: about two million samples, so that even
// at 32768² a task reads its rows in bands of 64 (patch_rows.cpp).
constexpr std::int64_t kSamplesPerTask = std::int64_t{1} << 21;

PatchKind kindAt(std::int32_t latticeRow, std::int32_t latticeCol) {
  const bool oddRow = latticeRow % 2 != 0, oddCol = latticeCol % 2 != 0;
  if (oddRow && oddCol) return PatchKind::Corner;
  if (oddRow || oddCol) return PatchKind::Strip;
  return PatchKind::Source;
}

// Source (r, c) starts at grid coordinate c * (cells + gap), r * (cells + gap);
// the odd lattice cells after it start at its last sample.
std::int64_t gridStart(std::int32_t latticeIndex, std::int64_t cells, std::int64_t gap) {
  return latticeIndex / 2 * (cells + gap) + (latticeIndex % 2) * cells;
}

void buildLattice(World& world) {
  const std::int64_t cells = world.mapSize - 1;
  const std::int64_t gap = world.settings.gapCells;
  const double spacing = world.settings.spacingM;
  for (std::int32_t r = 0; r < world.latticeRows(); ++r) {
    for (std::int32_t c = 0; c < world.latticeCols(); ++c) {
      Patch patch;
      patch.id = "p-" + std::to_string(r) + "-" + std::to_string(c);
      patch.kind = kindAt(r, c);
      patch.latticeRow = r;
      patch.latticeCol = c;
      patch.originX = static_cast<double>(gridStart(c, cells, gap)) * spacing;
      patch.originZ = static_cast<double>(gridStart(r, cells, gap)) * spacing;
      patch.pointsX = c % 2 == 0 ? world.mapSize : world.settings.gapCells + 1;
      patch.pointsZ = r % 2 == 0 ? world.mapSize : world.settings.gapCells + 1;
      if (patch.kind == PatchKind::Source) {
        patch.source = static_cast<std::size_t>(r / 2 * world.cols + c / 2);
        world.sources[*patch.source].patch = world.patches.size();
      }
      auto link = [&](Side side, std::int32_t nr, std::int32_t nc) {
        if (nr < 0 || nc < 0 || nr >= world.latticeRows() || nc >= world.latticeCols()) return;
        patch.neighbours[static_cast<std::size_t>(side)] =
            static_cast<std::size_t>(nr * world.latticeCols() + nc);
      };
      link(Side::North, r - 1, c);
      link(Side::East, r, c + 1);
      link(Side::South, r + 1, c);
      link(Side::West, r, c - 1);
      world.patches.push_back(std::move(patch));
    }
  }
}

struct StatsTask {
  std::size_t patch;
  std::int32_t firstRow;
  std::int32_t endRow;
};

std::vector<StatsTask> statsTasks(const World& world, const std::vector<std::optional<PatchStats>>& known) {
  std::vector<StatsTask> tasks;
  for (std::size_t i = 0; i < world.patches.size(); ++i) {
    const Patch& patch = world.patches[i];
    if (known[i]) continue;
    const auto rows = static_cast<std::int32_t>(std::max<std::int64_t>(1, kSamplesPerTask / patch.pointsX));
    for (std::int32_t first = 0; first < patch.pointsZ; first += rows) {
      tasks.push_back({i, first, std::min(patch.pointsZ, first + rows)});
    }
  }
  return tasks;
}

PatchStats merge(const PatchStats& a, const PatchStats& b) {
  return PatchStats{std::min(a.minHeightM, b.minHeightM), std::max(a.maxHeightM, b.maxHeightM),
                    std::max(a.maxSlopeDeg, b.maxSlopeDeg), std::max(a.overshootM, b.overshootM)};
}

// The figures of every patch not known already; progress is reported
// between batches, from this thread.
void computeStats(World& world, const std::vector<std::optional<PatchStats>>& knownFigures, unsigned threads,
                  Progress& progress) {
  std::vector<std::optional<PatchStats>> known = knownFigures;
  known.resize(world.patches.size());
  const auto tasks = statsTasks(world, known);
  std::vector<PatchStats> partial(tasks.size());
  const std::size_t batch = std::max<std::size_t>(1, 4 * static_cast<std::size_t>(threads));
  for (std::size_t begin = 0; begin < tasks.size(); begin += batch) {
    checkInterrupted();
    const std::size_t count = std::min(batch, tasks.size() - begin);
    parallelFor(count, threads, [&](std::size_t i) {
      const StatsTask& task = tasks[begin + i];
      partial[begin + i] = computePatchStats(world, task.patch, task.firstRow, task.endRow);
    });
    progress.update(static_cast<double>(begin + count) / static_cast<double>(tasks.size()));
  }
  world.stats.assign(world.patches.size(), PatchStats{});
  std::vector<bool> seen(world.patches.size(), false);
  for (std::size_t i = 0; i < known.size(); ++i) {
    if (known[i]) world.stats[i] = *known[i];
  }
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const std::size_t patch = tasks[i].patch;
    world.stats[patch] = seen[patch] ? merge(world.stats[patch], partial[i]) : partial[i];
    seen[patch] = true;
  }
}

}  // namespace

void addSlopeWarnings(World& world) {
  for (std::size_t i = 0; i < world.patches.size(); ++i) {
    const double slope = world.stats[i].maxSlopeDeg;
    if (slope <= world.settings.slopeWarningDeg) continue;
    const std::string& id = world.patches[i].id;
    world.warnings.push_back({"slope.steep", id,
                              "patch " + id + " has a triangle of " + fixedText(slope, 1) + " degrees, above the " +
                                  fixedText(world.settings.slopeWarningDeg, 1) + " degree threshold"});
  }
}

namespace {

// The world of `layout` before its sources are placed: settings, shape and
// one WorldSource a layout source, without a blueprint.
World emptyWorld(const Layout& layout, std::int32_t mapSize) {
  World world;
  world.name = layout.name;
  world.settings = layout.settings;
  world.rows = layout.rows;
  world.cols = layout.cols;
  world.mapSize = mapSize;
  for (const LayoutSource& from : layout.sources) {
    world.sources.push_back(WorldSource{from.id, from.ns, from.file, {}, from.row, from.col, nullptr, 0, nullptr});
  }
  return world;
}

std::string settingsBits(const WorldSettings& settings) {
  std::string text = "height_scale_m ";
  appendBits(text, settings.heightScaleM);
  text += "\nspacing_m ";
  appendBits(text, settings.spacingM);
  return text + "\n";
}

// A part of a source: from its known text when that reads back, else made
// (and its text kept in `made` when the caller keeps parts).
template <class Part, class Make, class FromText, class ToText>
Part knownOrMade(const std::optional<std::string>& known, std::optional<std::string>* made, Make make,
                 FromText fromText, ToText toText) {
  if (known) {
    if (auto part = fromText(*known)) return std::move(*part);
  }
  Part part = make();
  if (made) *made = toText(part);
  return part;
}

}  // namespace

std::string_view sourcePartName(SourcePart part) {
  return part == SourcePart::Borders ? "borders" : "water boxes";
}

std::string sourcePartKey(SourcePart part, const std::string& sourceSha256, const WorldSettings& settings) {
  return std::string(sourcePartName(part)) + " 1\nsource " + sourceSha256 + "\n" +
         (part == SourcePart::Borders ? settingsBits(settings) : "");
}

World worldFrame(const Layout& layout, std::int32_t mapSize) {
  World world = emptyWorld(layout, mapSize);
  buildLattice(world);
  auto borders = std::make_shared<World::Borders>();
  borders->sources.resize(world.sources.size());
  world.borders = std::move(borders);
  buildEdges(world);
  return world;
}

namespace {

std::optional<std::string>* madeSlot(std::vector<SourcePartTexts>& made, std::size_t source, SourcePart part) {
  return made.empty() ? nullptr : &made[source][static_cast<std::size_t>(part)];
}

const std::optional<std::string>& knownSlot(const std::vector<SourcePartTexts>& known, std::size_t source,
                                            SourcePart part) {
  static const std::optional<std::string> none;
  return known.empty() ? none : known[source][static_cast<std::size_t>(part)];
}

}  // namespace

WorldBuild::WorldBuild(const Layout& layout, std::vector<LoadedSource> loaded, unsigned threads, Progress& progress,
                       std::vector<SourcePartTexts> knownParts)
    : known_(std::move(knownParts)), threads_(resolveThreads(threads)), progress_(progress) {
  const auto read = std::find_if(loaded.begin(), loaded.end(), [](const LoadedSource& s) { return s.blueprint; });
  world_ = emptyWorld(layout, read == loaded.end() ? throw std::invalid_argument("WorldBuild: no source read")
                                                    : read->blueprint->mapSize);
  if (!known_.empty()) made_.resize(known_.size());
  for (std::size_t i = 0; i < layout.sources.size(); ++i) {
    WorldSource& source = world_.sources[i];
    source.sha256 = std::move(loaded[i].sha256);
    if (loaded[i].blueprint) source.format = loaded[i].blueprint->format;
    source.blueprint = std::move(loaded[i].blueprint);
    source.bundle = std::move(loaded[i].bundle);
    bordersOnly_.push_back(loaded[i].bordersOnly);
  }
  buildLattice(world_);

  auto borders = std::make_shared<World::Borders>();
  borders->sources.resize(world_.sources.size());
  const double scale = world_.settings.heightScaleM, spacing = world_.settings.spacingM;
  parallelFor(world_.sources.size(), threads_, [&](std::size_t i) {
    if (!world_.sources[i].blueprint) return;
    borders->sources[i] = knownOrMade<SourceBorders>(
        knownSlot(known_, i, SourcePart::Borders), madeSlot(made_, i, SourcePart::Borders),
        [&] { return readBorders(world_.sources[i].heights(), scale, spacing); },
        [&](std::string_view text) { return bordersFromText(text, world_.mapSize); }, bordersText);
  });
  world_.borders = std::move(borders);
  buildEdges(world_);
  progress_.update(0.05);
}

World WorldBuild::finish(const EnumTable& enums, const std::vector<std::optional<PatchStats>>& knownFigures) {
  ProgressRange statsProgress(progress_, 0.05, 0.9);
  computeStats(world_, knownFigures, threads_, statsProgress);
  addSlopeWarnings(world_);

  world_.scenery.resize(world_.sources.size());
  std::vector<std::vector<WaterRegion>> regions(world_.sources.size());
  std::vector<std::vector<WorldWarning>> waterWarnings(world_.sources.size());
  parallelFor(world_.sources.size(), threads_, [&](std::size_t i) {
    const WorldSource& source = world_.sources[i];
    if (!source.blueprint || bordersOnly_[i]) return;
    world_.scenery[i] = buildScenery(world_, i, enums);
    WaterBoxes boxes;
    const auto* ids = source.role<WaterBodyIdGrid>();
    if (ids && source.role<WaterBodyTable>()) {  // else no regions to place
      boxes = knownOrMade<WaterBoxes>(
          knownSlot(known_, i, SourcePart::WaterBodyBoxes), madeSlot(made_, i, SourcePart::WaterBodyBoxes),
          [&] { return waterBoxes(ids->ids); },
          [&](std::string_view text) { return waterBoxesFromText(text, world_.mapSize); }, waterBoxesText);
    }
    regions[i] = findWaterRegions(world_, i, boxes, waterWarnings[i]);
  });
  for (std::size_t i = 0; i < world_.sources.size(); ++i) {
    world_.waterRegions.insert(world_.waterRegions.end(), regions[i].begin(), regions[i].end());
    world_.warnings.insert(world_.warnings.end(), waterWarnings[i].begin(), waterWarnings[i].end());
  }
  progress_.update(1.0);
  return std::move(world_);
}

World buildWorld(const Layout& layout, std::vector<LoadedSource> sources, const EnumTable& enums, unsigned threads,
                 Progress& progress) {
  return WorldBuild(layout, std::move(sources), threads, progress).finish(enums);
}

}  // namespace isla
