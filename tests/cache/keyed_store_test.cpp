// SPDX-License-Identifier: MIT
// The keyed store's rules, which the patch cache and the view's cache of
// worlds both keep (isla/cache/keyed_store.hpp): a thing is named by 64
// lowercase hex digits, what else a folder holds is not the store's, and
// the least recently used things go first when the store outgrows its
// bound, of bytes or of things.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "isla/cache/keyed_store.hpp"
#include "isla/publish/sha256.hpp"
#include "tool_runner.hpp"

namespace fs = std::filesystem;
using isla::StoreBound;
using isla::StoredThing;

namespace {

// A thing used `age` ticks ago, of `bytes`.
StoredThing thing(char key, int age, std::uint64_t bytes) {
  return {fs::path(std::string(64, key)), std::string(64, key),
          fs::file_time_type::clock::time_point{} + std::chrono::hours(1000 - age), bytes};
}

std::string keysOf(const std::vector<StoredThing>& things) {
  std::string keys;
  for (const auto& t : things) keys += t.key.front();
  return keys;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(keyed_store)

BOOST_AUTO_TEST_CASE(a_key_is_64_lowercase_hex_digits) {
  BOOST_TEST(isla::isSha256Hex(std::string(64, 'a')));
  BOOST_TEST(isla::isSha256Hex(isla::sha256Hex({})));
  BOOST_TEST(!isla::isSha256Hex(std::string(63, 'a')));
  BOOST_TEST(!isla::isSha256Hex(std::string(65, 'a')));
  BOOST_TEST(!isla::isSha256Hex(std::string(64, 'A')));
  BOOST_TEST(!isla::isSha256Hex(std::string(63, 'a') + "g"));
  BOOST_CHECK_THROW(isla::checkKey("notes"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_least_recently_used_go_first_and_an_older_smaller_one_may_stay) {
  const std::vector<StoredThing> held{thing('a', 3, 10), thing('b', 1, 10), thing('c', 2, 30), thing('d', 4, 5)};
  BOOST_TEST(keysOf(isla::beyondBound(held, StoreBound{})).empty());
  // b (newest) and c fit 40 bytes; a does not fit beside them, d does.
  BOOST_TEST(keysOf(isla::beyondBound(held, StoreBound{.bytes = 45})) == "a");
  BOOST_TEST(keysOf(isla::beyondBound(held, StoreBound{.things = 2})) == "ad");
  BOOST_TEST(keysOf(isla::beyondBound(held, StoreBound{.things = 0})) == "bcad");
  // Used at the same moment: the lower key is kept.
  BOOST_TEST(keysOf(isla::beyondBound({thing('f', 1, 1), thing('e', 1, 1)}, StoreBound{.things = 1})) == "f");
}

BOOST_AUTO_TEST_CASE(what_a_folder_holds_beside_its_things_is_not_the_stores) {
  isla::test::TempDir dir;
  fs::create_directories(dir / std::string(64, 'a'));
  std::ofstream(dir / std::string(64, 'b')) << "a record";
  fs::create_directories(dir / "notes");
  fs::create_directories(dir / std::string(64, 'A'));
  const isla::KeyedNames names = isla::namesBelow(dir.path());
  BOOST_TEST(names.keyed.size() == 2u);
  BOOST_TEST(names.others.size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
