// SPDX-License-Identifier: MIT
// Legacy v1, both ways. v1 layout (BLUEPRINT_FORMAT.md): .NET string
// "ISLA_V1", i32 MapSize, MapSize^2 x (f32 height, i32 biome), i32 town count
// and per town (f32 X, f32 Y, i32 tier), then the Highway, Branch, Rugged and
// Trail road blocks in that order, each in the v2 road layout.
#include <boost/endian/conversion.hpp>

#include <array>
#include <cstring>

#include "isla/container/blueprint_writer.hpp"
#include "isla/io/byte_reader.hpp"
#include "legacy_v1_reader.hpp"
#include "section_decoder.hpp"

namespace isla {

namespace {

constexpr std::string_view kV1Magic = "ISLA_V1";
constexpr FourCC kHeights{"HGTS"};
constexpr FourCC kBiomes{"BIOM"};
constexpr FourCC kTowns{"TOWN"};
constexpr std::array<FourCC, 4> kRoadTiers{FourCC("RDHW"), FourCC("RDBR"), FourCC("RDRG"),
                                          FourCC("RDTL")};

struct OwnedPayload {
  std::shared_ptr<const std::vector<std::byte>> bytes;
};

OwnedPayload own(ByteWriter&& writer) {
  return {std::make_shared<const std::vector<std::byte>>(writer.flatten())};
}

// The first v1 ordinal that does not fit the v2 u8, and how many there are.
struct OrdinalOverflow {
  std::uint64_t count = 0;
  std::uint64_t firstOffset = 0;
  std::uint64_t firstIndex = 0;
  std::int32_t firstValue = 0;

