// SPDX-License-Identifier: MIT
#include "isla/model/record.hpp"

#include <charconv>
#include <stdexcept>

#include "isla/io/byte_reader.hpp"
#include "isla/io/byte_writer.hpp"

namespace isla {

std::string_view fieldTypeName(FieldType type) {
  switch (type) {
    case FieldType::U8: return "u8";
    case FieldType::U16: return "u16";
    case FieldType::I32: return "i32";
    case FieldType::F32: return "f32";
    case FieldType::Str: return "str";
    case FieldType::U32: return "u32";
    case FieldType::U64: return "u64";
  }
  return "?";
}

RecordLayout::RecordLayout(std::vector<FieldSpec> fields) : fields_(std::move(fields)) {}

std::shared_ptr<const RecordLayout> RecordLayout::make(std::vector<FieldSpec> fields) {
  return std::make_shared<const RecordLayout>(std::move(fields));
}

std::optional<std::size_t> RecordLayout::indexOf(std::string_view name) const {
  for (std::size_t i = 0; i < fields_.size(); ++i) {
    if (fields_[i].name == name) return i;
  }
  return std::nullopt;
}

std::uint64_t RecordLayout::minimumSize() const {
  std::uint64_t size = 0;
  for (const auto& field : fields_) {
    switch (field.type) {
      case FieldType::U8:
      case FieldType::Str: size += 1; break;
      case FieldType::U16: size += 2; break;
      case FieldType::I32:
      case FieldType::U32:
      case FieldType::F32: size += 4; break;
      case FieldType::U64: size += 8; break;
    }
  }
  return size;
}

Record::Record(std::shared_ptr<const RecordLayout> layout, std::vector<FieldValue> values)
    : layout_(std::move(layout)), values_(std::move(values)) {
  if (values_.size() != layout_->fields().size()) {
    throw std::logic_error("record values do not match the layout");
  }
}

const FieldValue& Record::get(std::string_view name) const {
  const auto index = layout_->indexOf(name);
  if (!index) throw std::out_of_range("record has no field '" + std::string(name) + "'");
  return values_[*index];
}

double Record::number(std::string_view name) const { return numberOf(get(name)); }

void Record::set(std::string_view name, FieldValue value) {
  const auto index = layout_->indexOf(name);
  if (!index) throw std::out_of_range("record has no field '" + std::string(name) + "'");
  if (value.index() != values_[*index].index()) {
    throw std::logic_error("field '" + std::string(name) + "' set with the wrong type");
  }
  values_[*index] = std::move(value);
}

double numberOf(const FieldValue& value) {
  return std::visit(
      [&](const auto& v) -> double {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string>) {
          throw std::logic_error("string field read as a number");
        } else {
          return static_cast<double>(v);
        }
      },
      value);
}

std::string toText(const FieldValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return v;
        } else if constexpr (std::is_same_v<T, float>) {
          char buffer[32];
          auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
          return {buffer, result.ptr};
        } else {
          return std::to_string(v);
        }
      },
      value);
}

Record readRecord(ByteReader& in, const std::shared_ptr<const RecordLayout>& layout) {
  std::vector<FieldValue> values;
  values.reserve(layout->fields().size());
  for (const auto& field : layout->fields()) {
    switch (field.type) {
      case FieldType::U8: values.emplace_back(in.u8()); break;
      case FieldType::U16: values.emplace_back(in.u16()); break;
      case FieldType::I32: values.emplace_back(in.i32()); break;
      case FieldType::F32: values.emplace_back(in.f32()); break;
      case FieldType::Str: values.emplace_back(in.str()); break;
      case FieldType::U32: values.emplace_back(in.u32()); break;
      case FieldType::U64: values.emplace_back(in.u64()); break;
    }
  }
  return Record(layout, std::move(values));
}

void writeRecord(const Record& record, ByteWriter& out) {
  for (const auto& value : record.values()) {
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::uint8_t>) out.u8(v);
          if constexpr (std::is_same_v<T, std::uint16_t>) out.u16(v);
          if constexpr (std::is_same_v<T, std::int32_t>) out.i32(v);
          if constexpr (std::is_same_v<T, float>) out.f32(v);
          if constexpr (std::is_same_v<T, std::string>) out.str(v);
          if constexpr (std::is_same_v<T, std::uint32_t>) out.u32(v);
          if constexpr (std::is_same_v<T, std::uint64_t>) out.u64(v);
        },
        value);
  }
}

Table readTable(ByteReader& in, const std::shared_ptr<const RecordLayout>& layout, std::string_view what,
                CountType countType) {
  const std::uint32_t count = in.count(layout->minimumSize(), what, countType);
  Table table{layout, {}};
  table.rows.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) table.rows.push_back(readRecord(in, layout));
  return table;
}

void writeTable(const Table& table, ByteWriter& out, CountType countType) {
  if (countType == CountType::U32) {
    out.u32(static_cast<std::uint32_t>(table.rows.size()));
  } else {
    out.i32(static_cast<std::int32_t>(table.rows.size()));
  }
  for (const auto& row : table.rows) writeRecord(row, out);
}

}  // namespace isla
