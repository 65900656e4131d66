// SPDX-License-Identifier: MIT
// The towns' and roads' ids, names and tiers as 3D Tiles metadata, which
// CesiumJS and 3d-tiles-renderer read without any setting: a property table
// a class (EXT_structural_metadata, at the glTF's root), a row a town or
// road, and each of their primitives' vertices naming its row
// (EXT_mesh_features, a _FEATURE_ID_0 attribute). A town has no name in a
// blueprint: its name is its id in its source ("town-3"), a road's likewise
// ("road-highway-0").
#pragma once

#include <boost/json/object.hpp>

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace isla_3dtiles {

enum class FeatureClass { Town, Road };

struct FeatureRow {
  std::string id, name, tier, source;
};

class FeatureTables {
 public:
  // Adds a row to the class's table; returns the row, the feature id its primitive's vertices carry.
  std::size_t add(FeatureClass of, FeatureRow row);

  // A primitive's EXT_mesh_features object: one feature of the class's table.
  boost::json::object meshFeatures(FeatureClass of) const;

  // The root's EXT_structural_metadata object: the schema and a table a
  // class that has rows, their strings in buffer views that `addView` adds
  // (returning the view's index).
  using AddView = std::function<std::size_t(std::span<const std::byte> bytes)>;
  boost::json::object structuralMetadata(const AddView& addView) const;

  bool empty() const { return towns_.empty() && roads_.empty(); }

 private:
  const std::vector<FeatureRow>& rows(FeatureClass of) const { return of == FeatureClass::Town ? towns_ : roads_; }
  // The class's table, in the order the tables are written.
  std::size_t tableOf(FeatureClass of) const;

  std::vector<FeatureRow> towns_, roads_;
};

}  // namespace isla_3dtiles
