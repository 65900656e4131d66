// SPDX-License-Identifier: MIT
// The rules every part of the tool keeps the one way (docs/architecture.md,
// One home per rule): a path that stays inside its folder, and a list in a
// message.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "isla/base/joined_text.hpp"
#include "isla/base/relative_path.hpp"

BOOST_AUTO_TEST_SUITE(base_rules)

BOOST_AUTO_TEST_CASE(a_path_inside_its_folder_is_relative_posix_and_of_plain_names) {
  for (const char* inside : {"world.json", "terrain/p-0-0.json", "a/b/c.d", "..x", ".hidden", "x.."}) {
    BOOST_TEST(isla::whyNotInside(inside).empty(), inside);
  }
  const std::vector<std::pair<std::string, std::string>> outside{
      {"", "is empty"},
      {std::string("a\0b", 3), "contains a NUL character"},
      {"a\tb", "contains a control character"},
      {"a\x7f", "contains a control character"},
      {"terrain\\p.json", "contains a backslash (paths use '/')"},
      {"/etc/passwd", "is absolute"},
      {"a//b", "has an empty component"},
      {"a/", "has an empty component"},
      {"./a", "has a '.' component"},
      {"a/./b", "has a '.' component"},
      {"../a", "has a '..' component"},
      {"a/..", "has a '..' component"},
  };
  for (const auto& [path, why] : outside) BOOST_TEST(isla::whyNotInside(path) == why, path);
}

BOOST_AUTO_TEST_CASE(a_list_is_joined_with_its_separator_between_items) {
  BOOST_TEST(isla::joinedText(std::vector<std::string>{}).empty());
  BOOST_TEST(isla::joinedText(std::vector<std::string>{"a"}) == "a");
  BOOST_TEST(isla::joinedText(std::vector<std::string>{"a", "", "c"}) == "a, , c");
  BOOST_TEST(isla::joinedText(std::vector<std::string>{"x", "y"}, "; ") == "x; y");
}

BOOST_AUTO_TEST_SUITE_END()
