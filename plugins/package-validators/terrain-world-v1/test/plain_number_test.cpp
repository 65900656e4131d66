// SPDX-License-Identifier: MIT
// readPlainNumber against std::from_chars and Boost.JSON's parser, bit for
// bit, over the shapes a compiled package writes, random ones and the edges
// of the fast path; and the row scans against their byte-at-a-time meaning.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <bit>
#include <charconv>
#include <cstring>
#include <random>
#include <string>

#include "../plain_number.hpp"
#include "../row_scan.hpp"

using namespace isla::terrain_world;

namespace {

// The value when plain, checked against from_chars and Boost.JSON.
bool agrees(const std::string& text) {
  double plain = 0;
  const char* end = readPlainNumber(text.data(), text.data() + text.size(), plain);
  if (!end) return true;  // declined: the caller asks from_chars or the parser
  BOOST_TEST_INFO("text: " << text);
  BOOST_TEST(end == text.data() + text.size());
  double exact = 0;
  const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), exact);
  BOOST_TEST((error == std::errc{} && stop == end));
  const double parsed = boost::json::parse(text).to_number<double>();
  const bool same = std::bit_cast<std::uint64_t>(plain) == std::bit_cast<std::uint64_t>(exact) &&
                    std::bit_cast<std::uint64_t>(plain) == std::bit_cast<std::uint64_t>(parsed);
  BOOST_TEST(same, text << ": " << plain << " from_chars " << exact << " Boost.JSON " << parsed);
  return same;
}

bool plain(const std::string& text) {
  double value = 0;
  return readPlainNumber(text.data(), text.data() + text.size(), value) == text.data() + text.size();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plain_number)

BOOST_AUTO_TEST_CASE(the_shapes_a_package_writes_are_plain_and_exact) {
  for (const std::string text : {"0", "-125.5", "-122.823074", "3", "0.5", "2.5e-3", "1E+2", "9007199254740992",
                                 "0.1", "1e22", "1e-22", "-0.0001220703125"}) {
    BOOST_TEST(plain(text), text);
    BOOST_TEST(agrees(text));
  }
  // Every float a float32 printer can write (shortest round trip, %.9g).
  std::mt19937_64 random(8);
  std::uniform_real_distribution<float> heights(-11000.0F, 9000.0F);
  char buffer[40];
  for (int i = 0; i < 200000; ++i) {
    const float h = heights(random);
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, h);
    BOOST_REQUIRE(agrees(std::string(buffer, end)));
    std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(h));
    BOOST_REQUIRE(agrees(buffer));
  }
}

BOOST_AUTO_TEST_CASE(random_digits_and_exponents_agree_or_are_declined) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 300000; ++i) {
    std::string text = random() % 4 == 0 ? "-" : "";
    const int whole = static_cast<int>(random() % 12), fraction = static_cast<int>(random() % 14);
    text += std::to_string(random() % 9 + 1);
    for (int d = 0; d < whole; ++d) text += static_cast<char>('0' + random() % 10);
    if (fraction > 0) {
      text += '.';
      for (int d = 0; d < fraction; ++d) text += static_cast<char>('0' + random() % 10);
    }
    if (random() % 3 == 0) text += "e" + std::to_string(static_cast<int>(random() % 61) - 30);
    BOOST_REQUIRE(agrees(text));
  }
}

BOOST_AUTO_TEST_CASE(what_is_not_a_plain_json_number_is_declined) {
  for (const std::string text : {"", "-", "+1", ".5", "01", "-01", "1.", "1e", "1e+", "--1", "-0", "1x",
                                 "12345678901234567890", "9007199254740993", "1e23", "1e-23", "1e0001",
                                 "0.00000000000000000001", "inf", "nan"}) {
    BOOST_TEST(!plain(text), text);
  }
  double value = 0;
  const std::string row = "1.5,-2";  // stops at the comma
  BOOST_TEST(readPlainNumber(row.data(), row.data() + row.size(), value) == row.data() + 3);
  BOOST_TEST(value == 1.5);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(row_scan)

BOOST_AUTO_TEST_CASE(classifying_matches_the_bytes) {
  const std::string numbers = "-1.5,2e-3,+4,5E6 ,\t7\r\n";
  std::string row;
  for (int i = 0; i < 40; ++i) row += numbers;  // longer than a vector and a block
  auto classify = [](const std::string& text) { return classifyRow((text + "]").data(), text.size()); };
  BOOST_TEST(classify(row).commas == 40U * 4);
  BOOST_TEST(classify(row).clean);
  for (const std::size_t at : {std::size_t{0}, std::size_t{17}, row.size() / 2, row.size() - 1}) {
    for (const char bad : {'x', '"', '[', '/', '\0'}) {
      std::string broken = row;
      broken[at] = bad;
      BOOST_TEST(!classify(broken).clean, "'" << bad << "' at " << at);
    }
    std::string pair = row;
    pair.replace(at, 2, ",,");
    BOOST_TEST(!classify(pair).clean, "',,' at " << at);
  }
  BOOST_TEST(classify("1,").clean);  // the ']' after the last comma is not a second comma
}

BOOST_AUTO_TEST_CASE(skipping_to_a_column_counts_commas) {
  std::string row;
  for (int i = 0; i < 1000; ++i) row += std::to_string(i) + ",";
  row += "1000";
  const char* end = row.data() + row.size();
  for (const std::size_t column : {1UL, 2UL, 127UL, 128UL, 129UL, 500UL, 1000UL}) {
    const char* at = afterCommas(row.data(), end, column);
    BOOST_REQUIRE(at);
    BOOST_TEST(std::stoul(std::string(at, 4)) == column);
  }
  BOOST_TEST(!afterCommas(row.data(), end, 1001));
}

BOOST_AUTO_TEST_SUITE_END()
