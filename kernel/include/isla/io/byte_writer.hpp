// SPDX-License-Identifier: MIT
// An encoded payload: small values are appended to owned storage, large
// blocks (a raster over a mapped file) are referenced, not copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "isla/base/api.hpp"

namespace isla {

class ISLA_API ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual void write(std::span<const std::byte> bytes) = 0;
};

class ByteWriter {
 public:
  void u8(std::uint8_t value);
  void u16(std::uint16_t value);
  void i32(std::int32_t value);
  void u32(std::uint32_t value);
  void u64(std::uint64_t value);
  void f32(float value);
  // .NET BinaryWriter string: minimal 7-bit length, then the UTF-8 bytes.
  void str(std::string_view value);
  void bytes(std::span<const std::byte> bytes);
  // Reference `bytes` without copying; `owner` keeps them alive.
  void view(std::span<const std::byte> bytes, std::shared_ptr<const void> owner);

  std::uint64_t size() const { return size_; }
  void writeTo(ByteSink& sink) const;
  // The payload as one contiguous buffer (tests, small sections).
  std::vector<std::byte> flatten() const;

 private:
  struct Chunk {
    std::vector<std::byte> owned;
    std::span<const std::byte> view;
    std::shared_ptr<const void> owner;
  };
  std::vector<std::byte>& tail();

  std::vector<Chunk> chunks_;
  std::uint64_t size_ = 0;
};

// A sink that collects into memory.
class MemorySink final : public ByteSink {
 public:
  void write(std::span<const std::byte> bytes) override;
  std::vector<std::byte>& bytes() { return bytes_; }

 private:
  std::vector<std::byte> bytes_;
};

}  // namespace isla
