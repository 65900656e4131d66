// SPDX-License-Identifier: MIT
// run_deflate against zlib's inflate: rows of every kind (equal to the one
// above, a constant step, noise, zero runs of the lengths where matches
// split) cut into blocks as ParallelPngEncoder cuts them inflate back to
// the Up-filtered rows, and the Adler-32 kept on the way is zlib's.
#include <boost/test/unit_test.hpp>

#include <zlib.h>

#include <algorithm>
#include <random>
#include <vector>

#include "run_deflate.hpp"

using namespace isla_png;

namespace {

constexpr std::size_t kRowBytes = 700;

std::vector<std::uint8_t> upFiltered(const std::vector<std::uint8_t>& raw) {
  std::vector<std::uint8_t> out;
  for (std::size_t r = 0; r < raw.size() / kRowBytes; ++r) {
    out.push_back(2);
    for (std::size_t i = 0; i < kRowBytes; ++i) {
      const std::uint8_t above = r > 0 ? raw[(r - 1) * kRowBytes + i] : 0;
      out.push_back(static_cast<std::uint8_t>(raw[r * kRowBytes + i] - above));
    }
  }
  return out;
}

std::vector<std::uint8_t> inflateRaw(const std::vector<std::uint8_t>& deflated, std::size_t expected) {
  z_stream stream{};
  BOOST_TEST_REQUIRE(inflateInit2(&stream, -15) == Z_OK);
  std::vector<std::uint8_t> out(expected + 1024);
  stream.next_in = const_cast<Bytef*>(deflated.data());
  stream.avail_in = static_cast<uInt>(deflated.size());
  stream.next_out = out.data();
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = inflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  const bool consumedAll = stream.avail_in == 0;
  inflateEnd(&stream);
  BOOST_TEST(status == Z_STREAM_END, "inflate status " << status);
  BOOST_TEST(consumedAll);
  return out;
}

// Rows of every kind a weight map has, and some it has not.
std::vector<std::uint8_t> mixedRows() {
  std::mt19937 random(23);
  std::vector<std::uint8_t> raw;
  std::vector<std::uint8_t> row(kRowBytes, 0);
  const auto add = [&] { raw.insert(raw.end(), row.begin(), row.end()); };
  add();  // zeros under the zero row above the image
  std::generate(row.begin(), row.end(), [&] { return static_cast<std::uint8_t>(random()); });
  add();
  add();  // equal to the one above: one long zero run
  for (std::size_t i = 100; i < 400; ++i) row[i] += 7;  // a run of 7s
  add();
  for (const std::size_t length : {1u, 2u, 3u, 4u, 257u, 258u, 259u, 260u, 261u, 262u, 516u, 517u}) {
    // A changed byte, then `length` unchanged ones, then a changed one.
    row[0] += 1;
    if (length + 1 < kRowBytes) row[length + 1] += 1;
    add();
  }
  for (int r = 0; r < 5; ++r) {
    std::generate(row.begin(), row.end(), [&] { return static_cast<std::uint8_t>(random() % 3 == 0 ? 255 : 0); });
    add();
  }
  std::fill(row.begin(), row.end(), 255);
  add();
  add();
  return raw;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(run_deflate)

BOOST_AUTO_TEST_CASE(blocks_of_rows_inflate_to_the_up_filtered_rows_with_zlibs_adler) {
  const std::vector<std::uint8_t> raw = mixedRows();
  const std::size_t rows = raw.size() / kRowBytes;
  const std::vector<std::uint8_t> expected = upFiltered(raw);
  for (const std::size_t rowsPerBlock : {std::size_t{1}, std::size_t{3}, std::size_t{7}, rows}) {
    std::vector<std::uint8_t> stream;
    std::uint32_t adler = 1;
    const std::vector<std::uint8_t> zeros(kRowBytes, 0);
    for (std::size_t first = 0; first < rows; first += rowsPerBlock) {
      const std::size_t count = std::min(rowsPerBlock, rows - first);
      const std::span<const std::uint8_t> block(&raw[first * kRowBytes], count * kRowBytes);
      const std::span<const std::uint8_t> above =
          first > 0 ? std::span(&raw[(first - 1) * kRowBytes], kRowBytes) : std::span(zeros);
      const RunDeflated deflated = runDeflateUpRows(block, kRowBytes, above, first + count == rows);
      BOOST_TEST(deflated.filteredBytes == count * (kRowBytes + 1));
      stream.insert(stream.end(), deflated.bytes.begin(), deflated.bytes.end());
      adler = static_cast<std::uint32_t>(adler32_combine(adler, deflated.adler, static_cast<z_off_t>(deflated.filteredBytes)));
    }
    const std::vector<std::uint8_t> inflated = inflateRaw(stream, expected.size());
    BOOST_TEST(inflated == expected, "blocks of " << rowsPerBlock << " rows");
    BOOST_TEST(adler == adler32(1, expected.data(), static_cast<uInt>(expected.size())), "blocks of " << rowsPerBlock);
  }
}

BOOST_AUTO_TEST_CASE(a_row_equal_to_the_one_above_codes_to_a_few_bits_a_match) {
  const std::vector<std::uint8_t> raw(100 * kRowBytes, 9);
  const std::vector<std::uint8_t> above(kRowBytes, 9);
  const RunDeflated deflated = runDeflateUpRows(raw, kRowBytes, above, true);
  // A row: the filter byte and one zero as literals (8 bits each), then
  // matches of 258 or fewer (18 bits each).
  const std::size_t bitsARow = 16 + (kRowBytes - 1 + 257) / 258 * 18;
  BOOST_TEST(deflated.bytes.size() <= (100 * bitsARow + 3 + 7 + 7) / 8 + 1);
  std::vector<std::uint8_t> zeroRows;
  for (int r = 0; r < 100; ++r) {
    zeroRows.push_back(2);
    zeroRows.insert(zeroRows.end(), kRowBytes, 0);
  }
  BOOST_TEST(inflateRaw(deflated.bytes, zeroRows.size()) == zeroRows);
}

BOOST_AUTO_TEST_SUITE_END()
