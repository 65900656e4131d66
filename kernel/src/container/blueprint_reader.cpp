// SPDX-License-Identifier: MIT
#include "isla/container/blueprint_reader.hpp"

#include <cstdio>
#include <cstring>
#include <map>

#include "isla/io/byte_reader.hpp"
#include "legacy_v1_reader.hpp"
#include "section_decoder.hpp"

namespace isla {

namespace {

constexpr std::uint64_t kHeaderSize = 8;
constexpr std::uint64_t kSectionHeaderSize = 12;  // u32 tag, u64 length

struct Frame {
  FourCC tag;
  std::uint64_t offset;  // of the section header
  std::uint64_t length;  // of the payload
  bool duplicate = false;
};

std::string hexByte(std::byte value) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%02X", static_cast<unsigned>(value));
  return buffer;
}

std::string printableStart(std::span<const std::byte> bytes) {
  std::string out;
  for (std::size_t i = 0; i < 4 && i < bytes.size(); ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    out += (c >= 0x20 && c < 0x7F) ? std::string(1, static_cast<char>(c)) : "\\x" + hexByte(bytes[i]).substr(2);
  }
  return out;
}

// Walks the framing without decoding anything: tags, offsets and lengths,
// each length checked against what remains (no sum can wrap).
std::vector<Frame> scanFrames(std::span<const std::byte> bytes, detail::SectionDecoder& decoder) {
  std::vector<Frame> frames;
  std::uint64_t offset = kHeaderSize;
  const std::uint64_t size = bytes.size();
  while (offset < size) {
    const std::uint64_t left = size - offset;
    if (left < kSectionHeaderSize) {
      decoder.report(Severity::Error, "section.truncated-header",
                     std::to_string(left) + " bytes follow the last section, too few for a section "
                     "header (12 bytes: u32 tag, u64 length); the file is truncated or has trailing garbage",
                     std::nullopt, offset);
      break;
    }
    ByteReader header(bytes.subspan(offset, kSectionHeaderSize), offset);
    const FourCC tag(header.u32());
    const std::uint64_t length = header.u64();
    const std::uint64_t available = left - kSectionHeaderSize;
    if (length > available) {
      decoder.report(Severity::Error, "section.truncated",
                     "declares a payload of " + std::to_string(length) + " bytes but only " +
                         std::to_string(available) +
                         " remain in the file; the file is truncated or the length is corrupt",
                     tag, offset);
      break;
    }
    frames.push_back(Frame{tag, offset, length});
    offset += kSectionHeaderSize + length;
  }
  return frames;
}

void checkOrderAndDuplicates(std::vector<Frame>& frames, detail::SectionDecoder& decoder) {
  std::map<FourCC, const Frame*> first;
  for (auto& frame : frames) {
    auto [it, inserted] = first.emplace(frame.tag, &frame);
    if (!inserted) {
      frame.duplicate = true;
      decoder.report(Severity::Error, "section.duplicate",
                     "occurs twice: at offset " + std::to_string(it->second->offset) +
                         " and at offset " + std::to_string(frame.offset) +
                         "; each tag may occur once, so the second is ignored",
                     frame.tag, frame.offset);
    }
  }
  if (!first.contains(kParamsTag)) {
    decoder.report(Severity::Error, "params.missing",
                   "the blueprint has no PRMS section; it is mandatory and must come first (it "
                   "carries MapSize)",
                   kParamsTag, std::nullopt);
  } else if (frames.front().tag != kParamsTag) {
    decoder.report(Severity::Error, "params.not-first",
                   "the first section is " + frames.front().tag.text() +
                       "; PRMS must come first (it carries MapSize)",
                   frames.front().tag, frames.front().offset);
  }
}

// Which sections a read decodes: all, or PRMS alone (for its MapSize).
enum class Decoded : std::uint8_t { Every, ParamsAlone };

LoadResult readV2(std::span<const std::byte> bytes, const std::string& name,
                  const std::shared_ptr<const void>& owner, const Kernel& kernel, Decoded decoded) {
  LoadResult result;
  detail::SectionDecoder decoder(kernel, result.diagnostics, name);
  if (bytes.size() < kHeaderSize) {
    decoder.report(Severity::Error, "container.truncated-header",
                   "the file is " + std::to_string(bytes.size()) +
                       " bytes; a v2 blueprint starts with an 8-byte header ('ISLA', u32 version)",
                   std::nullopt, 0);
    return result;
  }
  if (std::memcmp(bytes.data(), "ISLA", 4) != 0) {
    decoder.report(Severity::Error, "container.bad-magic",
                   "the file starts with '" + printableStart(bytes) +
                       "', not the v2 magic 'ISLA'; this is not an ISLA blueprint",
                   std::nullopt, 0);
    return result;
  }
  ByteReader header(bytes.subspan(4, 4), 4);
  const std::uint32_t version = header.u32();
  if (version != kFormatVersion) {
    decoder.report(Severity::Error, "container.unsupported-version",
                   "format version " + std::to_string(version) +
                       " is not supported; this reader reads version 2 (and legacy v1)",
                   std::nullopt, 4);
    return result;
  }

  auto blueprint = std::make_shared<Blueprint>();
  blueprint->source = name;
  blueprint->format = SourceFormat::V2;
  std::vector<Frame> frames = scanFrames(bytes, decoder);
  checkOrderAndDuplicates(frames, decoder);

  auto input = [&](const Frame& frame) {
    return detail::SectionInput{frame.tag, frame.offset,
                                bytes.subspan(frame.offset + kSectionHeaderSize, frame.length),
                                frame.offset + kSectionHeaderSize, owner};
  };
  // PRMS first, wherever it is, so that every grid can be checked.
  std::map<std::uint64_t, Section> sections;
  for (const auto& frame : frames) {
    if (frame.tag == kParamsTag && !frame.duplicate) {
      sections.emplace(frame.offset, decoder.decode(input(frame)));
      if (!kernel.registry().section(kParamsTag)) {
        decoder.report(Severity::Error, "params.no-plugin",
                       "no loaded plugin decodes PRMS, so MapSize is unknown; check the plugin "
                       "search path (isla-tool plugins lists what is loaded)",
                       kParamsTag, frame.offset);
      }
    }
  }
  blueprint->mapSize = decoder.mapSize().value_or(0);
  const bool every = decoded == Decoded::Every;
  for (const auto& frame : frames) {
    if (frame.duplicate || sections.contains(frame.offset)) continue;
    if (decoder.mapSize() && every) {
      sections.emplace(frame.offset, decoder.decode(input(frame)));
    } else {
      Section section;
      section.tag = frame.tag;
      section.offset = frame.offset;
      section.payloadLength = frame.length;
      section.status = SectionStatus::Skipped;
      section.note = every ? "not decoded: no valid MapSize" : "not decoded: only PRMS was read";
      section.content = OpaqueBytes{input(frame).payload, owner};
      sections.emplace(frame.offset, std::move(section));
    }
  }
  for (auto& [offset, section] : sections) blueprint->sections.push_back(std::move(section));
  if (decoder.mapSize() && every) decoder.finish(*blueprint);
  result.blueprint = std::move(blueprint);
  return result;
}

}  // namespace

