// SPDX-License-Identifier: MIT
// Every rule of BLUEPRINT_FORMAT.md "Reader validation" and the reader edge
// cases of DECISIONS.md, on files built by the test support and patched.
#include <boost/test/unit_test.hpp>

#include <sys/resource.h>

#include <random>
#include <set>

#include "blueprint_builder.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

const Diagnostic& expectCode(const LoadResult& result, std::string_view code) {
  const Diagnostic* d = result.diagnostics.find(code);
  if (!d) BOOST_FAIL("no diagnostic " << code << " among:\n" << describe(result.diagnostics));
  return *d;
}

BlueprintBuilder sample() { return encode(makeSample()); }

std::vector<std::byte> header(std::uint32_t version) {
  auto bytes = toBytes("ISLA");
  ByteWriter v;
  v.u32(version);
  const auto tail = v.flatten();
  bytes.insert(bytes.end(), tail.begin(), tail.end());
  return bytes;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reader_rules)

BOOST_AUTO_TEST_CASE(the_sample_loads_clean_with_every_section_decoded) {
  const auto result = load(sample().v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.diagnostics.empty(), describe(result.diagnostics));
  BOOST_TEST(result.blueprint->sections.size() == 14u);
  for (const auto& section : result.blueprint->sections) {
    BOOST_TEST((section.status == SectionStatus::Decoded), section.tag.text() << ": " << section.note);
  }
}

BOOST_AUTO_TEST_CASE(empty_and_tiny_files_are_refused) {
  BOOST_TEST(expectCode(load({}), "container.empty").message.find("the file is empty") == 0u);
  for (const auto* prefix : {"I", "IS", "ISL", "ISLA", "ISLA\x02"}) {
    const auto result = load(toBytes(prefix));
    BOOST_TEST(!result.blueprint);
    BOOST_TEST(expectCode(result, "container.truncated-header").offset.value() == 0u);
  }
}

BOOST_AUTO_TEST_CASE(wrong_magic_is_refused_at_once) {
  const auto other = load(toBytes("PK\x03\x04 zip"));
  BOOST_TEST(expectCode(other, "container.bad-magic").message ==
             "the first byte is 0x50, neither 'I' (v2 'ISLA') nor 0x07 (legacy v1 \"ISLA_V1\"); this is "
             "not an ISLA blueprint");
  auto almost = sample().v2();
  almost[3] = std::byte{'B'};
  BOOST_TEST(expectCode(load(almost), "container.bad-magic").message ==
             "the file starts with 'ISLB', not the v2 magic 'ISLA'; this is not an ISLA blueprint");
}

BOOST_AUTO_TEST_CASE(unknown_versions_are_refused) {
  for (const std::uint32_t version : {0u, 1u, 3u, 0xFFFFFFFFu}) {
    const auto result = load(header(version));
    const auto& d = expectCode(result, "container.unsupported-version");
    BOOST_TEST(d.offset.value() == 4u);
    BOOST_TEST(d.message == "format version " + std::to_string(version) +
                                " is not supported; this reader reads version 2 (and legacy v1)");
  }
}

BOOST_AUTO_TEST_CASE(a_valid_file_truncated_anywhere_never_loads) {
  const auto builder = sample();
  const auto full = builder.v2();
  std::vector<std::size_t> cuts;
  for (std::size_t i = 0; i < 512; ++i) cuts.push_back(i);
  for (const auto& section : builder.sections()) {
    const auto at = builder.offsetOf(section.tag);
    for (std::size_t d = 0; d < 40; ++d) cuts.push_back(at + d - std::min<std::size_t>(at, 20));
  }
  for (std::size_t at = 512; at < full.size(); at += 4099) cuts.push_back(at);
  cuts.push_back(full.size() - 1);
  std::set<std::size_t> boundaries;
  for (const auto& section : builder.sections()) boundaries.insert(builder.offsetOf(section.tag));
  for (const auto cut : cuts) {
    if (cut >= full.size()) continue;
    const auto result = load({full.begin(), full.begin() + static_cast<std::ptrdiff_t>(cut)});
    // Cut exactly between two sections, after BIOM, the rest is a valid
    // shorter blueprint: v2 records no section count. Anywhere else it fails.
    if (boundaries.contains(cut) && cut > builder.offsetOf(FourCC("BIOM"))) continue;
    BOOST_TEST(!result.ok(), "a file cut at " << cut << " of " << full.size() << " loaded");
  }
}

