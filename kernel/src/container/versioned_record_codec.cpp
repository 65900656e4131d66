// SPDX-License-Identifier: MIT
#include "isla/container/versioned_record_codec.hpp"

#include <ranges>

#include "isla/base/joined_text.hpp"

namespace isla {

VersionedRecordCodec::VersionedRecordCodec(std::string codePrefix, std::string versionField,
                                           std::string skipConsequence, VersionLayouts layouts)
    : codePrefix_(std::move(codePrefix)),
      versionField_(std::move(versionField)),
      skipConsequence_(std::move(skipConsequence)),
      layouts_(std::move(layouts)) {}

SectionContent VersionedRecordCodec::decode(ByteReader& payload, DecodeContext& context) const {
  if (payload.size() < 2) {
    throw DecodeError(codePrefix_ + ".too-short",
                      "the payload is " + std::to_string(payload.size()) +
                          " bytes, too short for its u16 " + versionField_,
                      payload.absolute());
  }
  ByteReader peek = payload;
  const std::uint16_t version = peek.u16();
  const auto known = layouts_.find(version);
  if (known == layouts_.end()) {
    context.skip(versionField_ + " " + std::to_string(version) +
                 " is not a layout this reader knows (it reads " + knownVersions() + "); " +
                 skipConsequence_);
    return context.opaque(payload.bytes(payload.remaining()));
  }
  // Checked before reading, so that a wrong length names the version rather
  // than surfacing as a truncated read or unconsumed bytes.
  const std::uint64_t expected = known->second->minimumSize();
  if (payload.size() != expected) {
    throw DecodeError(codePrefix_ + ".bad-length",
                      versionField_ + " " + std::to_string(version) + " needs " +
                          std::to_string(expected) + " bytes, the payload has " +
                          std::to_string(payload.size()),
                      payload.absolute());
  }
  return readRecord(payload, known->second);
}

void VersionedRecordCodec::encode(const SectionContent& content, ByteWriter& out,
                                  const EncodeContext&) const {
  writeRecord(std::get<Record>(content), out);
}

std::string VersionedRecordCodec::knownVersions() const {
  return joinedText(layouts_ | std::views::keys |
                    std::views::transform([](auto version) { return std::to_string(version); }));
}

}  // namespace isla
