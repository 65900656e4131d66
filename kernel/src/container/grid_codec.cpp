// SPDX-License-Identifier: MIT
#include "isla/container/grid_codec.hpp"

#include <stdexcept>

namespace isla {

GridCodec::GridCodec(ElementType type, std::optional<Role> role) : type_(type), role_(role) {
  if (role && gridElementType(*role) != type) {
    throw std::invalid_argument("a " + std::string(elementTypeName(type)) + " grid cannot fill the " +
                                std::string(roleName(*role)) + " role");
  }
}

RoleContent GridCodec::fillRole(const SectionContent& content) const {
  return gridRole(role_.value(), std::get<Raster>(content));
}

SectionContent GridCodec::decode(ByteReader& payload, DecodeContext& context) const {
  const std::uint64_t offset = payload.absolute();
  const auto side = static_cast<std::uint64_t>(context.requireMapSize(offset));
  const std::uint64_t expected = side * side * elementSize(type_);
  if (payload.size() != expected) {
    throw DecodeError("grid.length-mismatch",
                      "payload is " + std::to_string(payload.size()) + " bytes; MapSize " +
                          std::to_string(side) + " needs " + std::to_string(elementSize(type_)) +
                          " x " + std::to_string(side) + "^2 = " + std::to_string(expected) +
                          " bytes (" + std::string(elementTypeName(type_)) + " per pixel)",
                      offset);
  }
  Raster raster = context.rasterView(type_, payload.bytes(expected));
  check(raster, offset, context);
  return raster;
}

void GridCodec::encode(const SectionContent& content, ByteWriter& out, const EncodeContext&) const {
  const auto& raster = std::get<Raster>(content);
  out.view(raster.bytes(), raster.owner());
}

void GridCodec::check(const Raster&, std::uint64_t, DecodeContext&) const {}

}  // namespace isla
