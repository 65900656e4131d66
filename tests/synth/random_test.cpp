// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <cmath>

#include <isla/synth/noise.hpp>
#include <isla/synth/random.hpp>

BOOST_AUTO_TEST_SUITE(synth_random)

using namespace isla::synth;

BOOST_AUTO_TEST_CASE(pcg32_matches_the_reference_sequence) {
  // pcg32_srandom_r(&rng, 42, 54) in the PCG reference implementation.
  Pcg32 random(42, 54);
  for (const std::uint32_t expected :
       {0xa15c02b7U, 0x7b47f409U, 0xba1d3330U, 0x83d2f293U, 0xbfa4784bU, 0xcbed606eU}) {
    BOOST_TEST(random.next() == expected);
  }
}

BOOST_AUTO_TEST_CASE(bounded_draws_stay_below_the_bound) {
  Pcg32 random(7, 1);
  for (int i = 0; i < 10000; ++i) {
    BOOST_TEST(random.below(3) < 3U);
    const double u = random.uniform();
    BOOST_TEST((u >= 0 && u < 1));
  }
}

BOOST_AUTO_TEST_CASE(noise_is_a_pure_function_of_key_and_position) {
  const Fractal a(fieldKey(5, 101), 6, 3.0);
  const Fractal b(fieldKey(5, 101), 6, 3.0);
  const Fractal other(fieldKey(6, 101), 6, 3.0);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const double u = i / 100.0, v = 1 - i / 130.0;
    BOOST_TEST(a.fbm(u, v) == b.fbm(u, v));
    BOOST_TEST(a.fbm(u, v) >= -1.5f);
    BOOST_TEST(a.fbm(u, v) <= 1.5f);
    differs = differs || a.fbm(u, v) != other.fbm(u, v);
  }
  BOOST_TEST(differs);
}

BOOST_AUTO_TEST_CASE(bands_of_a_split_sum_to_the_whole) {
  const Fractal whole(fieldKey(9, 1), 8, 3.5);
  const Fractal low = whole.band(0, 40);
  const Fractal high = whole.band(40, 1e9);
  for (int i = 0; i < 50; ++i) {
    const double u = i / 50.0, v = i / 70.0;
    BOOST_TEST(std::abs(low.fbm(u, v) + high.fbm(u, v) - whole.fbm(u, v)) < 1e-5f);
    BOOST_TEST(std::abs(low.ridged(u, v) + high.ridged(u, v) - whole.ridged(u, v)) < 1e-5f);
  }
}

BOOST_AUTO_TEST_SUITE_END()
