// SPDX-License-Identifier: MIT
#include "isla/json/json_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace isla {

namespace {

// The text being written, in `text`'s bytes [0, used) (its size is the room
// already made, so that a character is a store, not a call), handed to
// `sink` (when there is one) a block at a time: a large document is never
// held whole nor regrown.
class Output {
 public:
  static constexpr std::size_t kBlock = std::size_t{1} << 16;

  Output(std::string& text, const std::function<void(std::string_view)>* sink) : text_(text), sink_(sink) {}

  void put(char c) {
    room(1);
    text_[used_++] = c;
  }
  void put(std::string_view bytes) {
    room(bytes.size());
    std::memcpy(text_.data() + used_, bytes.data(), bytes.size());
    used_ += bytes.size();
  }
  void spillWhenFull() {
    if (sink_ == nullptr || used_ < kBlock) return;
    (*sink_)(std::string_view(text_.data(), used_));
    used_ = 0;
  }
  // The text not yet handed on, as `text` alone.
  void finish() { text_.resize(used_); }

 private:
  void room(std::size_t bytes) {
    if (text_.size() - used_ < bytes) grow(bytes);
  }
  [[gnu::noinline]] void grow(std::size_t bytes) {
    text_.resize(std::max({text_.size() * 2, used_ + bytes, std::size_t{256}}));
  }

  std::string& text_;
  const std::function<void(std::string_view)>* sink_;
  std::size_t used_ = 0;
};

// Whether `c` must be escaped in a JSON string.
bool needsEscape(char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20; }

void writeString(Output& out, std::string_view text) {
  out.put('"');
  while (!text.empty()) {
    // The characters up to the next escape, in one copy: most strings have none.
    const auto plain = std::find_if(text.begin(), text.end(), needsEscape);
    out.put(std::string_view(text.begin(), plain));
    text.remove_prefix(static_cast<std::size_t>(plain - text.begin()));
    if (text.empty()) break;
    const char c = text.front();
    text.remove_prefix(1);
    switch (c) {
      case '"': out.put("\\\""); break;
      case '\\': out.put("\\\\"); break;
      case '\n': out.put("\\n"); break;
      case '\r': out.put("\\r"); break;
      case '\t': out.put("\\t"); break;
      default: {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
        out.put(escaped);
      }
    }
  }
  out.put('"');
}

template <class Integer>
void writeInteger(Output& out, Integer value) {
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.put(std::string_view(buffer, result.ptr));
}

void writeDouble(Output& out, double value) {
  if (!std::isfinite(value)) {
    out.put("null");
    return;
  }
  // A whole number whose last digit is not 0 prints the same as an integer
  // (its shortest form is never the longer scientific one): the integer's
  // conversion is several times cheaper, and heights and places often are whole.
  constexpr double kExact = 9007199254740992.0;  // 2^53: every whole double below is an exact int64
  if (value == std::trunc(value) && std::fabs(value) < kExact) {
    const auto whole = static_cast<std::int64_t>(value);
    if (whole % 10 != 0) {
      writeInteger(out, whole);
      return;
    }
  }
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.put(std::string_view(buffer, result.ptr));
}

void newline(Output& out, bool pretty, int depth) {
  if (!pretty) return;
  out.put('\n');
  for (int i = 0; i < depth; ++i) out.put("  ");
}

void write(Output& out, const boost::json::value& value, bool pretty, int depth) {
  switch (value.kind()) {
    case boost::json::kind::null: out.put("null"); break;
    case boost::json::kind::bool_: out.put(value.get_bool() ? "true" : "false"); break;
    case boost::json::kind::int64: writeInteger(out, value.get_int64()); break;
    case boost::json::kind::uint64: writeInteger(out, value.get_uint64()); break;
    case boost::json::kind::double_: writeDouble(out, value.get_double()); break;
    case boost::json::kind::string: writeString(out, value.get_string()); break;
    case boost::json::kind::array: {
      const auto& array = value.get_array();
      out.put('[');
      for (std::size_t i = 0; i < array.size(); ++i) {
        if (i) out.put(',');
        newline(out, pretty, depth + 1);
        write(out, array[i], pretty, depth + 1);
        out.spillWhenFull();
      }
      if (!array.empty()) newline(out, pretty, depth);
      out.put(']');
      break;
    }
    case boost::json::kind::object: {
      const auto& object = value.get_object();
      out.put('{');
      bool first = true;
      for (const auto& [key, member] : object) {
        if (!first) out.put(',');
        first = false;
        newline(out, pretty, depth + 1);
        writeString(out, key);
        out.put(pretty ? ": " : ":");
        write(out, member, pretty, depth + 1);
        out.spillWhenFull();
      }
      if (!object.empty()) newline(out, pretty, depth);
      out.put('}');
      break;
    }
  }
}

}  // namespace

std::string toJsonText(const boost::json::value& value, bool pretty) {
  std::string text;
  Output out(text, nullptr);
  write(out, value, pretty, 0);
  out.finish();
  return text;
}

void writeJsonText(const std::function<void(std::string_view block)>& sink, const boost::json::value& value,
                   bool pretty) {
  std::string block;  // grows to a block, then is reused: never above malloc's mapping threshold
  Output out(block, &sink);
  write(out, value, pretty, 0);
  out.finish();
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
