// SPDX-License-Identifier: MIT
// JSON streamed onto a ByteSink in the layout of the Terrain World package
// (docs/terrain-world-blueprint.md): keys in call order, one member or element
// a line with two-space indentation, compact arrays (a row of numbers) on one
// line without spaces, `\n` line ends and a final newline. Numbers print as
// the shortest fixed-notation decimal that reads back as the same float or
// double, never with an exponent. Nothing is held but a small buffer, so a
// document of any size streams in constant memory.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/io/byte_writer.hpp"

namespace isla {

class ISLA_API JsonWriter {
 public:
  explicit JsonWriter(ByteSink& sink);
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;
  ~JsonWriter();  // an unfinished document is abandoned, not flushed

  void beginObject();
  void endObject();
  // One element a line.
  void beginArray();
  // Every element, nested arrays and objects too, on this line: [1,[2,3]].
  void beginCompactArray();
  void endArray();
  void key(std::string_view name);

  // Control characters, quotes and backslashes are escaped; UTF-8 passes
  // through and each byte that is not part of valid UTF-8 becomes U+FFFD.
  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(bool flag);
  void value(std::nullptr_t);
  void value(std::int64_t number);
  void value(std::uint64_t number);
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  void value(T number) {
    if constexpr (std::signed_integral<T>) {
      value(static_cast<std::int64_t>(number));
    } else {
      value(static_cast<std::uint64_t>(number));
    }
  }
  // Shortest round trip in fixed notation; -0 prints as 0. A non-finite
  // number throws std::domain_error naming its JSON pointer.
  void value(double number);
  void value(float number);
  template <class T>
  void value(const std::optional<T>& optional) {
    if (optional) {
      value(*optional);
    } else {
      value(nullptr);
    }
  }
  // A compact array of numbers: [37.65,-125.5,0].
  void numbers(std::span<const float> values);
  void numbers(std::span<const double> values);
  // The same text appended to `out`, away from any writer, so that threads
  // can format rows that one writer then places with preformatted(). A
  // non-finite number throws std::domain_error naming `pointer`/<index>.
  // It makes kNumberRoom bytes a number (with its comma) before formatting,
  // more only for unusually long ones: room reserved at that never grows.
  static constexpr std::size_t kNumberRoom = 16;
  static void appendNumbers(std::string& out, std::span<const float> values, std::string_view pointer);
  // A value whose JSON text was made elsewhere (appendNumbers), separated
  // and indented like any other value.
  void preformatted(std::string_view json);

  template <class T>
  void member(std::string_view name, const T& content) {
    key(name);
    value(content);
  }

  // Ends the document with its final newline and hands every byte to the
  // sink; throws std::logic_error while a container is open.
  void finish();

 private:
  struct Frame {
    bool object = false;
    bool compact = false;
    std::size_t count = 0;
    std::string key;  // the last key of an object, for the JSON pointer of errors
  };

  void beginContainer(bool object, bool compact, char open);
  void endContainer(bool object, char close);
  void beforeValue();
  template <class T>
  void writeNumbers(std::span<const T> values);
  template <class T>
  void writeNumber(T number, std::optional<std::size_t> index);
  void writeString(std::string_view text);
  std::string pointer(std::optional<std::size_t> index) const;
  void ensure(std::size_t bytes);
  void put(char c) { *next_++ = c; }
  void put(std::string_view text);
  void flush();

  ByteSink& sink_;
  std::vector<Frame> frames_;
  bool keyPending_ = false;
  bool done_ = false;
  std::unique_ptr<char[]> buffer_;
  char* next_;
  char* end_;
};

}  // namespace isla
