// SPDX-License-Identifier: MIT
#include "isla/plugin/section_codec.hpp"

#include <stdexcept>

namespace isla {

SectionCodec::~SectionCodec() = default;

RoleContent SectionCodec::fillRole(const SectionContent&) const {
  throw std::logic_error("declares no role to fill");
}

std::string_view presenceName(Presence presence) {
  switch (presence) {
    case Presence::Optional: return "optional";
    case Presence::Expected: return "expected";
    case Presence::Mandatory: return "mandatory";
  }
  return "?";
}

DecodeContext::DecodeContext(const EnumTable& enums, std::shared_ptr<const void> owner,
                             Diagnostics& diagnostics, Diagnostic where)
    : enums_(enums), owner_(std::move(owner)), diagnostics_(diagnostics), where_(std::move(where)) {}

std::int32_t DecodeContext::requireMapSize(std::uint64_t offset) const {
  if (!mapSize_) {
    throw DecodeError("mapsize.unknown", "cannot be decoded without a valid MapSize from PRMS",
                      offset);
  }
  return *mapSize_;
}

void DecodeContext::declareMapSize(std::int32_t mapSize, std::uint64_t offset) {
  if (mapSize < kMinMapSize || mapSize > kMaxMapSize) {
    throw DecodeError("mapsize.out-of-range",
                      "MapSize " + std::to_string(mapSize) + " is outside " +
                          std::to_string(kMinMapSize) + ".." + std::to_string(kMaxMapSize) +
                          "; the file is corrupt or not a blueprint",
                      offset);
  }
  mapSize_ = mapSize;
}

std::span<const std::string> DecodeContext::enumMembers(std::string_view enumName,
                                                       std::uint64_t offset) const {
  if (!enums_.contains(enumName) || enums_.members(enumName).empty()) {
    throw DecodeError("enum.missing",
                      "enum table '" + enums_.origin() + "' lists no " + std::string(enumName) +
                          " members, so no ordinal can be checked; pass a table that has them "
                          "(--enums FILE)",
                      offset);
  }
  return enums_.members(enumName);
}

Raster DecodeContext::rasterView(ElementType type, std::span<const std::byte> bytes) const {
  return Raster(type, mapSize_.value_or(0), bytes, owner_);
}

OpaqueBytes DecodeContext::opaque(std::span<const std::byte> bytes) const {
  return OpaqueBytes{bytes, owner_};
}

void DecodeContext::report(Severity severity, std::string code, std::string message,
                           std::optional<std::uint64_t> offset, std::optional<PixelRef> pixel) {
  Diagnostic d = where_;
  d.severity = severity;
  d.code = std::move(code);
  d.message = std::move(message);
  d.offset = offset;
  d.pixel = pixel;
  diagnostics_.add(std::move(d));
}

void DecodeContext::beginSection(FourCC tag, std::string origin, std::shared_ptr<const void> owner) {
  where_.tag = tag;
  where_.origin = std::move(origin);
  owner_ = std::move(owner);
  skipReason_.reset();
}

std::optional<std::string> DecodeContext::takeSkipReason() { return std::exchange(skipReason_, {}); }

}  // namespace isla
