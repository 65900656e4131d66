// SPDX-License-Identifier: MIT
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "isla/shard/shard.hpp"

namespace isla {

std::vector<unsigned> splitPatches(std::span<const std::uint64_t> samples, unsigned shards) {
  if (shards == 0) throw std::invalid_argument("splitPatches: no shards");
  std::vector<std::size_t> order(samples.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return samples[a] > samples[b]; });
  std::vector<std::uint64_t> load(shards, 0);
  std::vector<unsigned> owner(samples.size(), 0);
  for (const std::size_t patch : order) {
    const auto lightest = static_cast<unsigned>(std::min_element(load.begin(), load.end()) - load.begin());
    owner[patch] = lightest;
    load[lightest] += samples[patch];
  }
  return owner;
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
  const auto latticeCols = static_cast<std::size_t>(2 * cols - 1);
  for (const std::size_t patch : patches) {
    const auto r = static_cast<std::int32_t>(patch / latticeCols), c = static_cast<std::int32_t>(patch % latticeCols);
    // The sources at the even lattice cells next to (r, c), or at it.
    for (std::int32_t sr = r / 2; sr <= (r + 1) / 2; ++sr) {
      for (std::int32_t sc = c / 2; sc <= (c + 1) / 2; ++sc) {
        needed[static_cast<std::size_t>(sr) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(sc)] = true;
      }
    }
  }
  if (patches.empty()) needed.front() = true;
  return needed;
}

std::filesystem::path shardDirectory(const std::filesystem::path& shardDir, unsigned index) {
  return shardDir / ("shard-" + std::to_string(index));
}

}  // namespace isla
