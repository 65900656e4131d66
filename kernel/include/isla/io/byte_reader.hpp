// SPDX-License-Identifier: MIT
// Bounds-checked little-endian reads over a byte span. Every read that would
// pass the end throws DecodeError with the absolute file offset, so a parser
// cannot read past a truncated payload.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "isla/base/api.hpp"

namespace isla {

class ISLA_API DecodeError : public std::runtime_error {
 public:
  DecodeError(std::string code, std::string message, std::uint64_t offset);
  ~DecodeError() override;
  const std::string& code() const { return code_; }
  std::uint64_t offset() const { return offset_; }

 private:
  std::string code_;
  std::uint64_t offset_;
};

// How an element count is stored: the format's counts are i32; a third
// party's section may hold a u32.
enum class CountType : std::uint8_t { I32, U32 };

class ByteReader {
 public:
  // `base` is the absolute offset of bytes[0] in its file, for messages.
  explicit ByteReader(std::span<const std::byte> bytes, std::uint64_t base = 0);

  std::uint64_t position() const { return position_; }
  std::uint64_t absolute() const { return base_ + position_; }
  std::uint64_t remaining() const { return bytes_.size() - position_; }
  std::uint64_t size() const { return bytes_.size(); }
  std::span<const std::byte> all() const { return bytes_; }

  std::uint8_t u8();
  std::uint16_t u16();
  std::int32_t i32();
  std::uint32_t u32();
  std::uint64_t u64();
  float f32();
  // .NET BinaryWriter string: 7-bit length (at most 5 bytes, <= INT32_MAX),
  // then that many bytes of valid UTF-8.
  std::string str();
  std::span<const std::byte> bytes(std::uint64_t count);
  void skip(std::uint64_t count);

  // An element count (an i32, checked to be >= 0, or a u32), checked to fit
  // the bytes left at `minElementSize` bytes an element, before anything is
  // allocated for it.
  std::uint32_t count(std::uint64_t minElementSize, std::string_view what, CountType type = CountType::I32);

 private:
  void require(std::uint64_t count, std::string_view what) const;
  // A little-endian value of T, bounds-checked.
  template <class T>
  T fixed(std::string_view what);

  std::span<const std::byte> bytes_;
  std::uint64_t base_;
  std::uint64_t position_ = 0;
};

// Valid UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool isValidUtf8(std::span<const std::byte> bytes);

}  // namespace isla