LoadResult readBlueprint(std::span<const std::byte> bytes, const std::string& name,
                         std::shared_ptr<const void> owner, const Kernel& kernel) {
  if (!bytes.empty() && bytes[0] == std::byte{'I'}) return readV2(bytes, name, owner, kernel, Decoded::Every);
  if (!bytes.empty() && bytes[0] == std::byte{0x07}) {
    return detail::readLegacyV1(bytes, name, owner, kernel);
  }
  LoadResult result;
  detail::SectionDecoder decoder(kernel, result.diagnostics, name);
  decoder.report(Severity::Error, bytes.empty() ? "container.empty" : "container.bad-magic",
                 bytes.empty() ? "the file is empty; a blueprint starts with 'ISLA' (v2) or the "
                                 "string \"ISLA_V1\" (legacy v1)"
                               : "the first byte is " + hexByte(bytes[0]) +
                                     ", neither 'I' (v2 'ISLA') nor 0x07 (legacy v1 \"ISLA_V1\"); "
                                     "this is not an ISLA blueprint",
                 std::nullopt, bytes.empty() ? std::nullopt : std::optional<std::uint64_t>(0));
  return result;
}

LoadResult readBlueprintParams(std::span<const std::byte> bytes, const std::string& name,
                               std::shared_ptr<const void> owner, const Kernel& kernel) {
  if (!bytes.empty() && bytes[0] == std::byte{'I'}) return readV2(bytes, name, owner, kernel, Decoded::ParamsAlone);
  return readBlueprint(bytes, name, std::move(owner), kernel);
}

}  // namespace isla
