// SPDX-License-Identifier: MIT
// Text from files reaches the terminal with its control characters and
// invalid UTF-8 escaped, and everything else unchanged.
#include <boost/test/unit_test.hpp>

#include <isla/base/printable_text.hpp>

using isla::printableText;

BOOST_AUTO_TEST_SUITE(printable_text)

BOOST_AUTO_TEST_CASE(printable_utf8_is_unchanged) {
  BOOST_TEST(printableText("plain ascii ~!") == "plain ascii ~!");
  BOOST_TEST(printableText("Île, 島, 🏝") == "Île, 島, 🏝");
}

BOOST_AUTO_TEST_CASE(control_characters_are_escaped) {
  BOOST_TEST(printableText("a\nb\rc\td") == "a\\nb\\rc\\td");
  BOOST_TEST(printableText("\x1b[31mred") == "\\x1b[31mred");
  BOOST_TEST(printableText(std::string_view("nul\0x", 5)) == "nul\\x00x");
  BOOST_TEST(printableText("del\x7f") == "del\\x7f");
  BOOST_TEST(printableText("c1 \xc2\x9b") == "c1 \\u009b");  // U+009B, the 8-bit CSI
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_escaped_byte_by_byte) {
  BOOST_TEST(printableText("\xff\xfe") == "\\xff\\xfe");
  BOOST_TEST(printableText("cut \xe5\xb3") == "cut \\xe5\\xb3");       // a truncated sequence
  BOOST_TEST(printableText("\xc0\xaf") == "\\xc0\\xaf");               // overlong '/'
  BOOST_TEST(printableText("\xed\xa0\x80") == "\\xed\\xa0\\x80");      // a surrogate
  BOOST_TEST(printableText("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
}

BOOST_AUTO_TEST_SUITE_END()
