// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/model/enum_table.hpp>
#include <isla/base/io_error.hpp>

#include "test_kernel.hpp"

using isla::EnumTable;

BOOST_AUTO_TEST_SUITE(enum_table)

BOOST_AUTO_TEST_CASE(the_shipped_table_matches_decisions_md) {
  const EnumTable table = isla::test::shippedEnums();
  BOOST_TEST(table.members("Biome").size() == 14u);
  BOOST_TEST(table.name("Biome", 0) == "Ocean");
  BOOST_TEST(table.name("Biome", 1) == "Lake");
  BOOST_TEST(table.name("Biome", 13) == "Wasteland");
  BOOST_TEST(table.members("TownTier").size() == 4u);
  BOOST_TEST(table.ordinal("TownTier", "City").value() == 3u);
  BOOST_TEST(table.name("Biome", 14) == "#14");
}

BOOST_AUTO_TEST_CASE(malformed_tables_are_refused_with_their_origin) {
  auto failsWith = [](std::string_view json, const std::string& expected) {
    try {
      EnumTable::parse(json, "my-enums.json");
      BOOST_ERROR("accepted: " << json);
    } catch (const std::runtime_error& error) {
      BOOST_TEST(std::string(error.what()) == "enum table 'my-enums.json': " + expected);
    }
  };
  failsWith("{", "not valid JSON: incomplete JSON");
  failsWith(R"({"enums": {}})", "\"format\" must be \"isla-enums/1\"");
  failsWith(R"({"format": "isla-enums/1", "enums": {"Biome": [1]}})", "\"Biome\" must hold non-empty strings");
}

BOOST_AUTO_TEST_CASE(a_missing_file_says_how_to_replace_it) {
  BOOST_CHECK_EXCEPTION(EnumTable::load("/nonexistent/enums.json"), isla::IoError, [](const auto& error) {
    return std::string(error.what()).find("pass --enums FILE or set ISLA_ENUMS") != std::string::npos;
  });
}

BOOST_AUTO_TEST_CASE(lookups_of_an_absent_enum_name_it) {
  const EnumTable table = EnumTable::parse(R"({"format": "isla-enums/1", "enums": {"Biome": ["Ocean"]}})", "t");
  BOOST_TEST(!table.contains("TownTier"));
  BOOST_CHECK_THROW(table.members("TownTier"), std::runtime_error);
}

BOOST_AUTO_TEST_SUITE_END()
