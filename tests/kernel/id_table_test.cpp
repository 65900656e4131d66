// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <utility>
#include <vector>

#include <isla/base/id_table.hpp>

BOOST_AUTO_TEST_SUITE(id_table)

BOOST_AUTO_TEST_CASE(only_the_ids_given_a_value_are_found_and_visited_in_increasing_id) {
  isla::IdTable<int> table;
  BOOST_TEST(!table.find(0));
  BOOST_TEST(!table.find(65535));
  // Across blocks, given out of order, one of them value-initialised only.
  table[65535] = 3;
  table[300] = 2;
  table[1] = 1;
  BOOST_TEST(table[256] == 0);
  std::vector<std::pair<std::uint16_t, int>> seen;
  table.forEach([&](std::uint16_t id, int value) { seen.emplace_back(id, value); });
  const std::vector<std::pair<std::uint16_t, int>> expected{{1, 1}, {256, 0}, {300, 2}, {65535, 3}};
  BOOST_TEST((seen == expected));
  BOOST_TEST(*table.find(300) == 2);
  BOOST_TEST(!table.find(2));    // in a made block, never given
  BOOST_TEST(!table.find(512));  // in a block never made
}

BOOST_AUTO_TEST_SUITE_END()
