// SPDX-License-Identifier: MIT
// The records a compile through the cache keeps of its sources (issue 38):
// a source's SHA-256 by its file's identity, remembered only once the file
// has settled and given only for the same identity; the validators'
// findings by the key of what they depend on, every member kept; a damaged
// record of either kind is said, removed and never trusted.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "isla/publish/sha256.hpp"
#include "cache/source_digests.hpp"
#include "tool_runner.hpp"
#include "test_kernel.hpp"
#include "cache/validation_memo.hpp"

namespace fs = std::filesystem;
using isla::FileIdentity;
using isla::PatchCache;
using isla::test::TempDir;

namespace {

const std::string kSha256(64, 'd');
constexpr std::int64_t kSecond = 1'000'000'000;

// A file last changed at `changedNs`, seen `sinceNs` later.
FileIdentity identity(std::int64_t changedNs, std::int64_t sinceNs) {
  return FileIdentity{.device = 8, .inode = 1234, .bytes = 4096, .modifiedNs = changedNs - 5, .changedNs = changedNs,
                      .seenNs = changedNs + sinceNs};
}

std::vector<fs::path> recordsIn(const fs::path& folder) {
  std::vector<fs::path> found;
  if (!fs::exists(folder)) return found;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) found.push_back(entry.path());
  }
  return found;
}

