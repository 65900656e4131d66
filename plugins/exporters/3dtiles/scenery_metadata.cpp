// SPDX-License-Identifier: MIT
#include "scenery_metadata.hpp"

#include <cstdint>

namespace isla_3dtiles {

namespace {

constexpr const char* kClassNames[] = {"town", "road"};
constexpr FeatureClass kClasses[] = {FeatureClass::Town, FeatureClass::Road};
// The properties of either class, in their order.
constexpr const char* kProperties[] = {"id", "name", "tier", "source"};

const std::string& value(const FeatureRow& row, std::size_t property) {
  switch (property) {
    case 0:
      return row.id;
    case 1:
      return row.name;
    case 2:
      return row.tier;
    default:
      return row.source;
  }
}

const char* className(FeatureClass of) { return kClassNames[static_cast<std::size_t>(of)]; }

}  // namespace

std::size_t FeatureTables::add(FeatureClass of, FeatureRow row) {
  std::vector<FeatureRow>& table = of == FeatureClass::Town ? towns_ : roads_;
  table.push_back(std::move(row));
  return table.size() - 1;
}

std::size_t FeatureTables::tableOf(FeatureClass of) const {
  return of == FeatureClass::Road && !towns_.empty() ? 1 : 0;
}

boost::json::object FeatureTables::meshFeatures(FeatureClass of) const {
  return {{"featureIds", boost::json::array{boost::json::object{
                             {"featureCount", 1}, {"attribute", 0}, {"propertyTable", tableOf(of)}}}}};
}

boost::json::object FeatureTables::structuralMetadata(const AddView& addView) const {
  boost::json::object classes;
  boost::json::array tables;
  for (const FeatureClass of : kClasses) {
    const std::vector<FeatureRow>& table = rows(of);
    if (table.empty()) continue;
    boost::json::object definitions, columns;
    for (std::size_t p = 0; p < std::size(kProperties); ++p) {
      definitions[kProperties[p]] = {{"type", "STRING"}};
      // The strings' UTF-8 bytes one after another, and where each starts (and the last ends).
      std::string bytes;
      std::vector<std::uint32_t> offsets{0};
      for (const FeatureRow& row : table) {
        bytes += value(row, p);
        offsets.push_back(static_cast<std::uint32_t>(bytes.size()));
      }
      const std::size_t values = addView(std::as_bytes(std::span(bytes)));
      columns[kProperties[p]] = {{"values", values}, {"stringOffsets", addView(std::as_bytes(std::span(offsets)))}};
    }
    classes[className(of)] = {{"properties", std::move(definitions)}};
    tables.emplace_back(boost::json::object{{"class", className(of)}, {"count", table.size()}, {"properties", std::move(columns)}});
  }
  return {{"schema", {{"id", "isla_scenery"}, {"classes", std::move(classes)}}}, {"propertyTables", std::move(tables)}};
}

}  // namespace isla_3dtiles
