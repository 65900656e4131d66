// SPDX-License-Identifier: MIT
// Records: named, typed fields (PRMS, TCRV, EROS, ...), and tables of them
// (TOWN, WBTB). A layout is data, so any reader can walk any record.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "isla/io/byte_reader.hpp"

namespace isla {

class ByteWriter;

// Every primitive BLUEPRINT_FORMAT.md names; new types go at the end, so
// that a FieldType and a FieldValue keep their values.
enum class FieldType : std::uint8_t { U8, U16, I32, F32, Str, U32, U64 };

std::string_view fieldTypeName(FieldType type);

struct FieldSpec {
  std::string name;  // the spec's field name, e.g. "WorldSeed"
  FieldType type;
  std::string unit = {};  // for display: "raw", "m", "px", ...
};

// In FieldType's order.
using FieldValue =
    std::variant<std::uint8_t, std::uint16_t, std::int32_t, float, std::string, std::uint32_t, std::uint64_t>;

class RecordLayout {
 public:
  // Made by the kernel, so that records outlive the plugin that described them.
  static std::shared_ptr<const RecordLayout> make(std::vector<FieldSpec> fields);

  std::span<const FieldSpec> fields() const { return fields_; }
  std::optional<std::size_t> indexOf(std::string_view name) const;
  // Bytes of the fixed-size fields; a string counts as its 1-byte minimum.
  std::uint64_t minimumSize() const;

  explicit RecordLayout(std::vector<FieldSpec> fields);

 private:
  std::vector<FieldSpec> fields_;
};

class Record {
 public:
  Record(std::shared_ptr<const RecordLayout> layout, std::vector<FieldValue> values);

  const RecordLayout& layout() const { return *layout_; }
  const std::shared_ptr<const RecordLayout>& layoutPtr() const { return layout_; }
  std::span<const FieldValue> values() const { return values_; }

  bool has(std::string_view name) const { return layout_->indexOf(name).has_value(); }
  const FieldValue& get(std::string_view name) const;  // throws std::out_of_range
  template <class T>
  const T& as(std::string_view name) const {
    return std::get<T>(get(name));
  }
  // Any numeric field widened to double.
  double number(std::string_view name) const;
  void set(std::string_view name, FieldValue value);

 private:
  std::shared_ptr<const RecordLayout> layout_;
  std::vector<FieldValue> values_;
};

struct Table {
  std::shared_ptr<const RecordLayout> layout;
  std::vector<Record> rows;
};

double numberOf(const FieldValue& value);
// A value as text: floats shortest round-trip, strings as they are.
std::string toText(const FieldValue& value);

Record readRecord(ByteReader& in, const std::shared_ptr<const RecordLayout>& layout);
void writeRecord(const Record& record, ByteWriter& out);
// A count (an i32, as the format's TOWN and WBTB have, or a u32), then that
// many records; the count is bounded by the bytes left before anything is
// allocated.
Table readTable(ByteReader& in, const std::shared_ptr<const RecordLayout>& layout, std::string_view what,
                CountType count = CountType::I32);
void writeTable(const Table& table, ByteWriter& out, CountType count = CountType::I32);

}  // namespace isla
