// SPDX-License-Identifier: MIT
// The shared part of every per-pixel section (HGTS, BIOM, WBID, WSRF, or a
// third party's layer): the payload is MapSize^2 elements, checked in 64 bits
// before anything is touched, and decoded as a view over the file.
#pragma once

#include "isla/plugin/section_codec.hpp"

namespace isla {

class ISLA_API GridCodec : public SectionCodec {
 public:
  // `role`: the grid role this layer fills (heights, biome classes, water
  // body ids or water surface), whose element type must be `type`.
  explicit GridCodec(ElementType type, std::optional<Role> role = std::nullopt);

  ElementType elementType() const { return type_; }

  SectionContent decode(ByteReader& payload, DecodeContext& context) const override;
  void encode(const SectionContent& content, ByteWriter& out,
              const EncodeContext& context) const override;
  std::optional<Role> role() const override { return role_; }
  RoleContent fillRole(const SectionContent& content) const override;

 protected:
  // Per-layer checks after the length is right (BIOM: ordinal range). Report
  // through the context or throw DecodeError.
  virtual void check(const Raster& raster, std::uint64_t payloadOffset, DecodeContext& context) const;

 private:
  ElementType type_;
  std::optional<Role> role_;
};

}  // namespace isla
