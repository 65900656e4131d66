// SPDX-License-Identifier: MIT
// What the rules need from one terrain file, gathered while its rows stream
// past: extrema, the steepest triangle, overshoot, the four border lines,
// the heights at the scenery's points, and whether its shape was intact.
// Without `recompute` (a stage just written, its figures taken from the
// report) only the border lines, the scenery points and the shape, from
// the first and last rows whole and, of the other rows, their ends and the
// columns of the scenery points' cells.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "json_document.hpp"

namespace isla::terrain_world {

enum class Across { None, Rows, Columns, Corners };  // where overshoot is measured

// A scenery point whose y is checked against this patch's NW-SE surface.
struct ElevationQuery {
  double x = 0, y = 0, z = 0;
  std::string file, pointer;
};

struct PatchGrid {
  std::string patchId;
  std::size_t pointsX = 0, pointsZ = 0;  // as world.json gives them
  double originX = 0, originZ = 0, spacing = 1;
  Across across = Across::None;
};

class PatchFigures final : public RowSink {
 public:
  PatchFigures(PatchGrid grid, std::string file, Report& report, std::vector<ElevationQuery> queries,
               bool recompute);

  void row(std::size_t z, std::span<const double> values, std::size_t count) override;
  void problem(const std::string& pointer, const std::string& message) override;
  void end(std::size_t rows) override;
  std::size_t rowLimit() const override { return grid_.pointsX; }
  Needs needs(std::size_t z) const override;
  void rowSamples(std::size_t z, double first, double last, std::size_t count,
                  std::span<const double> columns) override;

  bool intact() const { return intact_ && ended_; }  // every row read, of the right length
  double minHeight() const { return min_; }
  double maxHeight() const { return max_; }
  double maxSlopeDeg() const;
  double overshoot() const;
  // Along increasing x (north, south) or z (west, east).
  const std::vector<double>& north() const { return north_; }
  const std::vector<double>& south() const { return previous_; }
  const std::vector<double>& west() const { return west_; }
  const std::vector<double>& east() const { return east_; }

 private:
  bool accepts(std::size_t z, std::size_t count);
  void accumulate(std::size_t z);
  void advance(std::size_t z, double first, double last);
  void checkQueries(std::size_t cellRow);

  PatchGrid grid_;
  std::string file_;
  Report report_;
  std::vector<ElevationQuery> queries_;  // by cell row
  bool recompute_;
  // Without recompute_: the columns sampled of the rows the queries' cells span, ascending.
  std::map<std::size_t, std::vector<std::size_t>> sampledColumns_;
  std::size_t previousRow_ = 0;         // the row previous_ holds
  std::size_t nextQuery_ = 0;
  std::size_t problems_ = 0;
  bool intact_ = true;
  bool ended_ = false;
  double min_ = 0, max_ = 0;
  double maxGradient2_ = 0;  // |grad h|^2 of the steepest triangle: atan is taken once
  double overshoot_ = 0;
  std::vector<double> previous_, current_, north_, west_, east_;
  std::vector<double> columnMin_, columnMax_;
};

}  // namespace isla::terrain_world
