// SPDX-License-Identifier: MIT
#include "isla/diff/record_diff.hpp"

#include <cmath>
#include <map>

namespace isla::diff {

namespace {

bool equal(const FieldValue& a, const FieldValue& b, double tolerance) {
  if (a == b) return true;
  if (std::holds_alternative<std::string>(a) || std::holds_alternative<std::string>(b)) return false;
  return std::fabs(numberOf(a) - numberOf(b)) <= tolerance;
}

std::string rowKey(const Record& row, std::size_t position) {
  return row.has("id") ? "id " + toText(row.get("id")) : "row " + std::to_string(position);
}

}  // namespace

std::vector<FieldChange> compareRecords(const Record& a, const Record& b, double tolerance) {
  std::vector<FieldChange> changes;
  for (const auto& spec : a.layout().fields()) {
    const FieldValue& from = a.get(spec.name);
    if (!b.has(spec.name)) {
      changes.push_back({spec.name, toText(from), std::nullopt});
    } else if (!equal(from, b.get(spec.name), tolerance)) {
      changes.push_back({spec.name, toText(from), toText(b.get(spec.name))});
    }
  }
  for (const auto& spec : b.layout().fields()) {
    if (!a.has(spec.name)) changes.push_back({spec.name, std::nullopt, toText(b.get(spec.name))});
  }
  return changes;
}

std::vector<RowChange> compareTables(const Table& a, const Table& b, double tolerance) {
  // Each row's key, in order; the same key twice keeps its occurrences apart.
  auto keyed = [](const Table& table) {
    std::map<std::string, std::vector<const Record*>> rows;
    std::vector<std::string> order;
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
      auto key = rowKey(table.rows[i], i);
      if (!rows.contains(key)) order.push_back(key);
      rows[key].push_back(&table.rows[i]);
    }
    return std::pair(std::move(rows), std::move(order));
  };
  const auto [rowsA, orderA] = keyed(a);
  const auto [rowsB, orderB] = keyed(b);
  std::vector<RowChange> changes;
  for (const auto& key : orderA) {
    const auto& from = rowsA.at(key);
    const auto it = rowsB.find(key);
    const std::size_t common = it == rowsB.end() ? 0 : std::min(from.size(), it->second.size());
    for (std::size_t k = 0; k < common; ++k) {
      auto fields = compareRecords(*from[k], *it->second[k], tolerance);
      if (!fields.empty()) changes.push_back({RowChangeKind::Changed, key, std::move(fields)});
    }
    for (std::size_t k = common; k < from.size(); ++k) changes.push_back({RowChangeKind::Removed, key, {}});
  }
  for (const auto& key : orderB) {
    const auto& to = rowsB.at(key);
    const auto it = rowsA.find(key);
    const std::size_t common = it == rowsA.end() ? 0 : std::min(to.size(), it->second.size());
    for (std::size_t k = common; k < to.size(); ++k) changes.push_back({RowChangeKind::Added, key, {}});
  }
  return changes;
}

}  // namespace isla::diff
