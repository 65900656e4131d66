// SPDX-License-Identifier: MIT
// fuzzSection: one section codec on its own, with the MapSize declared by
// the harness rather than by a PRMS section, so that every input reaches the
// codec. The selector byte: its low seven bits pick a registered codec
// (modulo their count, in tag order); with kMapSizeFollows set, the next
// byte picks one of the smallest MapSizes the reader accepts, so that grids
// of other sides than 256 stay small inputs.
#include <isla/container/blueprint_reader.hpp>

#include <optional>
#include <stdexcept>
#include <string>

#include "finding.hpp"
#include "harness.hpp"
#include "round_trip.hpp"

namespace isla::fuzz {

namespace {

constexpr std::uint8_t kCodecBits = 0x7F;
constexpr std::int32_t kMapSizeChoices = 16;

struct Outcome {
  std::optional<SectionContent> content;  // nullopt: rejected
  bool skipped = false;                   // kept as opaque bytes
};

// What the reader's section decoder would conclude, except that an
// exception other than DecodeError is a finding rather than plugin.threw.
Outcome decodeAlone(const Registration<SectionCodec>& codec, std::span<const std::byte> payload,
                    std::int32_t mapSize) {
  const Kernel& kernel = fuzzKernel();
  Diagnostics diagnostics;
  DecodeContext context(kernel.enums(), nullptr, diagnostics, Diagnostic{});
  context.declareMapSize(mapSize, 0);
  context.beginSection(codec.object->tag(), codec.plugin->name, nullptr);
  ByteReader reader(payload);
  Outcome outcome;
  try {
    SectionContent content = codec.object->decode(reader, context);
    outcome.skipped = context.takeSkipReason().has_value();
    if (outcome.skipped || (reader.remaining() == 0 && !diagnostics.hasErrors())) {
      outcome.content = std::move(content);
    }
  } catch (const DecodeError&) {
    // Rejected: the expected answer to most inputs.
  } catch (const std::exception& error) {
    finding(codec.object->tag().text() + ": decode threw '" + error.what() + "' instead of a DecodeError");
  }
  return outcome;
}

}  // namespace

std::uint8_t sectionSelector(FourCC tag) {
  const auto codecs = fuzzKernel().registry().sections();
  for (std::size_t i = 0; i < codecs.size(); ++i) {
    if (codecs[i]->object->tag() == tag) return static_cast<std::uint8_t>(i);
  }
  throw std::invalid_argument("no registered codec decodes " + tag.text());
}

int fuzzSection(std::span<const std::byte> input) {
  if (input.empty()) return 0;
  const auto codecs = fuzzKernel().registry().sections();
  const auto selector = std::to_integer<std::uint8_t>(input[0]);
  const auto& codec = *codecs[(selector & kCodecBits) % codecs.size()];
  auto payload = input.subspan(1);
  std::int32_t mapSize = kMinMapSize;
  if (selector & kMapSizeFollows) {
    if (payload.empty()) return 0;
    mapSize += std::to_integer<std::int32_t>(payload[0]) % kMapSizeChoices;
    payload = payload.subspan(1);
  }
  const std::string tag = codec.object->tag().text();

  const Outcome first = decodeAlone(codec, payload, mapSize);
  if (!first.content) return 0;
  if (first.skipped) {
    if (!sameContent(*first.content, OpaqueBytes{payload, nullptr})) {
      finding(tag + ": a skipped section is not kept byte for byte");
    }
    return 0;
  }
  ByteWriter out;
  try {
    codec.object->summarize(*first.content, SummaryContext{fuzzKernel().enums(), fuzzKernel().units()});
    codec.object->encode(*first.content, out, {});
  } catch (const std::exception& error) {
    finding(tag + ": summarize or encode threw on a decoded section: " + error.what());
  }
  const auto reencoded = out.flatten();
  const Outcome second = decodeAlone(codec, reencoded, mapSize);
  if (!second.content || second.skipped) finding(tag + ": the re-encoded payload does not decode");
  requireSameEncoding(tag, payload, reencoded, *first.content, *second.content);
  return 0;
}

}  // namespace isla::fuzz
