// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/base/fourcc.hpp>

using isla::FourCC;

BOOST_AUTO_TEST_SUITE(fourcc)

BOOST_AUTO_TEST_CASE(tags_are_little_endian_ascii) {
  BOOST_TEST(FourCC("PRMS").value() == 0x534D5250u);
  BOOST_TEST(FourCC("HGTS").value() == 0x53544748u);
  BOOST_TEST(FourCC("RDTL").value() == 0x4C544452u);
  BOOST_TEST(FourCC("WSRF").text() == "WSRF");
}

BOOST_AUTO_TEST_CASE(parse_takes_exactly_four_characters) {
  BOOST_TEST(FourCC::parse("BIOM").value() == FourCC("BIOM"));
  BOOST_TEST(!FourCC::parse("BIO"));
  BOOST_TEST(!FourCC::parse("BIOMS"));
}

BOOST_AUTO_TEST_CASE(unprintable_tags_show_as_hex) {
  BOOST_TEST(FourCC(0x00000001u).text() == "0x00000001");
  BOOST_TEST(!FourCC(0xFFFFFFFFu).printable());
}

BOOST_AUTO_TEST_SUITE_END()
