// SPDX-License-Identifier: MIT
#include "run_deflate.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace isla_png {

namespace {

constexpr std::uint32_t kAdlerModulus = 65521;
constexpr std::size_t kLiteralsBeforeModulo = 4096;  // Adler sums stay far below 2^64 in between
constexpr std::int32_t kMinMatch = 3;
constexpr std::int32_t kMaxMatch = 258;
constexpr int kDistanceOneBits = 5;  // the fixed code of distance 1 is 00000

// Bits to write LSB first: a Huffman code (sent MSB first, so reversed) and what follows it.
struct Code {
  std::uint32_t bits = 0;
  int length = 0;
};

constexpr std::uint32_t reversed(std::uint32_t code, int length) {
  std::uint32_t out = 0;
  for (int i = 0; i < length; ++i) out |= ((code >> i) & 1u) << (length - 1 - i);
  return out;
}

// RFC 1951 3.2.6: the fixed literal/length code of symbol 0..287.
constexpr Code fixedCode(std::uint32_t symbol) {
  if (symbol < 144) return {reversed(0x30 + symbol, 8), 8};
  if (symbol < 256) return {reversed(0x190 + symbol - 144, 9), 9};
  if (symbol < 280) return {reversed(symbol - 256, 7), 7};
  return {reversed(0xc0 + symbol - 280, 8), 8};
}

constexpr std::array<Code, 256> kLiterals = [] {
  std::array<Code, 256> codes{};
  for (std::uint32_t v = 0; v < 256; ++v) codes[v] = fixedCode(v);
  return codes;
}();

// A match of each length 3..258 at distance 1: the length symbol, its extra bits, the distance code.
constexpr std::array<Code, kMaxMatch + 1> kMatches = [] {
  // RFC 1951 3.2.5: lengths 3.. by symbol 257..285, and their extra bits.
  constexpr std::array<std::uint32_t, 29> base{3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                               31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
  constexpr std::array<int, 29> extra{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
  std::array<Code, kMaxMatch + 1> codes{};
  for (std::uint32_t length = kMinMatch; length <= kMaxMatch; ++length) {
    std::size_t s = 0;
    while (s + 1 < base.size() && base[s + 1] <= length) ++s;
    const Code symbol = fixedCode(257 + static_cast<std::uint32_t>(s));
    codes[length] = {symbol.bits | (length - base[s]) << symbol.length, symbol.length + extra[s] + kDistanceOneBits};
  }
  return codes;
}();

class BitWriter {
 public:
  explicit BitWriter(std::vector<std::uint8_t>& out) : out_(out) {}

  // Room for `bits` more bits without a check (each put at most 32).
  void reserve(std::size_t bits) { out_.resize(used_ + bits / 8 + 16); }
  void put(std::uint32_t bits, int length) {
    pending_ |= static_cast<std::uint64_t>(bits) << count_;
    count_ += length;
    if (count_ >= 32) {
      const auto word = static_cast<std::uint32_t>(pending_);
      for (int i = 0; i < 4; ++i) out_[used_++] = static_cast<std::uint8_t>(word >> (8 * i));
      pending_ >>= 32;
      count_ -= 32;
    }
  }
  void put(const Code& code) { put(code.bits, code.length); }
  // Pads with zero bits to a whole byte and writes what is pending.
  void align() {
    reserve(64);
    for (; count_ > 0; count_ -= std::min(count_, 8)) {
      out_[used_++] = static_cast<std::uint8_t>(pending_);
      pending_ >>= 8;
    }
    count_ = 0;
  }
  void finish() { out_.resize(used_); }

 private:
  std::vector<std::uint8_t>& out_;
  std::size_t used_ = 0;
  std::uint64_t pending_ = 0;
  int count_ = 0;
};

class Adler {
 public:
  void literal(std::uint8_t v) {
    a_ += v;
    b_ += a_;
    if (++literals_ == kLiteralsBeforeModulo) reduce();
  }
  // `n` bytes of `v`: a gains n v, b gains n a + v n (n + 1) / 2.
  void run(std::uint8_t v, std::uint64_t n) {
    b_ += n * a_ + v * (n * (n + 1) / 2);
    a_ += n * v;
    reduce();
  }
  std::uint32_t value() {
    reduce();
    return static_cast<std::uint32_t>(b_ << 16 | a_);
  }

 private:
  void reduce() {
    a_ %= kAdlerModulus;
    b_ %= kAdlerModulus;
    literals_ = 0;
  }
  std::uint64_t a_ = 1;
  std::uint64_t b_ = 0;
  std::size_t literals_ = 0;
};

std::uint64_t load(const std::uint8_t* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

using Bytes = std::uint8_t __attribute__((vector_size(16)));
constexpr std::size_t kSameStep = 4 * sizeof(Bytes);

// Whether kSameStep bytes of `a` and `b` are the same: four vector
// differences or'ed together (a memcmp of a constant size compiles to
// 8-byte words, twice the work).
bool sameStep(const std::uint8_t* a, const std::uint8_t* b) {
  Bytes any{};
  for (std::size_t at = 0; at < kSameStep; at += sizeof(Bytes)) {
    Bytes x, y;
    std::memcpy(&x, a + at, sizeof(Bytes));
    std::memcpy(&y, b + at, sizeof(Bytes));
    any |= x ^ y;
  }
  std::array<std::uint64_t, 2> halves;
  std::memcpy(halves.data(), &any, sizeof(Bytes));
  return (halves[0] | halves[1]) == 0;
}

class RowCoder {
 public:
  RowCoder(BitWriter& bits, Adler& adler) : bits_(bits), adler_(adler) {}

  void row(const std::uint8_t* raw, const std::uint8_t* above, std::size_t length) {
    bits_.reserve((length + 1) * 9);
    literalOrRun(2);  // the filter byte: Up
    for (std::size_t i = 0; i < length;) {
      const auto d = static_cast<std::uint8_t>(raw[i] - above[i]);
      if (d != previous_) {
        literalOrRun(d);
        ++i;
        continue;
      }
      std::size_t end = i + 1;
      if (d == 0) {
        while (end + kSameStep <= length && sameStep(raw + end, above + end)) end += kSameStep;
        while (end + 8 <= length && load(raw + end) == load(above + end)) end += 8;
        while (end < length && raw[end] == above[end]) ++end;
      } else {
        while (end < length && static_cast<std::uint8_t>(raw[end] - above[end]) == d) ++end;
      }
      run(end - i);
      i = end;
    }
  }

 private:
  void literalOrRun(std::uint8_t v) {
    if (v == previous_) return run(1);
    bits_.put(kLiterals[v]);
    adler_.literal(v);
    previous_ = v;
  }
  // `n` more bytes equal to the one before: matches at distance 1, the last one or two as literals.
  void run(std::size_t n) {
    adler_.run(static_cast<std::uint8_t>(previous_), n);
    while (n >= kMinMatch) {
      // Never leave 1 or 2 behind a long match when a shorter one leaves 3.
      const std::size_t length = n <= kMaxMatch ? n : n - kMaxMatch < kMinMatch ? n - kMinMatch : kMaxMatch;
      bits_.put(kMatches[length]);
      n -= length;
    }
    for (; n > 0; --n) bits_.put(kLiterals[static_cast<std::uint8_t>(previous_)]);
  }

  BitWriter& bits_;
  Adler& adler_;
  int previous_ = -1;  // the last byte coded in this block; none at its start
};

}  // namespace

RunDeflated runDeflateUpRows(std::span<const std::uint8_t> raw, std::size_t rowBytes,
                             std::span<const std::uint8_t> above, bool last) {
  RunDeflated out;
  BitWriter bits(out.bytes);
  Adler adler;
  bits.reserve(64);
  bits.put(last ? 1 : 0, 1);  // BFINAL
  bits.put(1, 2);             // BTYPE 01: fixed Huffman codes
  RowCoder coder(bits, adler);
  const std::size_t rows = raw.size() / rowBytes;
  for (std::size_t r = 0; r < rows; ++r) {
    coder.row(&raw[r * rowBytes], r > 0 ? &raw[(r - 1) * rowBytes] : above.data(), rowBytes);
  }
  bits.reserve(64);
  bits.put(fixedCode(256));  // end of block
  if (!last) {
    bits.put(0, 3);  // a sync flush: an empty stored block, not final
    bits.align();
    bits.put(0xffff0000u, 32);  // LEN 0, NLEN ~0, little-endian
  }
  bits.align();
  bits.finish();
  out.adler = adler.value();
  out.filteredBytes = rows * (rowBytes + 1);
  return out;
}

}  // namespace isla_png
