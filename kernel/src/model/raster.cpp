// SPDX-License-Identifier: MIT
#include "isla/model/raster.hpp"

#include <stdexcept>
#include <string>

namespace isla {

std::size_t elementSize(ElementType type) {
  switch (type) {
    case ElementType::U8: return 1;
    case ElementType::U16: return 2;
    case ElementType::U32:
    case ElementType::I32:
    case ElementType::F32: return 4;
  }
  return 1;
}

std::string_view elementTypeName(ElementType type) {
  switch (type) {
    case ElementType::U8: return "u8";
    case ElementType::U16: return "u16";
    case ElementType::U32: return "u32";
    case ElementType::I32: return "i32";
    case ElementType::F32: return "f32";
  }
  return "?";
}

namespace {
std::uint64_t pixelsOf(std::int32_t mapSize) {
  const auto side = static_cast<std::uint64_t>(mapSize);
  return side * side;
}

void requireElementType(ElementType actual, ElementType wanted) {
  if (actual != wanted) {
    throw std::logic_error("raster holds " + std::string(elementTypeName(actual)) +
                           " elements, read as " + std::string(elementTypeName(wanted)));
  }
}
}  // namespace

Raster::Raster(ElementType type, std::int32_t mapSize, std::span<const std::byte> bytes,
               std::shared_ptr<const void> owner)
    : type_(type), mapSize_(mapSize), bytes_(bytes), owner_(std::move(owner)) {
  if (mapSize < 0 || bytes.size() != pixelsOf(mapSize) * elementSize(type)) {
    throw std::logic_error("raster bytes do not match MapSize^2 elements");
  }
}

std::uint64_t Raster::pixelCount() const { return pixelsOf(mapSize_); }

void Raster::requireType(ElementType wanted) const { requireElementType(type_, wanted); }

RasterBuilder::RasterBuilder(ElementType type, std::int32_t mapSize)
    : type_(type),
      mapSize_(mapSize),
      pixelCount_(pixelsOf(mapSize)),
      storage_(std::make_shared_for_overwrite<std::byte[]>(pixelCount_ * elementSize(type))) {}

void RasterBuilder::requireType(ElementType wanted) const { requireElementType(type_, wanted); }

Raster RasterBuilder::finish() && {
  std::span<const std::byte> bytes{storage_.get(), pixelCount_ * elementSize(type_)};
  return Raster(type_, mapSize_, bytes, std::move(storage_));
}

}  // namespace isla
