// SPDX-License-Identifier: MIT
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "isla/shard/shard.hpp"

namespace isla {

namespace {

// The sources (row, col) a patch of the lattice is made from: those at the
// even lattice cells next to it, or at it (a source patch its own, a strip
// the two it joins, a corner the four around it).
template <class Visit>
void forEachSourceOf(std::size_t patch, std::int32_t cols, Visit visit) {
  const auto latticeCols = static_cast<std::size_t>(2 * cols - 1);
  const auto r = static_cast<std::int32_t>(patch / latticeCols), c = static_cast<std::int32_t>(patch % latticeCols);
  for (std::int32_t sr = r / 2; sr <= (r + 1) / 2; ++sr) {
    for (std::int32_t sc = c / 2; sc <= (c + 1) / 2; ++sc) visit(sr, sc);
  }
}

struct Split {
  std::vector<unsigned> owners;      // by patch
  std::vector<std::uint64_t> loads;  // by shard: samples

  std::uint64_t largestLoad() const { return *std::max_element(loads.begin(), loads.end()); }
  unsigned lightest() const {
    return static_cast<unsigned>(std::min_element(loads.begin(), loads.end()) - loads.begin());
  }
  void give(std::size_t patch, unsigned shard, std::span<const std::uint64_t> samples) {
    owners[patch] = shard;
    loads[shard] += samples[patch];
  }
};

// The patches `which` keeps, the largest first (ties: the lower index).
template <class Which>
std::vector<std::size_t> largestFirst(std::span<const std::uint64_t> samples, Which which) {
  std::vector<std::size_t> order;
  for (std::size_t p = 0; p < samples.size(); ++p) {
    if (which(p)) order.push_back(p);
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return samples[a] > samples[b]; });
  return order;
}

// Every patch, the largest first, to the lightest shard.
Split byLoadAlone(std::span<const std::uint64_t> samples, unsigned shards) {
  Split split{std::vector<unsigned>(samples.size(), 0), std::vector<std::uint64_t>(shards, 0)};
  for (const std::size_t patch : largestFirst(samples, [](std::size_t) { return true; })) {
    split.give(patch, split.lightest(), samples);
  }
  return split;
}

// The shards holding the sources a patch is made from, each once.
std::vector<unsigned> shardsBeside(std::size_t patch, std::int32_t cols, const std::vector<unsigned>& owners) {
  const auto latticeCols = static_cast<std::size_t>(2 * cols - 1);
  std::vector<unsigned> shards;
  forEachSourceOf(patch, cols, [&](std::int32_t sr, std::int32_t sc) {
    const unsigned owner = owners[2 * static_cast<std::size_t>(sr) * latticeCols + 2 * static_cast<std::size_t>(sc)];
    if (std::find(shards.begin(), shards.end(), owner) == shards.end()) shards.push_back(owner);
  });
  return shards;
}

// The sources as byLoadAlone gives them; then each strip and corner, the
// largest first, to the lightest shard that holds a source beside it (ties:
// the one with fewer seams still to place beside it, which keeps room for
// them; then the lower shard), unless that would load it above `bound`:
// then to the lightest shard.
Split besideTheirSources(std::int32_t cols, std::span<const std::uint64_t> samples, unsigned shards,
                         std::uint64_t bound) {
  Split split{std::vector<unsigned>(samples.size(), 0), std::vector<std::uint64_t>(shards, 0)};
  const auto latticeCols = static_cast<std::size_t>(2 * cols - 1);
  const auto isSource = [&](std::size_t p) { return (p / latticeCols) % 2 == 0 && (p % latticeCols) % 2 == 0; };
  for (const std::size_t patch : largestFirst(samples, isSource)) split.give(patch, split.lightest(), samples);
  const std::vector<std::size_t> seams = largestFirst(samples, [&](std::size_t p) { return !isSource(p); });
  std::vector<std::vector<unsigned>> beside(samples.size());
  std::vector<std::size_t> waiting(shards, 0);  // by shard: seams beside it not placed yet
  for (const std::size_t seam : seams) {
    beside[seam] = shardsBeside(seam, cols, split.owners);
    for (const unsigned shard : beside[seam]) ++waiting[shard];
  }
  for (const std::size_t seam : seams) {
    for (const unsigned shard : beside[seam]) --waiting[shard];
    std::optional<unsigned> chosen;
    for (const unsigned shard : beside[seam]) {
      if (split.loads[shard] + samples[seam] > bound) continue;
      const auto rank = [&](unsigned k) { return std::tuple(split.loads[k], waiting[k], k); };
      if (!chosen || rank(shard) < rank(*chosen)) chosen = shard;
    }
    split.give(seam, chosen.value_or(split.lightest()), samples);
  }
  return split;
}

}  // namespace

std::vector<unsigned> splitPatches(std::int32_t rows, std::int32_t cols, std::span<const std::uint64_t> samples,
                                   unsigned shards) {
  if (shards == 0) throw std::invalid_argument("splitPatches: no shards");
  if (rows < 1 || cols < 1 ||
      samples.size() != static_cast<std::size_t>(2 * rows - 1) * static_cast<std::size_t>(2 * cols - 1)) {
    throw std::invalid_argument("splitPatches: the samples are not those of a lattice of " + std::to_string(rows) +
                                " x " + std::to_string(cols) + " sources");
  }
  Split alone = byLoadAlone(samples, shards);
  Split beside = besideTheirSources(cols, samples, shards, alone.largestLoad());
  return beside.largestLoad() <= alone.largestLoad() ? std::move(beside.owners) : std::move(alone.owners);
}

std::vector<std::uint64_t> latticeSamples(std::int32_t rows, std::int32_t cols, std::int32_t mapSize,
                                          std::int32_t gapCells) {
  const auto points = [&](std::int32_t latticeIndex) {
    return static_cast<std::uint64_t>(latticeIndex % 2 == 0 ? mapSize : gapCells + 1);
  };
  std::vector<std::uint64_t> samples;
  for (std::int32_t r = 0; r < 2 * rows - 1; ++r) {
    for (std::int32_t c = 0; c < 2 * cols - 1; ++c) samples.push_back(points(r) * points(c));
  }
  return samples;
}

std::vector<bool> sourcesOfShard(std::int32_t rows, std::int32_t cols, std::span<const std::size_t> patches) {
  std::vector<bool> needed(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), false);
  for (const std::size_t patch : patches) {
    forEachSourceOf(patch, cols, [&](std::int32_t sr, std::int32_t sc) {
      needed[static_cast<std::size_t>(sr) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(sc)] = true;
    });
  }
  return needed;
}

std::filesystem::path shardDirectory(const std::filesystem::path& shardDir, unsigned index) {
  return shardDir / ("shard-" + std::to_string(index));
}

}  // namespace isla
