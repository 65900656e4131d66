// SPDX-License-Identifier: MIT
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "isla/jobs/shard.hpp"

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

std::filesystem::path shardDirectory(const std::filesystem::path& shardDir, unsigned index) {
  return shardDir / ("shard-" + std::to_string(index));
}

}  // namespace isla
