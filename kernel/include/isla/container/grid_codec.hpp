// SPDX-License-Identifier: MIT
// The shared part of every per-pixel section (HGTS, BIOM, WBID, WSRF, or a
// third party's layer): the payload is MapSize^2 elements, checked in 64 bits
// before anything is touched, and decoded as a view over the file.
#pragma once

#include "isla/container/section_codec.hpp"

namespace isla {

class ISLA_API GridCodec : public SectionCodec {
 public:
  explicit GridCodec(ElementType type) : type_(type) {}

  ElementType elementType() const { return type_; }

  SectionContent decode(ByteReader& payload, DecodeContext& context) const override;
  void encode(const SectionContent& content, ByteWriter& out,
              const EncodeContext& context) const override;

 protected:
  // Per-layer checks after the length is right (BIOM: ordinal range). Report
  // through the context or throw DecodeError.
  virtual void check(const Raster& raster, std::uint64_t payloadOffset, DecodeContext& context) const;

 private:
  ElementType type_;
};

}  // namespace isla
