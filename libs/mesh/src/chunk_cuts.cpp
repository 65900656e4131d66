// SPDX-License-Identifier: MIT
#include "isla/mesh/chunk_cuts.hpp"

namespace isla {

std::vector<std::int32_t> chunkCuts(std::int32_t points, std::int32_t cells) {
  std::vector<std::int32_t> cuts;
  for (std::int64_t at = 0; at < points - 1; at += cells) cuts.push_back(static_cast<std::int32_t>(at));
  cuts.push_back(points - 1);
  return cuts;
}

}  // namespace isla
