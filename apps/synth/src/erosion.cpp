// SPDX-License-Identifier: MIT
#include "isla/synth/erosion.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "isla/synth/random.hpp"

namespace isla::synth {

namespace {

// Cells within the radius, weighted by how near they are, weights summing to 1.
struct Brush {
  struct Tap {
    std::int32_t dx;
    std::int32_t dy;
    double weight;
  };
  std::vector<Tap> taps;

  explicit Brush(std::int32_t radius) {
    double total = 0;
    for (std::int32_t dx = -radius; dx <= radius; ++dx) {
      for (std::int32_t dy = -radius; dy <= radius; ++dy) {
        const double weight = radius - std::hypot(dx, dy);
        if (weight <= 0) continue;
        taps.push_back({dx, dy, weight});
        total += weight;
      }
    }
    if (taps.empty()) taps.push_back({0, 0, total = 1});
    for (auto& tap : taps) tap.weight /= total;
  }
};

// The cells whose height the pass must leave as it is, one bit a cell (by
// Grid::index): the water, each lake's bank (so that no notch drains a lake
// below its level) and the impact's surroundings.
std::vector<bool> frozenCells(const ClassifiedGround& ground, const ErosionRecord& record) {
  const Grid<std::uint16_t>& water = ground.waterIds;
  const std::int32_t size = water.size();
  std::vector<bool> frozen(water.cellCount());
  for (std::size_t i = 0; i < frozen.size(); ++i) frozen[i] = water[i] != 0;
  for (const auto& lake : ground.lakes) {
    const PixelBox box = lake.bounds(lake.bankReach, size);
    for (std::int32_t x = box.x0; x <= box.x1; ++x) {
      for (std::int32_t y = box.y0; y <= box.y1; ++y) {
        if (lake.shoreDistance(x, y) < lake.bankReach) frozen[water.index(x, y)] = true;
      }
    }
  }
  const Crater& crater = ground.crater;
  const double excluded = record.craterExclFactor * crater.radius;
  const double excludedSquared = excluded * excluded;
  auto clip = [&](double value) {
    return static_cast<std::int32_t>(std::clamp(value, 0.0, static_cast<double>(size - 1)));
  };
  const std::int32_t x0 = clip(std::floor(crater.x - excluded)), x1 = clip(std::ceil(crater.x + excluded));
  const std::int32_t y0 = clip(std::floor(crater.y - excluded)), y1 = clip(std::ceil(crater.y + excluded));
  for (std::int32_t x = x0; x <= x1; ++x) {
    for (std::int32_t y = y0; y <= y1; ++y) {
      const double dx = x - crater.x, dy = y - crater.y;
      if (dx * dx + dy * dy <= excludedSquared) frozen[water.index(x, y)] = true;
    }
  }
  return frozen;
}

class Droplets {
 public:
  Droplets(Grid<float>& heights, const ClassifiedGround& ground, const ErosionRecord& record)
      : heights_(heights),
        waterIds_(ground.waterIds),
        record_(record),
        brush_(std::max(0, record.brushRadius)),
        ledger_(heights.size()),
        frozen_(frozenCells(ground, record)),
        sea_(ground.seaLevel * kMetresPerRaw),
        floor_(sea_ + record.seaMarginM) {}

  void roll(double x, double y) {
    const std::int32_t last = heights_.size() - 1;
    double dirX = 0, dirY = 0, speed = 1, water = 1, sediment = 0;
    for (std::int32_t step = 0; step < record_.lifetime; ++step) {
      const auto cellX = static_cast<std::int32_t>(x);
      const auto cellY = static_cast<std::int32_t>(y);
      const Sample here = sample(x, y);
      dirX = dirX * record_.inertia - here.gradientX * (1 - record_.inertia);
      dirY = dirY * record_.inertia - here.gradientY * (1 - record_.inertia);
      const double length = std::sqrt(dirX * dirX + dirY * dirY);
      if (length == 0) return;  // a flat: the droplet stops
      dirX /= length;
      dirY /= length;
      const double nextX = x + dirX, nextY = y + dirY;
      if (nextX < 0 || nextY < 0 || nextX >= last || nextY >= last) return;
      const double drop = sample(nextX, nextY).height - here.height;  // metres, < 0 downhill
      if (here.height + drop < sea_) return;                          // into the sea
      const auto nextCellX = static_cast<std::int32_t>(nextX), nextCellY = static_cast<std::int32_t>(nextY);
      if (waterIds_(nextCellX, nextCellY) != 0) return;  // into a lake
      const double capacity =
          std::max(-drop * speed * water * record_.capacityFactor, double{record_.minSlopeM});
      if (sediment > capacity || drop > 0) {
        const double amount =
            drop > 0 ? std::min(drop, sediment) : (sediment - capacity) * record_.depositRate;
        sediment -= deposit(cellX, cellY, amount);
      } else {
        sediment += carve(cellX, cellY, std::min((capacity - sediment) * record_.erodeRate, -drop));
      }
      speed = std::sqrt(std::max(0.0, speed * speed - drop * record_.gravity));
      water *= 1 - record_.evaporation;
      x = nextX;
      y = nextY;
    }
  }