std::string textOf(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// What recalling came to: the damage said, or "" when there was none.
template <class Recall>
std::string damageOf(Recall&& recall) {
  try {
    recall();
    return "";
  } catch (const isla::CacheDamaged& damage) {
    return damage.what();
  }
}

void flipLastDigit(const fs::path& record) {
  std::string text = textOf(record);
  const std::size_t seal = text.rfind("sealed ");
  const std::size_t digit = text.find_last_of("0123456789", seal);
  text[digit] = text[digit] == '1' ? '2' : '1';
  std::ofstream(record, std::ios::binary) << text;
}

// A cache, its digests, and a source seen once, settled.
struct Digests {
  TempDir dir;
  PatchCache cache{dir / "cache"};
  isla::SourceDigests digests{cache};
  fs::path source = dir / "s0.dat";
  FileIdentity seen = identity(1'700'000'000 * kSecond, 3 * kSecond);
};

}  // namespace

BOOST_AUTO_TEST_SUITE(source_records)

BOOST_FIXTURE_TEST_CASE(a_digest_is_given_back_only_for_the_same_file_unchanged, Digests) {
  digests.remember(source, seen, kSha256);
  BOOST_TEST(digests.recall(source, seen).value_or("none") == kSha256);
  // The same path seen relative to the working directory is the same file.
  BOOST_TEST(digests.recall(fs::relative(source), seen).value_or("none") == kSha256);

  FileIdentity rewritten = seen;
  rewritten.changedNs += 1;  // a write, a rename over it, a chmod
  BOOST_TEST(!digests.recall(source, rewritten));
  FileIdentity grown = seen;
  grown.bytes += 1;
  BOOST_TEST(!digests.recall(source, grown));
  FileIdentity moved = seen;
  moved.inode += 1;
  BOOST_TEST(!digests.recall(source, moved));
  BOOST_TEST(!digests.recall(dir / "s1.dat", seen));
}

BOOST_FIXTURE_TEST_CASE(a_file_changed_just_before_it_was_read_is_not_remembered, Digests) {
  // A write in the same tick as the read could hide behind this identity.
  const FileIdentity fresh = identity(1'700'000'000 * kSecond, isla::kSettledAfter.count() - 1);
  digests.remember(source, fresh, kSha256);
  BOOST_TEST(!digests.recall(source, fresh));
  BOOST_TEST(recordsIn(dir / "cache" / PatchCache::kSourcesFolder).empty());
  // Seen again once it settled: remembered.
  const FileIdentity settled = identity(1'700'000'000 * kSecond, isla::kSettledAfter.count());
  digests.remember(source, settled, kSha256);
  BOOST_TEST(digests.recall(source, settled).value_or("none") == kSha256);
}

BOOST_FIXTURE_TEST_CASE(a_damaged_digest_record_is_said_removed_and_never_trusted, Digests) {
  digests.remember(source, seen, kSha256);
  const auto records = recordsIn(dir / "cache" / PatchCache::kSourcesFolder);
  BOOST_TEST_REQUIRE(records.size() == 1u);
  flipLastDigit(records[0]);
  BOOST_TEST(damageOf([&] { digests.recall(source, seen); }) == "its record " + records[0].string() + " is damaged");
  BOOST_TEST(!digests.recall(source, seen));
  BOOST_TEST(!fs::exists(records[0]));
  BOOST_TEST(cache.stats().bytes == 0u);
}

BOOST_AUTO_TEST_CASE(findings_come_back_with_every_member_under_their_key_only) {
  TempDir dir;
  const PatchCache cache(dir / "cache");
  const isla::Kernel& kernel = isla::test::sharedKernel();
  const isla::ValidationMemo memo(cache, kernel, {{"water.min-area", "4"}}, isla::Units{251.0, 1.0});
  isla::Diagnostics findings;
  findings.add({.severity = isla::Severity::Warning, .code = "scenery.highway-flag",
                .message = "town 0 (\xff village) has isHighwayNode 2", .file = "a/s0.dat",
                .tag = isla::FourCC("TOWN"), .offset = 4097, .pixel = isla::PixelRef{3, -1},
                .pointer = "/sources/0", .origin = "scenery"});
  findings.add({.severity = isla::Severity::Info, .code = "terrain.note", .message = "plain"});
  const std::string key = memo.key(kSha256, "a/s0.dat");
  BOOST_TEST(key != memo.key(std::string(64, 'e'), "a/s0.dat"));
  BOOST_TEST(key != memo.key(kSha256, "b/s0.dat"));
  BOOST_TEST(key != isla::ValidationMemo(cache, kernel, {}, isla::Units{251.0, 1.0}).key(kSha256, "a/s0.dat"));
  BOOST_TEST(key != isla::ValidationMemo(cache, kernel, {{"water.min-area", "4"}}, isla::Units{251.0, 2.0})
                        .key(kSha256, "a/s0.dat"));
  // Another enum table (--enums), whose names findings quote: another key.
  const fs::path enums = dir / "enums.json";
  fs::copy_file(kernel.enums().origin(), enums);
  const auto sameEnums = isla::test::makeKernel(isla::EnumTable::load(enums));
  const auto memoOf = [&](const isla::Kernel& with) {
    return isla::ValidationMemo(cache, with, {{"water.min-area", "4"}}, isla::Units{251.0, 1.0}).key(kSha256, "a/s0.dat");
  };
  BOOST_TEST(memoOf(*sameEnums) == key);
  std::string table = textOf(enums);
  table.replace(table.find("\"Ocean\""), 7, "\"Sea\"");
  std::ofstream(enums, std::ios::binary | std::ios::trunc) << table;
  BOOST_TEST(memoOf(*isla::test::makeKernel(isla::EnumTable::load(enums))) != key);

  BOOST_TEST(!memo.recall(key));
  memo.remember(key, findings);
  const auto recalled = memo.recall(key);
  BOOST_TEST_REQUIRE(recalled.has_value());
  BOOST_TEST_REQUIRE(recalled->items().size() == 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const isla::Diagnostic &a = recalled->items()[i], &b = findings.items()[i];
    BOOST_TEST((a.severity == b.severity));
    BOOST_TEST(a.code == b.code);
    BOOST_TEST(a.message == b.message);
    BOOST_TEST(a.file == b.file);
    BOOST_TEST((a.tag == b.tag));
    BOOST_TEST((a.offset == b.offset));
    BOOST_TEST((a.pixel.has_value() == b.pixel.has_value()));
    if (a.pixel && b.pixel) BOOST_TEST((a.pixel->x == b.pixel->x && a.pixel->y == b.pixel->y));
    BOOST_TEST(a.pointer == b.pointer);
    BOOST_TEST(a.origin == b.origin);
  }
  // None found is remembered too.
  const std::string clean = memo.key(std::string(64, 'e'), "a/s1.dat");
  memo.remember(clean, {});
  BOOST_TEST(memo.recall(clean).value().empty());

  const fs::path record = cache.recordPath(PatchCache::kValidationsFolder, key);
  flipLastDigit(record);
  BOOST_TEST(damageOf([&] { memo.recall(key); }) == "its record " + record.string() + " is damaged");
  BOOST_TEST(!memo.recall(key));
  BOOST_TEST(!fs::exists(record));
}

BOOST_AUTO_TEST_SUITE_END()