  std::uint8_t narrow(std::int32_t value, std::uint64_t index, std::uint64_t offset) {
    if (value >= 0 && value <= 255) return static_cast<std::uint8_t>(value);
    if (count++ == 0) {
      firstOffset = offset;
      firstIndex = index;
      firstValue = value;
    }
    return 0;
  }
};

std::int32_t loadI32(const std::byte* at) {
  return boost::endian::endian_load<std::int32_t, 4, boost::endian::order::little>(
      reinterpret_cast<const unsigned char*>(at));
}

}  // namespace

namespace detail {

LoadResult readLegacyV1(std::span<const std::byte> bytes, const std::string& name,
                        const std::shared_ptr<const void>& owner, const Kernel& kernel) {
  LoadResult result;
  SectionDecoder decoder(kernel, result.diagnostics, name);
  ByteReader in(bytes);
  std::int32_t mapSize = 0;
  std::uint64_t pixelOffset = 0;
  try {
    if (in.str() != kV1Magic) throw DecodeError("container.bad-magic", "the v1 header string is not \"ISLA_V1\"", 0);
    const std::uint64_t mapSizeOffset = in.absolute();
    mapSize = in.i32();
    if (mapSize < kMinMapSize || mapSize > kMaxMapSize) {
      throw DecodeError("mapsize.out-of-range",
                        "MapSize " + std::to_string(mapSize) + " is outside " +
                            std::to_string(kMinMapSize) + ".." + std::to_string(kMaxMapSize) +
                            "; the file is corrupt or not a blueprint",
                        mapSizeOffset);
    }
    pixelOffset = in.absolute();
  } catch (const DecodeError& error) {
    decoder.report(Severity::Error, error.code(), error.what(), std::nullopt, error.offset());
    return result;
  }
  decoder.report(Severity::Warning, "container.legacy-v1",
                 "legacy v1 blueprint: a deprecated positional format without params, lengths or "
                 "the highway-node flag; convert it to v2 with 'isla-tool convert'");

  auto blueprint = std::make_shared<Blueprint>();
  blueprint->source = name;
  blueprint->format = SourceFormat::LegacyV1;
  blueprint->mapSize = mapSize;
  auto add = [&](FourCC tag, std::uint64_t offset, std::span<const std::byte> payload,
                 std::shared_ptr<const void> payloadOwner, bool synthesized) {
    blueprint->sections.push_back(decoder.decode(
        SectionInput{tag, offset, payload, offset, std::move(payloadOwner), synthesized}));
  };
  auto addOwned = [&](FourCC tag, std::uint64_t offset, OwnedPayload payload) {
    std::span<const std::byte> view = *payload.bytes;
    add(tag, offset, view, std::move(payload.bytes), true);
  };
  // A v1 block that cannot become its v2 section at all.
  auto addFailed = [&](FourCC tag, std::uint64_t offset, std::string code, std::string message,
                       std::uint64_t at) {
    decoder.report(Severity::Error, std::move(code), message, tag, at);
    Section section;
    section.tag = tag;
    section.offset = offset;
    section.status = SectionStatus::Failed;
    section.note = std::move(message);
    blueprint->sections.push_back(std::move(section));
  };

  // The sentinel params of a re-encoded file (BLUEPRINT_FORMAT.md).
  ByteWriter params;
  params.i32(0);
  params.i32(mapSize);
  for (int i = 0; i < 4; ++i) params.f32(-1.0f);
  params.str("");
  params.str("");
  addOwned(kParamsTag, 0, own(std::move(params)));

  try {
    const auto side = static_cast<std::uint64_t>(mapSize);
    const std::uint64_t pixels = side * side;
    if (pixels > in.remaining() / 8) {
      throw DecodeError("bytes.truncated",
                        "the pixel block of MapSize " + std::to_string(mapSize) + " needs " +
                            std::to_string(pixels * 8) + " bytes but only " +
                            std::to_string(in.remaining()) + " remain",
                        pixelOffset);
    }
    const auto block = in.bytes(pixels * 8);
    RasterBuilder heights(ElementType::F32, mapSize);
    RasterBuilder biomes(ElementType::U8, mapSize);
    auto heightBytes = heights.bytes();
    auto biomeBytes = biomes.bytes();
    OrdinalOverflow biomeOverflow;
    for (std::uint64_t i = 0; i < pixels; ++i) {
      std::memcpy(heightBytes.data() + 4 * i, block.data() + 8 * i, 4);
      biomeBytes[i] = std::byte{
          biomeOverflow.narrow(loadI32(block.data() + 8 * i + 4), i, pixelOffset + 8 * i + 4)};
    }
    Raster heightRaster = std::move(heights).finish();
    Raster biomeRaster = std::move(biomes).finish();
    // The pixels interleave a height and a biome: the biomes start 4 bytes in.
    const std::uint64_t biomeOffset = pixelOffset + 4;
    add(kHeights, pixelOffset, heightRaster.bytes(), heightRaster.owner(), true);
    if (biomeOverflow.count == 0) {
      add(kBiomes, biomeOffset, biomeRaster.bytes(), biomeRaster.owner(), true);
    } else {
      addFailed(kBiomes, biomeOffset, "biom.ordinal-out-of-range",
                std::to_string(biomeOverflow.count) + " biome ordinals are outside 0..255, first " +
                    std::to_string(biomeOverflow.firstValue) + " at pixel (" +
                    std::to_string(biomeOverflow.firstIndex / side) + ", " +
                    std::to_string(biomeOverflow.firstIndex % side) + ")",
                biomeOverflow.firstOffset);
    }

    const std::uint64_t townOffset = in.absolute();
    const std::uint32_t towns = in.count(12, "town");
    ByteWriter townPayload;
    townPayload.i32(static_cast<std::int32_t>(towns));
    OrdinalOverflow tierOverflow;
    for (std::uint32_t t = 0; t < towns; ++t) {
      townPayload.f32(in.f32());
      townPayload.f32(in.f32());
      const std::uint64_t tierOffset = in.absolute();
      townPayload.u8(tierOverflow.narrow(in.i32(), t, tierOffset));
      townPayload.u8(0);  // v1 has no highway-node flag
    }
    if (tierOverflow.count == 0) {
      addOwned(kTowns, townOffset, own(std::move(townPayload)));
    } else {
      addFailed(kTowns, townOffset, "town.tier-out-of-range",
                std::to_string(tierOverflow.count) + " town tiers are outside 0..255, first " +
                    std::to_string(tierOverflow.firstValue) + " (town " +
                    std::to_string(tierOverflow.firstIndex) + ")",
                tierOverflow.firstOffset);
    }

    for (const FourCC tier : kRoadTiers) {
      const std::uint64_t start = in.position();
      const std::uint32_t paths = in.count(4, tier.text() + " path");
      for (std::uint32_t p = 0; p < paths; ++p) in.skip(std::uint64_t{8} * in.count(8, "point"));
      // Same layout as v2: the payload is a view of the file.
      add(tier, start, bytes.subspan(start, in.position() - start), owner, false);
    }
  } catch (const DecodeError& error) {
    decoder.report(Severity::Error, error.code(), error.what(), std::nullopt, error.offset());
  }
  // Trailing bytes after the trail block are ignored, as v1 readers do.
  decoder.finish(*blueprint);
  result.blueprint = std::move(blueprint);
  return result;
}

}  // namespace detail

void writeV1(std::span<const EncodedSection> sections, ByteSink& out) {
  auto payloadOf = [&](FourCC tag) -> std::optional<std::vector<std::byte>> {
    for (const auto& section : sections) {
      if (section.tag == tag) return section.payload.flatten();
    }
    return std::nullopt;
  };
  const auto params = payloadOf(kParamsTag);
  const auto heights = payloadOf(kHeights);
  const auto biomes = payloadOf(kBiomes);
  if (!params || !heights || !biomes) {
    throw EncodeError("legacy v1 needs PRMS, HGTS and BIOM; the blueprint lacks one of them");
  }
  ByteReader paramsReader(*params);
  paramsReader.i32();
  const std::int32_t mapSize = paramsReader.i32();
  const auto side = static_cast<std::uint64_t>(mapSize);
  if (mapSize < kMinMapSize || heights->size() != side * side * 4 || biomes->size() != side * side) {
    throw EncodeError("legacy v1: HGTS and BIOM do not match MapSize " + std::to_string(mapSize));
  }

  ByteWriter header;
  header.str(kV1Magic);
  header.i32(mapSize);
  header.writeTo(out);

  // Interleave (f32 height, i32 biome) in blocks.
  constexpr std::uint64_t kBlock = 1 << 16;
  std::vector<std::byte> block;
  const std::uint64_t pixels = side * side;
  for (std::uint64_t start = 0; start < pixels; start += kBlock) {
    const std::uint64_t end = std::min(pixels, start + kBlock);
    block.resize((end - start) * 8);
    for (std::uint64_t i = start; i < end; ++i) {
      std::byte* pixel = block.data() + (i - start) * 8;
      std::memcpy(pixel, heights->data() + 4 * i, 4);
      boost::endian::endian_store<std::int32_t, 4, boost::endian::order::little>(
          reinterpret_cast<unsigned char*>(pixel + 4), static_cast<std::uint8_t>((*biomes)[i]));
    }
    out.write(block);
  }

  ByteWriter rest;
  if (const auto towns = payloadOf(kTowns)) {
    ByteReader in(*towns);
    const std::uint32_t count = in.count(10, "town");
    rest.i32(static_cast<std::int32_t>(count));
    for (std::uint32_t t = 0; t < count; ++t) {
      rest.f32(in.f32());
      rest.f32(in.f32());
      rest.i32(in.u8());
      in.u8();  // the highway-node flag has no place in v1
    }
  } else {
    rest.i32(0);
  }
  for (const FourCC tier : kRoadTiers) {
    if (const auto roads = payloadOf(tier)) {
      rest.bytes(*roads);
    } else {
      rest.i32(0);
    }
  }
  rest.writeTo(out);
}

}  // namespace isla
