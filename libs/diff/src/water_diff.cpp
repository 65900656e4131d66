// SPDX-License-Identifier: MIT
#include "isla/diff/water_diff.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "bands.hpp"
#include "isla/diff/diff_layers.hpp"

namespace isla::diff {

std::string_view bodyChangeKindName(BodyChangeKind kind) {
  switch (kind) {
    case BodyChangeKind::Added: return "added";
    case BodyChangeKind::Removed: return "removed";
    case BodyChangeKind::Changed: return "changed";
  }
  return "?";
}

namespace {

// Pixels per (id in A, id in B), 0 meaning no water; and the ocean's moves.
struct Overlaps {
  std::map<std::pair<std::uint16_t, std::uint16_t>, std::uint64_t> pairs;
  std::uint64_t coastlineMoved = 0;
};

Overlaps countOverlaps(const Raster& a, const Raster& b, unsigned threads) {
  const auto left = a.values<std::uint16_t>();
  const auto right = b.values<std::uint16_t>();
  const auto partials = detail::scanBands<Overlaps>(
      a.pixelCount(), threads, [&](std::uint64_t begin, std::uint64_t end, Overlaps& out) {
        // Runs of one pair are long (Y inner), so the map sees a run, not a pixel.
        std::pair<std::uint16_t, std::uint16_t> run{left[begin].value(), right[begin].value()};
        std::uint64_t length = 0;
        const auto close = [&] {
          out.pairs[run] += length;
          if ((run.first == kOceanBodyId) != (run.second == kOceanBodyId)) out.coastlineMoved += length;
        };
        for (std::uint64_t i = begin; i < end; ++i) {
          const std::pair<std::uint16_t, std::uint16_t> pair{left[i].value(), right[i].value()};
          if (pair != run) {
            close();
            run = pair;
            length = 0;
          }
          ++length;
        }
        if (length) close();
      });
  Overlaps total;
  for (const auto& partial : partials) {
    total.coastlineMoved += partial.coastlineMoved;
    for (const auto& [pair, pixels] : partial.pairs) total.pairs[pair] += pixels;
  }
  return total;
}

std::map<std::uint16_t, float> levels(const Blueprint& blueprint) {
  std::map<std::uint16_t, float> out;
  for (const auto& body : waterBodyRecords(blueprint)) out.emplace(body.id, body.surfaceLevel);
  return out;
}

std::optional<float> find(const std::map<std::uint16_t, float>& levels, std::uint16_t id) {
  const auto it = levels.find(id);
  return it == levels.end() ? std::nullopt : std::optional<float>(it->second);
}

bool sameLevel(std::optional<float> a, std::optional<float> b, double tolerance) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  return *a == *b || std::fabs(static_cast<double>(*a) - static_cast<double>(*b)) <= tolerance;
}

}  // namespace

WaterChange compareWater(const Blueprint& a, const Blueprint& b, bool sameIds, double levelTolerance, unsigned threads) {
  // Equal grids overlap themselves: one grid read twice is half the memory.
  const Overlaps overlaps = countOverlaps(*waterIds(a), *waterIds(sameIds ? a : b), threads);
  std::map<std::uint16_t, std::uint64_t> pixelsA, pixelsB;
  for (const auto& [pair, pixels] : overlaps.pairs) {
    if (pair.first) pixelsA[pair.first] += pixels;
    if (pair.second) pixelsB[pair.second] += pixels;
  }
  // Greedy by overlap: the largest shared area pairs first, ties by ids.
  std::vector<std::pair<std::pair<std::uint16_t, std::uint16_t>, std::uint64_t>> candidates;
  for (const auto& entry : overlaps.pairs) {
    if (entry.first.first && entry.first.second) candidates.push_back(entry);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  const auto levelsA = levels(a);
  const auto levelsB = levels(b);
  WaterChange result;
  result.bodiesA = pixelsA.size();
  result.bodiesB = pixelsB.size();
  result.oceanPixelsA = pixelsA.contains(kOceanBodyId) ? pixelsA[kOceanBodyId] : 0;
  result.oceanPixelsB = pixelsB.contains(kOceanBodyId) ? pixelsB[kOceanBodyId] : 0;
  result.coastlineMoved = overlaps.coastlineMoved;
  std::set<std::uint16_t> matchedA, matchedB;
  std::vector<BodyChange> changed;
  for (const auto& [pair, overlap] : candidates) {
    const auto [idA, idB] = pair;
    if (matchedA.contains(idA) || matchedB.contains(idB)) continue;
    matchedA.insert(idA);
    matchedB.insert(idB);
    BodyChange body{BodyChangeKind::Changed, idA, idB, pixelsA[idA], pixelsB[idB], overlap,
                    find(levelsA, idA), find(levelsB, idB)};
    const bool same = idA == idB && body.pixelsA == overlap && body.pixelsB == overlap &&
                      sameLevel(body.levelA, body.levelB, levelTolerance);
    if (same) {
      ++result.unchanged;
    } else {
      changed.push_back(body);
    }
  }
  std::sort(changed.begin(), changed.end(), [](const auto& x, const auto& y) { return x.idA < y.idA; });
  result.bodies = std::move(changed);
  for (const auto& [id, pixels] : pixelsA) {
    if (!matchedA.contains(id)) {
      result.bodies.push_back({BodyChangeKind::Removed, id, 0, pixels, 0, 0, find(levelsA, id), std::nullopt});
    }
  }
  for (const auto& [id, pixels] : pixelsB) {
    if (!matchedB.contains(id)) {
      result.bodies.push_back({BodyChangeKind::Added, 0, id, 0, pixels, 0, std::nullopt, find(levelsB, id)});
    }
  }
  return result;
}

}  // namespace isla::diff
