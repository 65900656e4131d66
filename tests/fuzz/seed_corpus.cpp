// SPDX-License-Identifier: MIT
#include "seed_corpus.hpp"

#include <cctype>

#include "blueprint_builder.hpp"
#include "harness.hpp"
#include "sample_blueprint.hpp"

namespace isla::fuzz {

namespace {

using test::BlueprintBuilder;
using test::SampleBlueprint;

// The TCRV versions other than the sample's 5.
constexpr std::uint16_t kOlderCurveVersions[] = {1, 2, 3, 4};
constexpr FourCC kRoadTags[] = {FourCC("RDHW"), FourCC("RDBR"), FourCC("RDRG"), FourCC("RDTL")};

// PRMS with GeneratorGitHash's length in two 7-bit groups, which .NET and
// the reader accept and the writer never produces.
std::vector<std::byte> paramsWithLongLength(const SampleBlueprint& s) {
  std::vector<std::byte> params = test::encodeParams(s);
  // The hash is the last field and shorter than 128 bytes: its one length
  // byte sits just before it and becomes 0x80 | length, 0x00.
  const auto length = params.end() - static_cast<std::ptrdiff_t>(s.generatorGitHash.size()) - 1;
  *length |= std::byte{0x80};
  params.insert(length + 1, std::byte{0});
  return params;
}

// Every section but the grids: fails to load (HGTS and BIOM are missing),
// yet every other codec decodes, in a few hundred bytes.
BlueprintBuilder withoutGrids(BlueprintBuilder builder) {
  for (const FourCC grid : {FourCC("HGTS"), FourCC("BIOM"), FourCC("WBID"), FourCC("WSRF")}) builder.remove(grid);
  return builder;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

std::vector<Seed> blueprintSeeds() {
  const SampleBlueprint sample = test::makeSample();
  const BlueprintBuilder full = test::encode(sample);
  std::vector<Seed> seeds{{"sample-v2", full.v2()}, {"sample-v1", full.v1()}};

  auto variant = [&](std::string name, auto change) {
    BlueprintBuilder builder = full;
    change(builder);
    seeds.push_back({std::move(name), builder.v2()});
  };
  for (const std::uint16_t version : kOlderCurveVersions) {
    variant("tcrv-v" + std::to_string(version),
            [&](auto& b) { b.replace(FourCC("TCRV"), test::encodeCurve(version)); });
  }
  variant("tdtl-v1-retired", [](auto& b) { b.replace(FourCC("TDTL"), test::encodeDetail(1, 38)); });
  variant("tdtl-v3-unknown", [](auto& b) { b.replace(FourCC("TDTL"), test::encodeDetail(3, 30)); });
  variant("eros-v1", [](auto& b) { b.replace(FourCC("EROS"), test::encodeErosion(1)); });
  variant("eros-v3-unknown", [](auto& b) { b.replace(FourCC("EROS"), test::encodeErosion(3, 62)); });
  variant("roads-empty", [](auto& b) {
    for (const FourCC tag : kRoadTags) b.replace(tag, test::encodeRoads({}));
  });
  variant("mandatory-only", [](auto& b) {
    const auto sections = b.sections().first(3);  // PRMS, HGTS, BIOM
    b = BlueprintBuilder({sections.begin(), sections.end()});
  });
  variant("unknown-tags", [](auto& b) {
    b.insert(1, FourCC("FUTR"), test::toBytes("a future section"));
    b.add(FourCC("LAST"), {});
  });
  variant("prms-long-string-length", [&](auto& b) { b.replace(FourCC("PRMS"), paramsWithLongLength(sample)); });
  seeds.push_back({"mapsize-257", test::encode(test::makeSample(257)).v2()});

  BlueprintBuilder roadless = full;
  for (const FourCC tag : kRoadTags) roadless.replace(tag, test::encodeRoads({}));
  seeds.push_back({"v1-roads-empty", roadless.v1()});
  auto trailing = full.v1();
  for (const char c : std::string_view("trailing bytes")) trailing.push_back(static_cast<std::byte>(c));
  seeds.push_back({"v1-trailing-bytes", std::move(trailing)});

  seeds.push_back({"no-grids", withoutGrids(full).v2()});
  seeds.push_back({"header-only", BlueprintBuilder().v2()});
  auto v1Header = full.v1();
  v1Header.resize(8 + 4);  // "\x07ISLA_V1", MapSize
  seeds.push_back({"v1-header-only", std::move(v1Header)});
  return seeds;
}

std::vector<Seed> sectionSeeds() {
  std::vector<Seed> seeds;
  auto add = [&](std::string name, FourCC tag, const std::vector<std::byte>& payload) {
    std::vector<std::byte> bytes{std::byte{sectionSelector(tag)}};
    bytes.insert(bytes.end(), payload.begin(), payload.end());
    seeds.push_back({lower(tag.text()) + "-" + name, std::move(bytes)});
  };
  const SampleBlueprint sample = test::makeSample();
  const BlueprintBuilder full = test::encode(sample);
  for (const auto& section : full.sections()) add("sample", section.tag, section.payload);
  for (const std::uint16_t version : kOlderCurveVersions) {
    add("v" + std::to_string(version), FourCC("TCRV"), test::encodeCurve(version));
  }
  add("v1-retired", FourCC("TDTL"), test::encodeDetail(1, 38));
  add("v1", FourCC("EROS"), test::encodeErosion(1));
  add("empty", FourCC("RDHW"), test::encodeRoads({}));
  add("empty", FourCC("TOWN"), test::encodeTowns({}));
  add("long-string-length", FourCC("PRMS"), paramsWithLongLength(sample));

  // Grids of side 257: the selector's MapSize byte 1.
  const BlueprintBuilder side257 = test::encode(test::makeSample(257));
  for (const auto& section : side257.sections()) {
    if (section.tag != FourCC("HGTS") && section.tag != FourCC("BIOM")) continue;
    std::vector<std::byte> bytes{std::byte{static_cast<std::uint8_t>(sectionSelector(section.tag) | kMapSizeFollows)},
                                 std::byte{1}};
    bytes.insert(bytes.end(), section.payload.begin(), section.payload.end());
    seeds.push_back({lower(section.tag.text()) + "-mapsize-257", std::move(bytes)});
  }
  return seeds;
}

}  // namespace isla::fuzz