BOOST_AUTO_TEST_CASE(a_cut_between_tag_and_length_is_a_truncated_header) {
  const auto builder = sample();
  const auto full = builder.v2();
  const auto at = builder.offsetOf(FourCC("BIOM"));
  const auto result = load({full.begin(), full.begin() + static_cast<std::ptrdiff_t>(at + 6)});
  const auto& d = expectCode(result, "section.truncated-header");
  BOOST_TEST(d.offset.value() == at);
  BOOST_TEST(d.message.starts_with("6 bytes follow the last section, too few for a section header"));
}

BOOST_AUTO_TEST_CASE(leftover_bytes_after_the_last_section_are_a_truncation) {
  for (std::size_t extra = 1; extra <= 11; ++extra) {
    auto bytes = sample().v2();
    bytes.resize(bytes.size() + extra, std::byte{0});
    BOOST_TEST(!load(bytes).ok());
    BOOST_TEST(load(bytes).diagnostics.find("section.truncated-header"));
  }
}

BOOST_AUTO_TEST_CASE(lengths_beyond_the_file_never_wrap) {
  for (const std::uint64_t length : {std::uint64_t{1} << 63, ~std::uint64_t{0}, std::uint64_t{1} << 32}) {
    auto builder = sample();
    auto bytes = builder.v2();
    const auto at = builder.offsetOf(FourCC("HGTS"));
    patchU64(bytes, at + 4, length);
    const auto result = load(bytes);
    const auto& d = expectCode(result, "section.truncated");
    BOOST_TEST(d.tag->text() == "HGTS");
    BOOST_TEST(d.offset.value() == at);
    BOOST_TEST(d.message.starts_with("declares a payload of " + std::to_string(length) + " bytes but only "));
  }
}

BOOST_AUTO_TEST_CASE(params_must_come_first) {
  auto builder = sample();
  builder.insert(0, FourCC("XUNK"), toBytes("hello"));
  const auto result = load(builder.v2());
  const auto& d = expectCode(result, "params.not-first");
  BOOST_TEST(d.message == "the first section is XUNK; PRMS must come first (it carries MapSize)");
  BOOST_TEST(d.offset.value() == 8u);

  auto swapped = sample();
  auto heights = swapped.payload(FourCC("HGTS"));
  swapped.remove(FourCC("HGTS")).insert(0, FourCC("HGTS"), heights);
  const auto second = load(swapped.v2());
  BOOST_TEST(second.diagnostics.find("params.not-first"));
  // PRMS is still decoded wherever it is, so everything else is checked too.
  BOOST_TEST(second.blueprint->mapSize == 256);
}

BOOST_AUTO_TEST_CASE(reading_the_params_alone_gives_the_map_size_and_decodes_nothing_else) {
  const auto params = [](std::vector<std::byte> bytes) {
    auto owned = std::make_shared<const std::vector<std::byte>>(std::move(bytes));
    return readBlueprintParams(*owned, "test.dat", owned, sharedKernel());
  };
  // Heights that a whole read refuses are not read at all.
  auto broken = sample();
  broken.payload(FourCC("HGTS")).resize(10);
  BOOST_TEST(!load(broken.v2()).ok());
  const auto result = params(broken.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.blueprint->mapSize == 256);
  for (const auto& section : result.blueprint->sections) {
    if (section.tag == kParamsTag) continue;
    BOOST_TEST((section.status == SectionStatus::Skipped), section.tag.text());
    BOOST_TEST(section.note == "not decoded: only PRMS was read");
  }
  // The container's rules and PRMS's own still hold.
  auto shorter = sample();
  shorter.payload(FourCC("PRMS")).resize(10);
  BOOST_TEST(!params(shorter.v2()).ok());
  BOOST_TEST((expectCode(params(sample().remove(FourCC("PRMS")).v2()), "params.missing").severity == Severity::Error));
  auto almost = sample().v2();
  almost[3] = std::byte{'B'};
  BOOST_TEST(!params(almost).blueprint);
}