 private:
  struct Sample {
    double height;  // metres
    double gradientX;
    double gradientY;
  };

  // Bilinear height and gradient, metres per pixel.
  Sample sample(double x, double y) const {
    const auto cellX = static_cast<std::int32_t>(x);
    const auto cellY = static_cast<std::int32_t>(y);
    const double fx = x - cellX, fy = y - cellY;
    const double h00 = metres(cellX, cellY), h10 = metres(cellX + 1, cellY);
    const double h01 = metres(cellX, cellY + 1), h11 = metres(cellX + 1, cellY + 1);
    return {h00 * (1 - fx) * (1 - fy) + h10 * fx * (1 - fy) + h01 * (1 - fx) * fy + h11 * fx * fy,
            (h10 - h00) * (1 - fy) + (h11 - h01) * fy, (h01 - h00) * (1 - fx) + (h11 - h10) * fx};
  }

  double metres(std::int32_t x, std::int32_t y) const { return heights_(x, y) * kMetresPerRaw; }

  template <class Take>
  double spread(std::int32_t x, std::int32_t y, double amount, Take take) {
    double moved = 0;
    for (const auto& tap : brush_.taps) {
      const std::int32_t px = x + tap.dx, py = y + tap.dy;
      if (!heights_.contains(px, py) || frozen_[heights_.index(px, py)]) continue;
      moved += take(px, py, amount * tap.weight);
    }
    return moved;
  }

  // Returns the metres actually carved, within the cap and above the floor.
  double carve(std::int32_t x, std::int32_t y, double amount) {
    return spread(x, y, amount, [&](std::int32_t px, std::int32_t py, double want) {
      const double room = std::min(double{record_.carveCapM} - ledger_(px, py), metres(px, py) - floor_);
      const double cut = std::min(want, room);
      if (cut <= 0) return 0.0;
      adjust(px, py, -cut);
      return cut;
    });
  }

  // Returns the metres actually deposited, within the cap (<= 0: none).
  double deposit(std::int32_t x, std::int32_t y, double amount) {
    return spread(x, y, amount, [&](std::int32_t px, std::int32_t py, double want) {
      const double room = record_.depositCapM > 0 ? double{record_.depositCapM} + ledger_(px, py)
                                                  : std::numeric_limits<double>::infinity();
      const double fill = std::min(want, room);
      if (fill <= 0) return 0.0;
      adjust(px, py, fill);
      return fill;
    });
  }

  // The ledger holds the net displacement, positive where carved.
  void adjust(std::int32_t x, std::int32_t y, double metresUp) {
    heights_(x, y) = static_cast<float>((metres(x, y) + metresUp) / kMetresPerRaw);
    ledger_(x, y) = static_cast<float>(ledger_(x, y) - metresUp);
  }

  Grid<float>& heights_;
  const Grid<std::uint16_t>& waterIds_;
  const ErosionRecord& record_;
  Brush brush_;
  Grid<float> ledger_;
  std::vector<bool> frozen_;
  double sea_;
  double floor_;
};

}  // namespace

void erode(Grid<float>& heights, std::int32_t seed, const ClassifiedGround& ground,
           const ErosionRecord& record) {
  Droplets droplets(heights, ground, record);
  Pcg32 random = stageRandom(seed + record.seedOffset, Stage::ErosionDroplets);
  const double last = heights.size() - 1;
  for (std::int32_t i = 0; i < record.dropletCount; ++i) {
    const double x = random.uniform(0, last);
    const double y = random.uniform(0, last);
    droplets.roll(x, y);
  }
}

}  // namespace isla::synth
