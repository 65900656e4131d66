// SPDX-License-Identifier: MIT
#include "isla/container/blueprint_writer.hpp"

#include "isla/plugin/registry.hpp"

namespace isla {

std::vector<EncodedSection> encodeSections(const Blueprint& blueprint, const EncodeContext& context) {
  std::vector<EncodedSection> out;
  out.reserve(blueprint.sections.size());
  for (const auto& section : blueprint.sections) {
    EncodedSection encoded{section.tag, {}};
    if (section.status == SectionStatus::Failed) {
      throw EncodeError("cannot write " + section.tag.text() + ": it did not decode (" +
                        section.note + ")");
    }
    if (const auto* opaque = std::get_if<OpaqueBytes>(&section.content)) {
      encoded.payload.view(opaque->bytes, opaque->owner);
    } else {
      try {
        section.codec->encode(section.content, encoded.payload, context);
      } catch (const std::exception& error) {
        throw EncodeError("cannot write " + section.tag.text() + ": its plugin threw: " + error.what());
      }
    }
    out.push_back(std::move(encoded));
  }
  return out;
}

void writeV2(std::span<const EncodedSection> sections, ByteSink& out) {
  ByteWriter header;
  header.bytes(std::as_bytes(std::span("ISLA", 4)));
  header.u32(2);  // the v2 format version
  header.writeTo(out);
  for (const auto& section : sections) {
    ByteWriter frame;
    frame.u32(section.tag.value());
    frame.u64(section.payload.size());
    frame.writeTo(out);
    section.payload.writeTo(out);
  }
}

}  // namespace isla
