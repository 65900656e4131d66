// SPDX-License-Identifier: MIT
// The bundle reader on damaged archives, as libarchive's tests treat theirs:
// a made bundle truncated at every offset and with every byte flipped is
// refused with a diagnostic or, where the flip hit a field nothing depends
// on, read back whole; never a crash, a hang or a wrong blueprint.
#include <boost/test/unit_test.hpp>

#include <isla/bundle/source_bundle.hpp>

#include "test_kernel.hpp"

namespace {

std::vector<std::byte> blueprintBlob() {
  std::vector<std::byte> blob(4096);
  std::uint32_t state = 12345;
  for (auto& b : blob) {
    state = state * 1664525u + 1013904223u;
    b = std::byte(state >> 24);
  }
  return blob;
}

struct Made {
  std::vector<std::byte> blueprint = blueprintBlob();
  isla::BundleContents contents;
  std::vector<std::byte> bytes;

  Made() {
    contents.metadata = R"({"format": "isla.viewer-bundle", "format_version": 2, "bundle_id": "b", "display_name": "B",
      "generator": {"name": "test", "version": "1"}, "blueprint": "b.dat"})";
    contents.runtime = R"({"format": "isla.viewer-bundle.runtime", "format_version": 3, "map_size": 256,
      "height_scale_m": 251, "spacing_m": 1})";
    contents.catalogue = R"({"format": "isla.viewer-bundle.catalogue", "format_version": 3,
      "assets": [{"id": "town-city", "category": "settlement", "resource": "city"}], "category_defaults": {}})";
    contents.vegetation = R"({"format": "isla.viewer-bundle.vegetation", "format_version": 1, "regions": [],
      "instances": [{"species": "oak", "x": 1, "y": 2, "rotation_deg": 30, "scale": 1, "visible": true}]})";
    contents.blueprintMember = "b.dat";
    contents.blueprint = blueprint;
    bytes = isla::writeBundle(contents);
  }
};

// Reads `bytes`; a refusal must say why, and an acceptance must give the
// blueprint as it was made.
bool readsCorrectlyOrRefuses(const std::vector<std::byte>& bytes, const std::vector<std::byte>& blueprint) {
  isla::Diagnostics diagnostics;
  const auto bundle = isla::readBundle(bytes, "t.zip", diagnostics);
  if (!bundle) return diagnostics.hasErrors();
  return *bundle->blueprint == blueprint && bundle->members.size() == 5 && bundle->vegetation &&
         bundle->vegetation->instances.size() == 1;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bundle_reader)

BOOST_AUTO_TEST_CASE(a_made_bundle_reads_back_with_its_member_hashes) {
  const Made made;
  isla::Diagnostics diagnostics;
  const auto bundle = isla::readBundle(made.bytes, "t.zip", diagnostics);
  BOOST_REQUIRE(bundle);
  BOOST_TEST(diagnostics.empty());
  BOOST_TEST(bundle->metadata.bundleId == "b");
  BOOST_TEST(bundle->runtime.mapSize == 256);
  BOOST_TEST(bundle->blueprintName == "t.zip!b.dat");
  BOOST_TEST((*bundle->blueprint == made.blueprint));
  std::vector<std::string> names;
  for (const auto& member : bundle->members) names.push_back(member.name);
  BOOST_TEST((names == std::vector<std::string>{"b.dat", "catalogue.json", "metadata.json", "runtime.json",
                                                "vegetation.json"}));
  BOOST_TEST(bundle->catalogue->assets.at(0).resource == "city");
  BOOST_TEST(bundle->vegetation->instances.at(0).rotationDeg == 30);
}

BOOST_AUTO_TEST_CASE(the_same_contents_give_the_same_bytes) {
  const Made one, two;
  BOOST_TEST((one.bytes == two.bytes));
}

BOOST_AUTO_TEST_CASE(every_truncation_is_refused) {
  const Made made;
  for (std::size_t size = 0; size < made.bytes.size(); ++size) {
    const std::vector<std::byte> cut(made.bytes.begin(), made.bytes.begin() + static_cast<std::ptrdiff_t>(size));
    isla::Diagnostics diagnostics;
    BOOST_TEST_INFO("truncated to " << size << " bytes");
    BOOST_TEST(!isla::readBundle(cut, "t.zip", diagnostics));
    BOOST_TEST(diagnostics.hasErrors());
  }
}

BOOST_AUTO_TEST_CASE(every_flipped_byte_is_refused_or_harmless) {
  const Made made;
  for (std::size_t at = 0; at < made.bytes.size(); ++at) {
    std::vector<std::byte> flipped = made.bytes;
    flipped[at] ^= std::byte{0xff};
    BOOST_TEST_INFO("byte " << at << " flipped");
    BOOST_TEST(readsCorrectlyOrRefuses(flipped, made.blueprint));
  }
}

BOOST_AUTO_TEST_CASE(runtime_numbers_are_bounded_and_keys_unique) {
  struct Case {
    std::string runtime, code, pointer, message;
  };
  const std::string head = R"({"format": "isla.viewer-bundle.runtime", "format_version": 3, "map_size": 256, )";
  const std::vector<Case> cases{
      {head + R"("height_scale_m": 251, "spacing_m": 1e400})", "bundle.bad-json", "/spacing_m",
       "the number 1e400 is beyond the range of a double"},
      {head + R"("height_scale_m": 251, "spacing_m": 1e-300})", "bundle.schema", "/spacing_m", ">= 0.001"},
      {head + R"("height_scale_m": 1e30, "spacing_m": 1})", "bundle.schema", "/height_scale_m", "<= 1e+06"},
      {head + R"("height_scale_m": 251, "spacing_m": 1, "spacing_m": 2})", "bundle.bad-json", "/spacing_m",
       "the key 'spacing_m' appears twice in one object"},
      {head + R"("height_scale_m": 251,)" + "\n" + R"("spacing_m": })", "bundle.bad-json", "",
       "not valid JSON at line 2, column 14 (byte"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.runtime) {
      Made made;
      made.contents.runtime = c.runtime;
      made.bytes = isla::writeBundle(made.contents);
      isla::Diagnostics diagnostics;
      BOOST_TEST(!isla::readBundle(made.bytes, "t.zip", diagnostics));
      const auto* d = diagnostics.find(c.code);
      BOOST_TEST_REQUIRE(d, isla::test::describe(diagnostics));
      BOOST_TEST(d->file == "t.zip!runtime.json");
      BOOST_TEST(d->pointer == c.pointer);
      BOOST_TEST(d->message.find(c.message) != std::string::npos, d->message);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
