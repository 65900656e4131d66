// SPDX-License-Identifier: MIT
#include "isla/json/json_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace isla {

namespace {

void writeString(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void writeDouble(std::string& out, double value) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

// The text being written, handed to `sink` (when there is one) a block at
// a time, so that a large document is never held whole nor regrown.
struct Output {
  static constexpr std::size_t kBlock = std::size_t{1} << 16;
  std::string& text;
  const std::function<void(std::string_view)>* sink = nullptr;

  void spillWhenFull() {
    if (sink == nullptr || text.size() < kBlock) return;
    (*sink)(text);
    text.clear();
  }
};

void newline(std::string& out, bool pretty, int depth) {
  if (!pretty) return;
  out += '\n';
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
}

void write(Output& output, const boost::json::value& value, bool pretty, int depth) {
  std::string& out = output.text;
  switch (value.kind()) {
    case boost::json::kind::null: out += "null"; break;
    case boost::json::kind::bool_: out += value.get_bool() ? "true" : "false"; break;
    case boost::json::kind::int64: out += std::to_string(value.get_int64()); break;
    case boost::json::kind::uint64: out += std::to_string(value.get_uint64()); break;
    case boost::json::kind::double_: writeDouble(out, value.get_double()); break;
    case boost::json::kind::string: writeString(out, value.get_string()); break;
    case boost::json::kind::array: {
      const auto& array = value.get_array();
      out += '[';
      for (std::size_t i = 0; i < array.size(); ++i) {
        if (i) out += ',';
        newline(out, pretty, depth + 1);
        write(output, array[i], pretty, depth + 1);
        output.spillWhenFull();
      }
      if (!array.empty()) newline(out, pretty, depth);
      out += ']';
      break;
    }
    case boost::json::kind::object: {
      const auto& object = value.get_object();
      out += '{';
      bool first = true;
      for (const auto& [key, member] : object) {
        if (!first) out += ',';
        first = false;
        newline(out, pretty, depth + 1);
        writeString(out, key);
        out += pretty ? ": " : ":";
        write(output, member, pretty, depth + 1);
        output.spillWhenFull();
      }
      if (!object.empty()) newline(out, pretty, depth);
      out += '}';
      break;
    }
  }
}

}  // namespace

std::string toJsonText(const boost::json::value& value, bool pretty) {
  std::string out;
  Output output{out};
  write(output, value, pretty, 0);
  return out;
}

void writeJsonText(const std::function<void(std::string_view block)>& sink, const boost::json::value& value,
                   bool pretty) {
  std::string block;  // grows to a block, then is reused: never above malloc's mapping threshold
  Output output{block, &sink};
  write(output, value, pretty, 0);
  sink(block);
}

double jsonFloat(float value) {
  if (!std::isfinite(value)) return static_cast<double>(value);
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  double out = 0;
  std::from_chars(buffer, result.ptr, out);
  return out;
}

}  // namespace isla
