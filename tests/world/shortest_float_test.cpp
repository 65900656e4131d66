// SPDX-License-Identifier: MIT
// The JSON writer's fast float32 path gives std::to_chars(fixed)'s text for
// every float it covers: all of them, positive, in the optimised build;
// under the sanitizers (ten times slower) every 61st. Negative floats differ
// only by the sign, so every 257th is enough for them.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <bit>
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include <isla/document/json_writer.hpp>
#include <isla/parallel/parallel.hpp>

namespace {

// Biased exponents 112 .. 149: magnitudes 2^-15 up to 2^23, the fast path's.
constexpr std::uint32_t kFirstCovered = 112U << 23, kEndCovered = 150U << 23;
constexpr std::uint32_t kSign = 0x80000000U;
constexpr std::uint32_t kBlock = 1U << 16;

#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint32_t kPositiveStride = 61;
#else
constexpr std::uint32_t kPositiveStride = 1;
#endif
constexpr std::uint32_t kNegativeStride = 257;

// The first float of bits first, first + stride, ... below end whose text
// differs from std::to_chars(fixed), as "bits: got vs want"; empty if none.
std::string firstDifference(std::uint32_t first, std::uint32_t end, std::uint32_t stride) {
  std::vector<float> values;
  for (std::uint64_t bits = first; bits < end; bits += stride) {
    values.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
  }
  std::string got;
  isla::JsonWriter::appendNumbers(got, values, "/sample");
  std::string want = "[";
  char text[64];
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) want += ',';
    want.append(text, std::to_chars(text, text + sizeof text, values[i], std::chars_format::fixed).ptr);
  }
  want += ']';
  if (got == want) return {};
  std::size_t at = 0, index = 0;
  while (got[at] == want[at]) index += got[at++] == ',';
  const auto element = [&](const std::string& json) {
    std::size_t begin = 1;
    for (std::size_t i = 0; i < index; ++i) begin = json.find(',', begin) + 1;
    return json.substr(begin, json.find_first_of(",]", begin) - begin);
  };
  char bits[16];
  const auto pattern = std::to_chars(bits, bits + sizeof bits, std::bit_cast<std::uint32_t>(values[index]), 16).ptr;
  return "0x" + std::string(bits, pattern) + ": " + element(got) + " vs " + element(want);
}

void checkRange(std::uint32_t sign, std::uint32_t stride) {
  const std::uint32_t span = kBlock * stride;
  const std::size_t blocks = (kEndCovered - kFirstCovered + span - 1) / span;
  std::vector<std::string> differences(blocks);
  std::atomic<std::size_t> checked{0};
  isla::parallelFor(blocks, 0, [&](std::size_t block) {
    const std::uint32_t first = kFirstCovered + static_cast<std::uint32_t>(block) * span;
    const std::uint32_t end = first + span < kEndCovered ? first + span : kEndCovered;
    differences[block] = firstDifference(sign | first, sign | end, stride);
    ++checked;
  });
  BOOST_TEST(checked == blocks);
  for (const auto& difference : differences) BOOST_TEST_REQUIRE(difference.empty(), difference);
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_covered_positive_float_prints_as_to_chars_fixed) { checkRange(0, kPositiveStride); }

BOOST_AUTO_TEST_CASE(covered_negative_floats_print_as_to_chars_fixed) { checkRange(kSign, kNegativeStride); }

BOOST_AUTO_TEST_CASE(the_edges_of_the_covered_range_and_its_neighbours_print_as_to_chars_fixed) {
  for (const std::uint32_t edge : {kFirstCovered, kEndCovered}) {
    for (const std::uint32_t sign : {0U, kSign}) {
      BOOST_TEST(firstDifference(sign | (edge - 4096), sign | (edge + 4096), 1).empty());
    }
  }
}
