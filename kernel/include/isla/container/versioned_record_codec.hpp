// SPDX-License-Identifier: MIT
// The shape of the metadata sections (TCRV, TDTL, EROS, or a third party's):
// a u16 version first, one fixed-size record layout per version this reader
// knows, and every other version skipped whole (kept as opaque bytes), so
// that a record from a newer generator is never misread.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "isla/base/api.hpp"
#include "isla/plugin/section_codec.hpp"

namespace isla {

// Version -> layout. Layouts hold no strings, so minimumSize() is the size.
using VersionLayouts = std::map<std::uint16_t, std::shared_ptr<const RecordLayout>>;

class ISLA_API VersionedRecordCodec : public SectionCodec {
 public:
  // `codePrefix` of the diagnostics ("eros"); `versionField`, the spec name of
  // the leading u16 ("erosionVersion"); `skipConsequence`, what a skip leaves
  // the consumer ("erosion metadata left null").
  VersionedRecordCodec(std::string codePrefix, std::string versionField, std::string skipConsequence,
                       VersionLayouts layouts);

  SectionContent decode(ByteReader& payload, DecodeContext& context) const override;
  void encode(const SectionContent& content, ByteWriter& out, const EncodeContext& context) const override;

 private:
  std::string knownVersions() const;

  std::string codePrefix_;
  std::string versionField_;
  std::string skipConsequence_;
  VersionLayouts layouts_;
};

}  // namespace isla