BOOST_AUTO_TEST_CASE(missing_mandatory_sections_are_errors_and_missing_expected_ones_warnings) {
  const auto noParams = load(sample().remove(FourCC("PRMS")).v2());
  BOOST_TEST(expectCode(noParams, "params.missing").message.starts_with("the blueprint has no PRMS section"));

  for (const FourCC tag : {FourCC("HGTS"), FourCC("BIOM")}) {
    const auto result = load(sample().remove(tag).v2());
    BOOST_TEST(!result.ok());
    const auto& d = expectCode(result, "section.missing");
    BOOST_TEST(d.tag.value() == tag);
    BOOST_TEST(d.message.ends_with("; it is mandatory"));
  }
  auto noScenery = sample();
  for (const FourCC tag : {FourCC("TOWN"), FourCC("RDHW"), FourCC("RDBR"), FourCC("RDRG"), FourCC("RDTL")}) {
    noScenery.remove(tag);
  }
  const auto result = load(noScenery.v2());
  BOOST_TEST(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.diagnostics.count(Severity::Warning) == 5u);
  BOOST_TEST(expectCode(result, "section.missing-expected").message ==
             "the blueprint has no RDBR section (Branch roads); it is read as empty");
}

BOOST_AUTO_TEST_CASE(a_tag_twice_is_an_error_naming_both_offsets) {
  auto builder = sample();
  builder.add(FourCC("TOWN"), encodeTowns({}));
  const auto bytes = builder.v2();
  const auto result = load(bytes);
  const auto first = builder.offsetOf(FourCC("TOWN"));
  const auto second = bytes.size() - 12 - 4;
  const auto& d = expectCode(result, "section.duplicate");
  BOOST_TEST(d.message == "occurs twice: at offset " + std::to_string(first) + " and at offset " +
                              std::to_string(second) + "; each tag may occur once, so the second is ignored");
  BOOST_TEST(result.blueprint->get<Table>(FourCC("TOWN"))->rows.size() == 4u);

  auto unknownTwice = sample();
  unknownTwice.add(FourCC("XUNK"), {}).add(FourCC("XUNK"), {});
  BOOST_TEST(load(unknownTwice.v2()).diagnostics.find("section.duplicate"));
}

