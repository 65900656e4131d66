// SPDX-License-Identifier: MIT
// A MapSize x MapSize grid, X outer / Y inner, stored little-endian. Decoded
// from a file it is a view over the mapping; built in memory it owns a buffer.
#pragma once

#include <boost/endian/buffers.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace isla {

enum class ElementType : std::uint8_t { U8, U16, U32, I32, F32 };

std::size_t elementSize(ElementType type);
std::string_view elementTypeName(ElementType type);

// The unaligned little-endian storage type of each element type.
template <class T> struct LittleEndian;
template <> struct LittleEndian<std::uint8_t> { using type = boost::endian::little_uint8_buf_t; };
template <> struct LittleEndian<std::uint16_t> { using type = boost::endian::little_uint16_buf_t; };
template <> struct LittleEndian<std::uint32_t> { using type = boost::endian::little_uint32_buf_t; };
template <> struct LittleEndian<std::int32_t> { using type = boost::endian::little_int32_buf_t; };
template <> struct LittleEndian<float> { using type = boost::endian::little_float32_buf_t; };
template <class T> using LittleEndianT = typename LittleEndian<T>::type;

template <class T> constexpr ElementType elementTypeOf();
template <> constexpr ElementType elementTypeOf<std::uint8_t>() { return ElementType::U8; }
template <> constexpr ElementType elementTypeOf<std::uint16_t>() { return ElementType::U16; }
template <> constexpr ElementType elementTypeOf<std::uint32_t>() { return ElementType::U32; }
template <> constexpr ElementType elementTypeOf<std::int32_t>() { return ElementType::I32; }
template <> constexpr ElementType elementTypeOf<float>() { return ElementType::F32; }

class Raster {
 public:
  // A view over `bytes`, which must hold exactly mapSize^2 elements.
  Raster(ElementType type, std::int32_t mapSize, std::span<const std::byte> bytes,
         std::shared_ptr<const void> owner);

  ElementType type() const { return type_; }
  std::int32_t mapSize() const { return mapSize_; }
  std::uint64_t pixelCount() const;
  std::span<const std::byte> bytes() const { return bytes_; }
  const std::shared_ptr<const void>& owner() const { return owner_; }

  // Pixel (x, y) is element x * mapSize + y.
  std::uint64_t index(std::int64_t x, std::int64_t y) const {
    return static_cast<std::uint64_t>(x) * static_cast<std::uint64_t>(mapSize_) +
           static_cast<std::uint64_t>(y);
  }

  // The elements as their little-endian type; T must match type().
  template <class T>
  std::span<const LittleEndianT<T>> values() const {
    requireType(elementTypeOf<T>());
    return {reinterpret_cast<const LittleEndianT<T>*>(bytes_.data()), pixelCount()};
  }
  template <class T>
  T at(std::int64_t x, std::int64_t y) const {
    return values<T>()[index(x, y)].value();
  }

 private:
  void requireType(ElementType wanted) const;

  ElementType type_;
  std::int32_t mapSize_;
  std::span<const std::byte> bytes_;
  std::shared_ptr<const void> owner_;
};

// Builds a raster in memory (legacy v1 conversion, the sample generator).
class RasterBuilder {
 public:
  RasterBuilder(ElementType type, std::int32_t mapSize);

  template <class T>
  std::span<LittleEndianT<T>> values() {
    requireType(elementTypeOf<T>());
    return {reinterpret_cast<LittleEndianT<T>*>(storage_.get()), pixelCount_};
  }
  std::span<std::byte> bytes() { return {storage_.get(), pixelCount_ * elementSize(type_)}; }
  Raster finish() &&;

 private:
  void requireType(ElementType wanted) const;

  ElementType type_;
  std::int32_t mapSize_;
  std::uint64_t pixelCount_;
  std::shared_ptr<std::byte[]> storage_;
};

}  // namespace isla
