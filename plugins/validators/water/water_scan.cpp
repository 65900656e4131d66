// SPDX-License-Identifier: MIT
#include "water_scan.hpp"

#include <isla/parallel/parallel.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <numeric>
#include <vector>

namespace isla_water {

void Pieces::add(std::uint64_t min, std::uint64_t size) {
  if (min < firstMin) {
    secondMin = std::min(secondMin, firstMin);
    firstMin = min;
    firstSize = size;
  } else {
    secondMin = std::min(secondMin, min);
  }
}

void Pieces::merge(const Pieces& other) {
  if (other.firstMin != kNoPixel) add(other.firstMin, other.firstSize);
  secondMin = std::min(secondMin, other.secondMin);
}

namespace {

constexpr std::uint32_t kNone = 0xffffffff;

// A piece cut by a seam between chunks, as far as one chunk has seen it.
struct Part {
  std::uint16_t id;
  bool border;
  std::uint64_t min, size;
};

struct Run {
  std::uint32_t low, high;  // rows, inclusive
  std::uint16_t id;
  std::uint32_t node;  // a union-find node; the part index in a chunk's seam runs
};

// The pieces seen so far; a node is recycled once its piece is finished.
struct Node {
  std::uint32_t parent;
  std::uint16_t id;
  bool border;
  std::int32_t seam;  // the first-column run it holds (its leader in seamSets), or -1
  std::uint64_t min, size;
  std::uint32_t liveAt, doneAt;  // stamps: the last column it was seen in / finished in
};

// The end of the run of one id that starts at values[from]: the first index
// after it that holds another id, or n. Four values are compared a step, as
// one 8-byte word: ocean and land lie in runs of thousands of pixels.
std::uint32_t runEnd(const isla::LittleEndianT<std::uint16_t>* values, std::uint32_t from, std::uint32_t n) {
  std::array<std::byte, 8> lanes;
  for (std::size_t k = 0; k < 4; ++k) std::memcpy(lanes.data() + 2 * k, values + from, 2);
  const auto pattern = std::bit_cast<std::uint64_t>(lanes);
  std::uint32_t end = from + 1;
  for (; end + 4 <= n; end += 4) {
    std::uint64_t word;
    std::memcpy(&word, values + end, sizeof word);
    if (const std::uint64_t differ = word ^ pattern) {
      // The lowest address that differs: the low bits on a little-endian host.
      const int bit = std::endian::native == std::endian::little ? std::countr_zero(differ) : std::countl_zero(differ);
      return end + static_cast<std::uint32_t>(bit / 16);
    }
  }
  const std::uint16_t id = values[from].value();
  while (end < n && values[end].value() == id) ++end;
  return end;
}

std::uint32_t findSet(std::vector<std::uint32_t>& parent, std::uint32_t i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

class ChunkScan {
 public:
  ChunkScan(std::span<const isla::LittleEndianT<std::uint16_t>> ids, std::uint32_t n, std::uint32_t x0,
            std::uint32_t x1)
      : ids_(ids), n_(n), x0_(x0), x1_(x1) {}

  void scan() {
    for (std::uint32_t x = x0_; x < x1_; ++x) column(x);
    closeChunk();
  }

  WaterScan result;
  std::vector<Run> leftRuns, rightRuns;  // first and last column; node = part index
  std::vector<Part> parts;

 private:
  std::uint32_t find(std::uint32_t i) {
    while (nodes_[i].parent != i) i = nodes_[i].parent = nodes_[nodes_[i].parent].parent;
    return i;
  }

  std::uint32_t unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return a;
    if (b < a) std::swap(a, b);
    Node& keep = nodes_[a];
    const Node& gone = nodes_[b];
    keep.min = std::min(keep.min, gone.min);
    keep.size += gone.size;
    keep.border = keep.border || gone.border;
    if (keep.seam < 0) {
      keep.seam = gone.seam;
    } else if (gone.seam >= 0) {
      const auto s = findSet(seamSets_, static_cast<std::uint32_t>(keep.seam));
      const auto t = findSet(seamSets_, static_cast<std::uint32_t>(gone.seam));
      seamSets_[std::max(s, t)] = std::min(s, t);
      keep.seam = static_cast<std::int32_t>(std::min(s, t));
    }
    nodes_[b].parent = a;
    return a;
  }

  std::uint32_t newNode(const Run& run, std::uint32_t x, bool border, std::int32_t seam) {
    const Node node{0, run.id, border, seam, std::uint64_t{x} * n_ + run.low, run.high - run.low + 1u, x, kNone};
    std::uint32_t i;
    if (free_.empty()) {
      i = static_cast<std::uint32_t>(nodes_.size());
      nodes_.push_back(node);
    } else {
      i = free_.back();
      free_.pop_back();
      nodes_[i] = node;
    }
    nodes_[i].parent = i;
    return i;
  }

  void column(std::uint32_t x) {
    const auto* values = ids_.data() + std::uint64_t{x} * n_;
    std::swap(previous_, current_);
    current_.clear();
    for (std::uint32_t y = 0; y < n_;) {
      const std::uint16_t id = values[y].value();
      const std::uint32_t end = runEnd(values, y, n_);
      if (id != kNoWater) {
        result.census.addRun(id, x, y, end - y, n_);
        current_.push_back({y, end - 1, id, kNone});
      }
      y = end;
    }
    // Join each run to the pieces of the previous column's runs it touches.
    for (std::size_t i = 0, j = 0; i < previous_.size() && j < current_.size();) {
      const Run& before = previous_[i];
      Run& run = current_[j];
      if (before.high < run.low) { ++i; continue; }
      if (run.high < before.low) { ++j; continue; }
      if (before.id == run.id) {
        run.node = run.node == kNone ? find(before.node) : unite(run.node, before.node);
      }
      if (before.high < run.high) ++i; else ++j;
    }
    const bool edgeColumn = x == 0 || x + 1 == n_;
    const bool seamColumn = x == x0_ && x0_ > 0;
    for (std::size_t j = 0; j < current_.size(); ++j) {
      Run& run = current_[j];
      const bool border = edgeColumn || run.low == 0 || run.high + 1 == n_;
      if (run.node == kNone) {
        const auto seam = seamColumn ? static_cast<std::int32_t>(j) : -1;
        run.node = newNode(run, x, border, seam);
        if (seamColumn) {
          seamSets_.push_back(static_cast<std::uint32_t>(j));
          leftRuns.push_back({run.low, run.high, run.id, kNone});
        }
        continue;
      }
      Node& root = nodes_[find(run.node)];
      root.size += run.high - run.low + 1u;
      root.border = root.border || border;
    }
    for (Run& run : current_) {
      run.node = find(run.node);
      nodes_[run.node].liveAt = x;
    }
    // The previous column's pieces that did not reach this one are finished;
    // nodes merged into another piece are no longer referenced.
    roots_.clear();
    for (const Run& before : previous_) roots_.push_back(find(before.node));
    for (std::size_t i = 0; i < previous_.size(); ++i) {
      const std::uint32_t node = previous_[i].node;
      const std::uint32_t root = roots_[i];
      if (root != node && nodes_[node].parent != kNone) {
        nodes_[node].parent = kNone;  // freed: only previous runs pointed at it
        free_.push_back(node);
      }
      if (nodes_[root].liveAt != x && nodes_[root].doneAt != x) {
        nodes_[root].doneAt = x;
        finish(root, false);
        free_.push_back(root);
      }
    }
  }

  // A piece the seams may extend becomes a part (its index is returned);
  // any other is counted.
  std::uint32_t finish(std::uint32_t root, bool atRightSeam) {
    const Node& node = nodes_[root];
    if (node.seam >= 0 || atRightSeam) {
      const auto part = static_cast<std::uint32_t>(parts.size());
      parts.push_back({node.id, node.border, node.min, node.size});
      if (node.seam >= 0) seamParts_.emplace_back(findSet(seamSets_, static_cast<std::uint32_t>(node.seam)), part);
      return part;
    }
    countPiece(result, node.id, node.border, node.min, node.size);
    return kNone;
  }

  void closeChunk() {
    for (Run& run : current_) {
      Node& node = nodes_[run.node];
      if (node.doneAt != x1_) {
        node.doneAt = x1_;
        node.liveAt = finish(run.node, x1_ < n_);  // from here on, the part index
      }
      if (x1_ < n_) rightRuns.push_back({run.low, run.high, run.id, node.liveAt});
    }
    std::vector<std::uint32_t> partOfSet(seamSets_.size(), kNone);
    for (const auto& [set, part] : seamParts_) partOfSet[set] = part;
    for (std::size_t k = 0; k < leftRuns.size(); ++k) {
      leftRuns[k].node = partOfSet[findSet(seamSets_, static_cast<std::uint32_t>(k))];
    }
  }

 public:
  static void countPiece(WaterScan& into, std::uint16_t id, bool border, std::uint64_t min, std::uint64_t size) {
    into.pieces[id].add(min, size);
    if (id == kOceanId && !border) {
      into.enclosedOcean += size;
      into.firstEnclosedOcean = std::min(into.firstEnclosedOcean, min);
    }
  }

 private:
  std::span<const isla::LittleEndianT<std::uint16_t>> ids_;
  std::uint32_t n_, x0_, x1_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> free_;
  std::vector<Run> previous_, current_;
  std::vector<std::uint32_t> roots_;  // of previous_, while it is retired
  std::vector<std::uint32_t> seamSets_;  // union-find over the first column's runs
  std::vector<std::pair<std::uint32_t, std::uint32_t>> seamParts_;  // (seam set leader, part)
};

}  // namespace

WaterScan scanWater(const isla::Raster& ids, std::size_t chunks) {
  const auto n = static_cast<std::uint32_t>(ids.mapSize());
  chunks = std::clamp<std::size_t>(chunks, 1, std::max<std::uint32_t>(n, 1));
  std::vector<ChunkScan> scans;
  scans.reserve(chunks);
  for (std::size_t c = 0; c < chunks; ++c) {
    scans.emplace_back(ids.values<std::uint16_t>(), n, static_cast<std::uint32_t>(c * n / chunks),
                       static_cast<std::uint32_t>((c + 1) * n / chunks));
  }
  isla::parallelFor(chunks, static_cast<unsigned>(chunks), [&](std::size_t c) { scans[c].scan(); });

  // Join the parts across each seam, then count the joined pieces.
  std::vector<std::size_t> offset(chunks + 1, 0);
  for (std::size_t c = 0; c < chunks; ++c) offset[c + 1] = offset[c] + scans[c].parts.size();
  std::vector<std::uint32_t> parent(offset[chunks]);
  std::iota(parent.begin(), parent.end(), 0u);
  for (std::size_t c = 0; c + 1 < chunks; ++c) {
    const auto& left = scans[c].rightRuns;
    const auto& right = scans[c + 1].leftRuns;
    for (std::size_t i = 0, j = 0; i < left.size() && j < right.size();) {
      if (left[i].high < right[j].low) { ++i; continue; }
      if (right[j].high < left[i].low) { ++j; continue; }
      if (left[i].id == right[j].id) {
        const auto a = findSet(parent, static_cast<std::uint32_t>(offset[c] + left[i].node));
        const auto b = findSet(parent, static_cast<std::uint32_t>(offset[c + 1] + right[j].node));
        parent[std::max(a, b)] = std::min(a, b);
      }
      if (left[i].high < right[j].high) ++i; else ++j;
    }
  }
  std::vector<Part> joined(parent.size(), Part{0, false, kNoPixel, 0});
  for (std::size_t c = 0; c < chunks; ++c) {
    for (std::size_t p = 0; p < scans[c].parts.size(); ++p) {
      const Part& part = scans[c].parts[p];
      Part& into = joined[findSet(parent, static_cast<std::uint32_t>(offset[c] + p))];
      into.id = part.id;
      into.border = into.border || part.border;
      into.min = std::min(into.min, part.min);
      into.size += part.size;
    }
  }
  WaterScan total = std::move(scans[0].result);
  for (std::size_t c = 1; c < chunks; ++c) {
    const WaterScan& later = scans[c].result;
    total.census.merge(later.census);
    later.pieces.forEach([&](std::uint16_t id, const Pieces& pieces) { total.pieces[id].merge(pieces); });
    total.enclosedOcean += later.enclosedOcean;
    total.firstEnclosedOcean = std::min(total.firstEnclosedOcean, later.firstEnclosedOcean);
  }
  for (std::size_t i = 0; i < joined.size(); ++i) {
    if (parent[i] == i) ChunkScan::countPiece(total, joined[i].id, joined[i].border, joined[i].min, joined[i].size);
  }
  return total;
}

}  // namespace isla_water
