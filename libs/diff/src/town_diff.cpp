// SPDX-License-Identifier: MIT
#include "isla/diff/town_diff.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace isla::diff {

namespace {

bool sameTown(const TownRecord& a, const TownRecord& b) {
  return a.x == b.x && a.y == b.y && a.tier == b.tier && a.highwayNode == b.highwayNode;
}

double distance(const TownRecord& a, const TownRecord& b) {
  return std::hypot(static_cast<double>(b.x) - a.x, static_cast<double>(b.y) - a.y);
}

}  // namespace

TownChange compareTowns(const std::vector<TownRecord>& a, const std::vector<TownRecord>& b,
                        double matchRadiusPx, double tolerance) {
  TownChange result;
  result.countA = a.size();
  result.countB = b.size();
  std::vector<bool> usedA(a.size()), usedB(b.size());
  // Towns that did not change at all pair first, in order.
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (!usedB[j] && sameTown(a[i], b[j])) {
        usedA[i] = usedB[j] = true;
        ++result.unchanged;
        break;
      }
    }
  }
  // Then the nearest pairs within the radius, ties by index.
  std::vector<std::tuple<double, std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (usedA[i] || usedB[j]) continue;
      const double d = distance(a[i], b[j]);
      if (d <= matchRadiusPx) pairs.emplace_back(d, i, j);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  for (const auto& [d, i, j] : pairs) {
    if (usedA[i] || usedB[j]) continue;
    usedA[i] = usedB[j] = true;
    const bool sameOtherwise = a[i].tier == b[j].tier && a[i].highwayNode == b[j].highwayNode;
    if (sameOtherwise && d <= tolerance) {
      ++result.unchanged;
    } else {
      result.moved.push_back({i, j, a[i], b[j], d});
    }
  }
  std::sort(result.moved.begin(), result.moved.end(),
            [](const auto& x, const auto& y) { return x.indexA < y.indexA; });
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!usedA[i]) result.removed.push_back({i, a[i]});
  }
  for (std::size_t j = 0; j < b.size(); ++j) {
    if (!usedB[j]) result.added.push_back({j, b[j]});
  }
  return result;
}

}  // namespace isla::diff
