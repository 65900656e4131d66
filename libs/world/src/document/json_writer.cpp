// SPDX-License-Identifier: MIT
#include "isla/document/json_writer.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "isla/base/utf8.hpp"
#include "shortest_float.hpp"

namespace isla {

namespace {

constexpr std::size_t kBufferSize = std::size_t{1} << 16;
// The longest fixed-notation double: the smallest subnormal, "-0." then 323
// zeros and a digit; DBL_MAX needs 310.
constexpr std::size_t kMaxNumberChars = 340;
// The room a float needs: the longest fixed-notation float is the smallest
// subnormal, "-0." then 44 zeros and a digit (48); the fast path writes up
// to 32 bytes past its at most 17.
constexpr std::size_t kMaxFloatRoom = 64;
// "\u00XX", the longest escape of one byte.
constexpr std::size_t kMaxEscapeChars = 6;
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Below 2^digits, the shortest fixed form has the fewest significant digits
// too. Above it, std::to_chars(fixed) breaks the tie between equally long
// forms by the exact value: 1e20f would print as 100000002004087734272.
template <class T>
constexpr T kExactIntegers = static_cast<T>(std::uint64_t{1} << std::numeric_limits<T>::digits);

// The shortest round-trip digits of a large `number`, written out without an
// exponent: 1e20f as 100000000000000000000. At 2^digits and above the
// spacing of values is 2 or more, so the shortest digits never reach past
// the decimal point.
template <class T>
char* expandedShortest(char* out, T number) {
  char scientific[64];
  const char* end = std::to_chars(scientific, scientific + sizeof scientific, number,
                                  std::chars_format::scientific).ptr;
  const char* e = std::find(static_cast<const char*>(scientific), end, 'e');
  const char* exponentText = e[1] == '+' ? e + 2 : e + 1;
  int exponent = 0;
  std::from_chars(exponentText, end, exponent);
  std::size_t digits = 0;
  for (const char* p = scientific; p != e; ++p) {
    if (*p != '.') {
      *out++ = *p;
      digits += *p != '-';
    }
  }
  return std::fill_n(out, static_cast<std::size_t>(exponent) + 1 - digits, '0');
}

template <class T>
std::string nonFiniteName(T number) {
  if (std::isnan(number)) return "NaN";
  return number > 0 ? "Infinity" : "-Infinity";
}

// The index of the first NaN or infinity in `values`, else its size: a pass
// with no early exit, which vectorises, then a search only if there is one.
std::size_t firstNonFinite(std::span<const float> values) {
  std::uint32_t nonFinite = 0;
  for (const float value : values) {
    nonFinite |= static_cast<std::uint32_t>((std::bit_cast<std::uint32_t>(value) & 0x7F800000U) == 0x7F800000U);
  }
  if (nonFinite == 0) return values.size();
  return static_cast<std::size_t>(
      std::find_if(values.begin(), values.end(), [](float value) { return !std::isfinite(value); }) - values.begin());
}

// RFC 6901: "~" and "/" in a key are escaped.
void appendPointerToken(std::string& out, std::string_view key) {
  for (const char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
}

// A finite number into `out`, which has room for kMaxNumberChars (the fast
// float path writes up to 32 bytes past the number it returns).
template <class T>
char* putNumber(char* out, char* end, T number) {
  if constexpr (std::is_same_v<T, float>) {  // first: heights are almost all covered, and 0 is not
    if (fastShortestCovers(number)) return writeShortestFixed(out, number);
  }
  if (number == 0) {  // -0 too: a sign of zero is noise in heights and normals
    *out = '0';
    return out + 1;
  }
  if (std::fabs(number) < kExactIntegers<T>) return std::to_chars(out, end, number, std::chars_format::fixed).ptr;
  return expandedShortest(out, number);
}

}  // namespace

JsonWriter::JsonWriter(ByteSink& sink)
    : sink_(sink), buffer_(std::make_unique<char[]>(kBufferSize)), next_(buffer_.get()),
      end_(buffer_.get() + kBufferSize) {}

JsonWriter::~JsonWriter() = default;

void JsonWriter::beginObject() { beginContainer(true, false, '{'); }
void JsonWriter::endObject() { endContainer(true, '}'); }
void JsonWriter::beginArray() { beginContainer(false, false, '['); }
void JsonWriter::beginCompactArray() { beginContainer(false, true, '['); }
void JsonWriter::endArray() { endContainer(false, ']'); }

void JsonWriter::key(std::string_view name) {
  if (frames_.empty() || !frames_.back().object || keyPending_) {
    throw std::logic_error("json: a key belongs directly inside an object, once a member");
  }
  Frame& frame = frames_.back();
  ensure(2 + 2 * frames_.size());
  if (frame.count++ > 0) put(',');
  if (!frame.compact) {
    put('\n');
    next_ = std::fill_n(next_, 2 * frames_.size(), ' ');
  }
  writeString(name);
  put(frame.compact ? ":" : ": ");
  frame.key.assign(name);
  keyPending_ = true;
}

void JsonWriter::value(std::string_view text) {
  beforeValue();
  writeString(text);
}

void JsonWriter::value(bool flag) {
  beforeValue();
  put(flag ? "true" : "false");
}

void JsonWriter::value(std::nullptr_t) {
  beforeValue();
  put("null");
}

void JsonWriter::value(std::int64_t number) {
  beforeValue();
  ensure(kMaxNumberChars);
  next_ = std::to_chars(next_, end_, number).ptr;
}

void JsonWriter::value(std::uint64_t number) {
  beforeValue();
  ensure(kMaxNumberChars);
  next_ = std::to_chars(next_, end_, number).ptr;
}

void JsonWriter::value(double number) {
  beforeValue();
  ensure(kMaxNumberChars);
  writeNumber(number, std::nullopt);
}

void JsonWriter::value(float number) {
  beforeValue();
  ensure(kMaxNumberChars);
  writeNumber(number, std::nullopt);
}

void JsonWriter::numbers(std::span<const float> values) { writeNumbers(values); }
void JsonWriter::numbers(std::span<const double> values) { writeNumbers(values); }

void JsonWriter::finish() {
  if (!done_ || !frames_.empty()) {
    throw std::logic_error("json: the document is not complete");
  }
  ensure(1);
  put('\n');
  flush();
}

void JsonWriter::beginContainer(bool object, bool compact, char open) {
  beforeValue();
  const bool inCompact = !frames_.empty() && frames_.back().compact;
  ensure(1);
  put(open);
  frames_.push_back(Frame{object, compact || inCompact, 0, {}});
}

void JsonWriter::endContainer(bool object, char close) {
  if (frames_.empty() || frames_.back().object != object || keyPending_) {
    throw std::logic_error(std::string("json: '") + close + "' does not close the open container");
  }
  const Frame frame = std::move(frames_.back());
  frames_.pop_back();
  ensure(2 + 2 * frames_.size());
  if (!frame.compact && frame.count > 0) {
    put('\n');
    next_ = std::fill_n(next_, 2 * frames_.size(), ' ');
  }
  put(close);
  done_ = frames_.empty();
}

// Separates and indents the value about to be written and counts it.
void JsonWriter::beforeValue() {
  if (frames_.empty()) {
    if (done_) throw std::logic_error("json: a document holds one top-level value");
    done_ = true;
    return;
  }
  Frame& frame = frames_.back();
  if (frame.object) {
    if (!keyPending_) throw std::logic_error("json: a value in an object needs its key first");
    keyPending_ = false;
    return;
  }
  ensure(2 + 2 * frames_.size());
  if (frame.count++ > 0) put(',');
  if (!frame.compact) {
    put('\n');
    next_ = std::fill_n(next_, 2 * frames_.size(), ' ');
  }
}

template <class T>
void JsonWriter::writeNumbers(std::span<const T> values) {
  beforeValue();
  ensure(1);
  put('[');
  for (std::size_t i = 0; i < values.size(); ++i) {
    ensure(kMaxNumberChars + 1);
    if (i > 0) put(',');
    writeNumber(values[i], i);
  }
  ensure(1);
  put(']');
}

// The caller has made room for kMaxNumberChars.
template <class T>
void JsonWriter::writeNumber(T number, std::optional<std::size_t> index) {
  if (!std::isfinite(number)) {
    throw std::domain_error("json: cannot write " + nonFiniteName(number) + " at " + pointer(index) +
                            ": JSON numbers are finite");
  }
  next_ = putNumber(next_, end_, number);
}

void JsonWriter::appendNumbers(std::string& out, std::span<const float> values, std::string_view pointer) {
  const std::size_t finite = firstNonFinite(values);
  std::size_t used = out.size();
  out.resize(used + 2 + values.size() * kNumberRoom);
  out[used++] = '[';
  // Room is checked a block at a time, each number followed by its comma.
  constexpr std::size_t kBlock = 16, kBlockRoom = kBlock * (kMaxFloatRoom + 1);
  for (std::size_t first = 0; first < finite; first += kBlock) {
    const std::size_t end = std::min(first + kBlock, finite);
    if (out.size() - used < kBlockRoom) out.resize(std::max(out.size() * 2, used + kBlockRoom));
    char* const begin = out.data() + used;
    char* const limit = out.data() + out.size();
    char* next = begin;
    for (std::size_t i = first; i < end; ++i) {
      next = putNumber(next, limit, values[i]);
      *next++ = ',';
    }
    used += static_cast<std::size_t>(next - begin);
  }
  used -= finite > 0 ? 1 : 0;  // the last comma
  if (finite < values.size()) {
    out.resize(used);
    throw std::domain_error("json: cannot write " + nonFiniteName(values[finite]) + " at " + std::string(pointer) +
                            "/" + std::to_string(finite) + ": JSON numbers are finite");
  }
  out[used++] = ']';
  out.resize(used);
}

void JsonWriter::preformatted(std::string_view json) {
  beforeValue();
  put(json);
}

void JsonWriter::writeString(std::string_view text) {
  ensure(1);
  put('"');
  for (std::size_t i = 0; i < text.size();) {
    ensure(kMaxEscapeChars);
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8Sequence(text, i);
      put(length > 0 ? text.substr(i, length) : kReplacement);
      i += length > 0 ? length : 1;
      continue;
    }
    switch (c) {
      case '"': put("\\\""); break;
      case '\\': put("\\\\"); break;
      case '\b': put("\\b"); break;
      case '\f': put("\\f"); break;
      case '\n': put("\\n"); break;
      case '\r': put("\\r"); break;
      case '\t': put("\\t"); break;
      default:
        if (c < 0x20) {
          constexpr std::string_view kHex = "0123456789abcdef";
          put("\\u00");
          put(kHex[c >> 4]);
          put(kHex[c & 0xF]);
        } else {
          put(static_cast<char>(c));
        }
    }
    ++i;
  }
  ensure(1);
  put('"');
}

std::string JsonWriter::pointer(std::optional<std::size_t> index) const {
  std::string out;
  for (const Frame& frame : frames_) {
    out += '/';
    if (frame.object) {
      appendPointerToken(out, frame.key);
    } else {
      out += std::to_string(frame.count - 1);
    }
  }
  if (index) out += '/' + std::to_string(*index);
  return out.empty() ? "the top level" : out;
}

void JsonWriter::ensure(std::size_t bytes) {
  if (static_cast<std::size_t>(end_ - next_) < bytes) flush();
}

void JsonWriter::put(std::string_view text) {
  while (!text.empty()) {
    if (next_ == end_) flush();
    const std::size_t n = std::min(text.size(), static_cast<std::size_t>(end_ - next_));
    next_ = std::copy_n(text.data(), n, next_);
    text.remove_prefix(n);
  }
}

void JsonWriter::flush() {
  const auto* begin = reinterpret_cast<const std::byte*>(buffer_.get());
  sink_.write(std::span<const std::byte>(begin, static_cast<std::size_t>(next_ - buffer_.get())));
  next_ = buffer_.get();
}

}  // namespace isla
