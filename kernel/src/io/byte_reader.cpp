// SPDX-License-Identifier: MIT
#include "isla/io/byte_reader.hpp"

#include <boost/endian/conversion.hpp>

#include <cstring>
#include <limits>

namespace isla {

DecodeError::DecodeError(std::string code, std::string message, std::uint64_t offset)
    : std::runtime_error(std::move(message)), code_(std::move(code)), offset_(offset) {}

DecodeError::~DecodeError() = default;

ByteReader::ByteReader(std::span<const std::byte> bytes, std::uint64_t base)
    : bytes_(bytes), base_(base) {}

void ByteReader::require(std::uint64_t count, std::string_view what) const {
  if (count > remaining()) {
    throw DecodeError("bytes.truncated",
                      "needs " + std::to_string(count) + " bytes for " + std::string(what) +
                          " but only " + std::to_string(remaining()) + " remain",
                      absolute());
  }
}

template <class T>
T ByteReader::fixed(std::string_view what) {
  require(sizeof(T), what);
  T value;
  std::memcpy(&value, bytes_.data() + position_, sizeof value);
  position_ += sizeof(T);
  return boost::endian::little_to_native(value);
}

std::uint8_t ByteReader::u8() { return fixed<std::uint8_t>("a u8"); }
std::uint16_t ByteReader::u16() { return fixed<std::uint16_t>("a u16"); }
std::int32_t ByteReader::i32() { return fixed<std::int32_t>("an i32"); }
std::uint32_t ByteReader::u32() { return fixed<std::uint32_t>("a u32"); }
std::uint64_t ByteReader::u64() { return fixed<std::uint64_t>("a u64"); }

float ByteReader::f32() {
  const std::uint32_t bits = u32();
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

std::string ByteReader::str() {
  const std::uint64_t start = absolute();
  std::uint64_t length = 0;
  for (int group = 0;; ++group) {
    if (group == 5) {
      throw DecodeError("string.bad-length",
                        "string length prefix runs past 5 bytes; a .NET string length is a 7-bit "
                        "encoded int32",
                        start);
    }
    const std::uint8_t byte = u8();
    length |= static_cast<std::uint64_t>(byte & 0x7Fu) << (7 * group);
    if ((byte & 0x80u) == 0) break;
  }
  if (length > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) {
    throw DecodeError("string.bad-length",
                      "string length " + std::to_string(length) + " exceeds the int32 maximum",
                      start);
  }
  if (length > remaining()) {
    throw DecodeError("string.truncated",
                      "string of " + std::to_string(length) + " bytes runs past the end: only " +
                          std::to_string(remaining()) + " remain",
                      start);
  }
  const auto text = bytes_.subspan(position_, length);
  if (!isValidUtf8(text)) {
    throw DecodeError("string.invalid-utf8", "string is not valid UTF-8", absolute());
  }
  position_ += length;
  return {reinterpret_cast<const char*>(text.data()), text.size()};
}

std::span<const std::byte> ByteReader::bytes(std::uint64_t count) {
  require(count, std::to_string(count) + "-byte block");
  auto out = bytes_.subspan(position_, count);
  position_ += count;
  return out;
}

void ByteReader::skip(std::uint64_t count) { bytes(count); }

std::uint32_t ByteReader::count(std::uint64_t minElementSize, std::string_view what, CountType type) {
  const std::uint64_t at = absolute();
  std::uint64_t count = 0;
  if (type == CountType::U32) {
    count = u32();
  } else if (const std::int32_t value = i32(); value < 0) {
    throw DecodeError("count.negative",
                      std::string(what) + " count is " + std::to_string(value) +
                          "; a count cannot be negative",
                      at);
  } else {
    count = static_cast<std::uint64_t>(value);
  }
  if (minElementSize > 0 && count > remaining() / minElementSize) {
    throw DecodeError("count.exceeds-payload",
                      std::string(what) + " count " + std::to_string(count) + " needs at least " +
                          std::to_string(count * minElementSize) + " bytes but only " +
                          std::to_string(remaining()) + " remain",
                      at);
  }
  return static_cast<std::uint32_t>(count);
}

bool isValidUtf8(std::span<const std::byte> bytes) {
  std::size_t i = 0;
  const std::size_t n = bytes.size();
  while (i < n) {
    const auto c = static_cast<std::uint8_t>(bytes[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t extra;
    std::uint32_t code;
    if ((c & 0xE0u) == 0xC0u) {
      extra = 1;
      code = c & 0x1Fu;
    } else if ((c & 0xF0u) == 0xE0u) {
      extra = 2;
      code = c & 0x0Fu;
    } else if ((c & 0xF8u) == 0xF0u) {
      extra = 3;
      code = c & 0x07u;
    } else {
      return false;
    }
    if (extra > n - i - 1) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto next = static_cast<std::uint8_t>(bytes[i + k]);
      if ((next & 0xC0u) != 0x80u) return false;
      code = (code << 6) | (next & 0x3Fu);
    }
    static constexpr std::uint32_t kMinimum[] = {0, 0x80, 0x800, 0x10000};
    if (code < kMinimum[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return false;
    }
    i += extra + 1;
  }
  return true;
}

}  // namespace isla
