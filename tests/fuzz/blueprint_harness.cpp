// SPDX-License-Identifier: MIT
// fuzzBlueprint: the reader as inspect, validate and convert drive it, then
// the round trip of whatever loads: a v2 file re-encodes to its own bytes, a
// v1 file to a v2 file that loads to the same package and back to its v1
// bytes.
#include <isla/container/blueprint_reader.hpp>
#include <isla/container/blueprint_writer.hpp>
#include <isla/validation/validation.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "finding.hpp"
#include "harness.hpp"
#include "round_trip.hpp"

namespace isla::fuzz {

namespace {

constexpr std::uint64_t kSectionHeaderSize = 12;

std::string describe(const Diagnostics& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics.items()) out += "\n  " + formatDiagnostic(d);
  return out;
}

// The reader turns an exception escaping a plugin into plugin.threw; from a
// shipped plugin that is a bug, never an answer to bad input.
void requireNoPluginThrew(const Diagnostics& diagnostics) {
  if (const Diagnostic* d = diagnostics.find("plugin.threw")) finding(formatDiagnostic(*d));
}

// As inspect does: every decoded section must describe itself.
void summarizeAll(const Blueprint& blueprint, const Kernel& kernel) {
  const SummaryContext context{kernel.enums(), kernel.units()};
  for (const auto& section : blueprint.sections) {
    if (section.status != SectionStatus::Decoded || !section.codec) continue;
    try {
      section.codec->summarize(section.content, context);
    } catch (const std::exception& error) {
      finding(section.tag.text() + ": summarize threw on a decoded section: " + error.what());
    }
  }
}

// As validate does, with every option at its default. Validators read
// untrusted data too: an exception is as much a bug as a crash.
void validateAll(const Blueprint& blueprint, const Kernel& kernel) {
  const OptionValues options = resolveValidatorOptions(kernel.registry(), {});
  const ValidationContext context{kernel.enums(), kernel.units(), options};
  for (const auto* validator : kernel.registry().validators()) {
    Diagnostics found;
    try {
      validator->object->check(blueprint, context, found);
    } catch (const std::exception& error) {
      finding("validator '" + validator->object->name() + "' threw: " + error.what());
    }
  }
}

std::vector<std::byte> writeV2Of(const Blueprint& blueprint) {
  MemorySink sink;
  try {
    writeV2(encodeSections(blueprint, {}), sink);
  } catch (const std::exception& error) {
    finding(std::string("a blueprint that loaded cannot be written as v2: ") + error.what());
  }
  return std::move(sink.bytes());
}

std::vector<std::byte> writeV1Of(const Blueprint& blueprint) {
  MemorySink sink;
  try {
    writeV1(encodeSections(blueprint, {}), sink);
  } catch (const std::exception& error) {
    finding(std::string("a v1 blueprint that loaded cannot be written as v1: ") + error.what());
  }
  return std::move(sink.bytes());
}

std::span<const std::byte> payloadOf(std::span<const std::byte> file, const Section& section) {
  return file.subspan(*section.offset + kSectionHeaderSize, section.payloadLength);
}

// `output`, written from `package`, loads to the same sections; a v2
// source must also come back byte for byte.
void requireSamePackage(const Blueprint& blueprint, std::span<const std::byte> input,
                        std::span<const std::byte> output, const Kernel& kernel) {
  const LoadResult reread = readBlueprint(output, "reencoded.dat", nullptr, kernel);
  if (!reread.ok()) finding("the re-encoded blueprint does not load:" + describe(reread.diagnostics));
  const auto& before = blueprint.sections;
  const auto& after = reread.blueprint->sections;
  if (before.size() != after.size()) finding("the re-encoded blueprint has another number of sections");
  for (std::size_t i = 0; i < before.size(); ++i) {
    const std::string what = "section " + std::to_string(i) + " (" + before[i].tag.text() + ")";
    if (before[i].tag != after[i].tag || before[i].status != after[i].status) {
      finding(what + ": another tag or status after re-encoding");
    }
    if (blueprint.format == SourceFormat::V2) {
      requireSameEncoding(what, payloadOf(input, before[i]), payloadOf(output, after[i]),
                          before[i].content, after[i].content);
    } else if (!sameContent(before[i].content, after[i].content)) {
      finding(what + ": the v2 re-encode of a v1 file decodes to a different model");
    }
  }
  if (blueprint.format == SourceFormat::LegacyV1 && !std::ranges::equal(writeV2Of(*reread.blueprint), output)) {
    finding("the v2 re-encode of a v1 file does not re-encode to itself");
  }
}

}  // namespace

int fuzzBlueprint(std::span<const std::byte> input) {
  const Kernel& kernel = fuzzKernel();
  const LoadResult loaded = readBlueprint(input, "fuzz.dat", nullptr, kernel);
  requireNoPluginThrew(loaded.diagnostics);
  if (loaded.blueprint) summarizeAll(*loaded.blueprint, kernel);
  if (!loaded.ok()) return 0;
  const Blueprint& blueprint = *loaded.blueprint;
  validateAll(blueprint, kernel);
  requireSamePackage(blueprint, input, writeV2Of(blueprint), kernel);
  if (blueprint.format == SourceFormat::LegacyV1) {
    // v1 readers ignore what follows the trail block; the rest must survive.
    const auto v1 = writeV1Of(blueprint);
    if (v1.size() > input.size() || !std::ranges::equal(v1, input.first(v1.size()))) {
      finding("a v1 blueprint does not re-encode to its own v1 bytes");
    }
  }
  return 0;
}

}  // namespace isla::fuzz
