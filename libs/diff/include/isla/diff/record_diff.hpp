// SPDX-License-Identifier: MIT
// Records and tables (PRMS, TCRV, TDTL, EROS, WBTB, ...): every field that
// changed, old -> new, whatever plugin described the layout.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "isla/base/fourcc.hpp"
#include "isla/model/record.hpp"

namespace isla::diff {

struct FieldChange {
  std::string field;
  std::optional<std::string> from;  // nullopt: the field is not in A's layout (another version)
  std::optional<std::string> to;
};

enum class RowChangeKind : std::uint8_t { Added, Removed, Changed };

struct RowChange {
  RowChangeKind kind = RowChangeKind::Changed;
  std::string key;  // "id 3" when the rows have an id field, else "row 3"
  std::vector<FieldChange> fields;  // of a changed row
};

struct RecordChange {
  FourCC tag;
  std::vector<FieldChange> fields;  // a record's
  std::vector<RowChange> rows;      // a table's
  bool empty() const { return fields.empty() && rows.empty(); }
};

// Numeric fields differing by at most `tolerance` are equal.
std::vector<FieldChange> compareRecords(const Record& a, const Record& b, double tolerance);
// Rows matched by their "id" field when the layout has one, else by position.
std::vector<RowChange> compareTables(const Table& a, const Table& b, double tolerance);

}  // namespace isla::diff