BOOST_AUTO_TEST_CASE(an_unknown_tag_is_skipped_and_changes_nothing_else) {
  const auto plain = load(sample().v2());
  auto builder = sample();
  builder.insert(5, FourCC("FUTR"), toBytes("a future water layer"));
  const auto result = load(builder.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& info = expectCode(result, "section.unknown");
  BOOST_TEST((info.severity == Severity::Info));
  BOOST_TEST(info.message == "skipped section FUTR (20 bytes): no loaded plugin registers this tag; convert keeps its bytes");
  const auto* skipped = result.blueprint->find(FourCC("FUTR"));
  BOOST_TEST((skipped->status == SectionStatus::Skipped));
  BOOST_TEST(result.blueprint->sections.size() == plain.blueprint->sections.size() + 1);
  for (const auto& section : plain.blueprint->sections) {
    const auto* other = result.blueprint->find(section.tag);
    BOOST_TEST_REQUIRE(other);
    BOOST_TEST((other->status == section.status));
    BOOST_TEST(other->payloadLength == section.payloadLength);
  }
}

BOOST_AUTO_TEST_CASE(a_parser_must_consume_exactly_its_length) {
  auto longer = sample();
  auto& params = longer.payload(FourCC("PRMS"));
  params.insert(params.end(), 3, std::byte{0});
  const auto over = load(longer.v2());
  const auto& d = expectCode(over, "section.unconsumed");
  BOOST_TEST(d.tag->text() == "PRMS");
  BOOST_TEST(d.message == "the prms parser consumed " + std::to_string(params.size() - 3) + " of the " +
                              std::to_string(params.size()) +
                              " declared bytes; 3 bytes are left over, so the declared length and the "
                              "layout disagree");

  auto shorter = sample();
  shorter.payload(FourCC("PRMS")).resize(10);
  const auto under = load(shorter.v2());
  BOOST_TEST(!under.ok());
  BOOST_TEST(expectCode(under, "bytes.truncated").offset.value() == 8u + 12 + 8);
}

BOOST_AUTO_TEST_CASE(a_huge_map_size_in_a_tiny_file_allocates_nothing) {
  auto sampleValues = makeSample();
  sampleValues.mapSize = 32768;
  BlueprintBuilder builder;
  builder.add(FourCC("PRMS"), encodeParams(sampleValues));
  builder.add(FourCC("HGTS"), toBytes("tiny"));
  builder.add(FourCC("BIOM"), toBytes("x"));
  rusage before{};
  getrusage(RUSAGE_SELF, &before);
  const auto result = load(builder.v2());
  rusage after{};
  getrusage(RUSAGE_SELF, &after);
  BOOST_TEST(expectCode(result, "grid.length-mismatch").message ==
             "payload is 4 bytes; MapSize 32768 needs 4 x 32768^2 = 4294967296 bytes (f32 per pixel)");
  BOOST_TEST(after.ru_maxrss - before.ru_maxrss < 16 * 1024);  // KiB
}

BOOST_AUTO_TEST_CASE(every_problem_is_reported_in_one_run) {
  auto values = makeSample();
  values.biomes[300] = 200;
  values.towns[1].tier = 9;
  auto builder = encode(values);
  builder.add(FourCC("RDHW"), encodeRoads({}));
  auto bytes = builder.v2();
  bytes.resize(bytes.size() + 5);
  const auto result = load(bytes);
  for (const auto* code : {"biom.ordinal-out-of-range", "town.tier-out-of-range", "section.duplicate",
                           "section.truncated-header"}) {
    BOOST_TEST(result.diagnostics.find(code), code << " missing from:\n" << describe(result.diagnostics));
  }
}

BOOST_AUTO_TEST_CASE(many_tiny_unknown_sections_load_linearly) {
  BlueprintBuilder builder = sample();
  for (std::uint32_t i = 0; i < 100000; ++i) builder.add(FourCC(0x10000000u + i), {});
  const auto result = load(builder.v2());
  BOOST_TEST(result.ok());
  BOOST_TEST(result.blueprint->sections.size() == 100014u);
}

BOOST_AUTO_TEST_CASE(random_corruption_never_crashes_or_hangs) {
  const auto full = sample().v2();
  std::mt19937_64 random(20261201);
  for (int round = 0; round < 400; ++round) {
    auto bytes = full;
    const int flips = 1 + static_cast<int>(random() % 16);
    for (int f = 0; f < flips; ++f) {
      // Most flips land in the framing and small sections, where they matter.
      const auto limit = random() % 4 == 0 ? bytes.size() : std::min<std::size_t>(bytes.size(), 600);
      bytes[random() % limit] ^= static_cast<std::byte>(1u << (random() % 8));
    }
    const auto result = load(bytes);
    if (!result.ok()) BOOST_TEST(result.diagnostics.hasErrors());
  }
}

BOOST_AUTO_TEST_SUITE_END()
