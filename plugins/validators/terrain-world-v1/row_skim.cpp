// SPDX-License-Identifier: MIT
// Only the structure is walked byte by byte (between rows); inside a row,
// memchr finds its ']' and one vectorisable pass counts the commas and
// looks for a byte no number can hold. A row's numbers are converted only
// when the sink wants the row whole, else its first and last.
#include "row_skim.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

namespace isla::terrain_world {

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 20;
// A row of 32768 heights is under 1 MiB of text; the buffer grows to hold
// a longer one only as its bytes arrive, and never past this.
constexpr std::size_t kMaxRowBytes = std::size_t{64} << 20;
constexpr std::size_t kMaxNumberChars = 64;

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Bytes of a number (digits, sign, point, exponent), the comma, or blanks.
struct RowBytes {
  std::size_t commas = 0;
  bool clean = true;  // no other byte, and no two commas in a row
};

RowBytes classify(const char* text, std::size_t size) {
  std::size_t commas = 0;
  unsigned bad = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool number = (c - 0x2BU <= 14U && c != 0x2FU) || (c | 0x20U) == 'e';
    const bool blank = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    commas += c == ',';
    bad |= static_cast<unsigned>(!number && !blank);
    bad |= static_cast<unsigned>(c == ',' && i + 1 < size && text[i + 1] == ',');
  }
  return {commas, bad == 0};
}

class Skimmer {
 public:
  Skimmer(std::FILE* file, std::uint64_t begin, RowSink& sink, const std::string& key)
      : file_(file), sink_(sink), key_(key), base_(begin) {
    buffer_.resize(kChunk);
  }

  SkimEnd run() {
    if (std::fseek(file_, static_cast<long>(base_), SEEK_SET) != 0 || !fill(1) || buffer_[next_] != '[') {
      return end();
    }
    ++next_;
    if (!skipBlanks()) return end();
    if (buffer_[next_] == ']') return finish();
    for (;;) {
      if (buffer_[next_] != '[') return anomaly("expected an array (a row of heights)");
      if (!row()) return end();
      ++rows_;
      if (!skipBlanks()) return end();
      if (buffer_[next_] == ']') return finish();
      if (buffer_[next_] != ',') return anomaly("expected ',' or ']' after a row");
      ++next_;
      if (!skipBlanks()) return end();
    }
  }

 private:
  // At least `wanted` bytes from next_ in the buffer, unless the file ends.
  bool fill(std::size_t wanted) {
    if (size_ - next_ >= wanted) return true;
    std::memmove(buffer_.data(), buffer_.data() + next_, size_ - next_);
    base_ += next_;
    size_ -= next_;
    next_ = 0;
    while (size_ < wanted) {
      if (size_ == buffer_.size()) {
        if (buffer_.size() >= kMaxRowBytes) return false;
        buffer_.resize(buffer_.size() * 2);
      }
      const std::size_t got = std::fread(buffer_.data() + size_, 1, buffer_.size() - size_, file_);
      if (got == 0) {
        eof_ = true;
        return false;
      }
      size_ += got;
    }
    return true;
  }

  bool skipBlanks() {
    for (;;) {
      if (!fill(1)) return false;
      if (!isSpace(buffer_[next_])) return true;
      ++next_;
    }
  }

  // The row starting at next_ ('['), its ']' consumed.
  bool row() {
    const char* close = nullptr;
    for (std::size_t searched = 1;;) {
      close = static_cast<const char*>(std::memchr(buffer_.data() + next_ + searched, ']', size_ - next_ - searched));
      if (close) break;
      searched = size_ - next_;
      if (!fill(size_ - next_ + kChunk) && size_ - next_ == searched) {
        if (!eof_) sink_.problem(pointer(), "row " + std::to_string(rows_) + " is longer than " +
                                                std::to_string(kMaxRowBytes) + " bytes");
        return false;
      }
    }
    const char* text = buffer_.data() + next_ + 1;
    const auto size = static_cast<std::size_t>(close - text);
    next_ += size + 2;
    const RowBytes bytes = classify(text, size);
    if (!bytes.clean) {
      sink_.problem(pointer(), "row " + std::to_string(rows_) + " holds something other than numbers");
      return false;
    }
    std::size_t first = 0;
    while (first < size && isSpace(text[first])) ++first;
    if (first == size) {
      sink_.row(rows_, {}, 0);
      return true;
    }
    const std::size_t count = bytes.commas + 1;
    if (!sink_.wantsWholeRow(rows_)) {
      const char* lastComma = static_cast<const char*>(memrchr(text, ',', size));
      double head = 0, tail = 0;
      const char* headEnd = count == 1 ? text + size : static_cast<const char*>(std::memchr(text, ',', size));
      if (!number(text, headEnd, 0, head)) return false;
      if (!number(lastComma ? lastComma + 1 : text, text + size, count - 1, tail)) return false;
      sink_.rowEnds(rows_, head, tail, count);
      return true;
    }
    values_.clear();
    const char* at = text;
    for (std::size_t i = 0; i < count; ++i) {
      const char* comma = static_cast<const char*>(std::memchr(at, ',', static_cast<std::size_t>(text + size - at)));
      const char* tokenEnd = comma ? comma : text + size;
      double value = 0;
      if (!number(at, tokenEnd, i, value)) return false;
      if (values_.size() < sink_.rowLimit()) values_.push_back(value);
      at = tokenEnd + 1;
    }
    sink_.row(rows_, values_, count);
    return true;
  }

  // The JSON number between blanks in [begin, end), finite.
  bool number(const char* begin, const char* end, std::size_t index, double& value) {
    while (begin < end && isSpace(*begin)) ++begin;
    while (end > begin && isSpace(end[-1])) --end;
    const auto length = static_cast<std::size_t>(end - begin);
    const bool shaped = length > 0 && length <= kMaxNumberChars && *begin != '+' && *begin != '.';
    const auto [stop, error] = shaped ? std::from_chars(begin, end, value) : std::from_chars_result{begin, std::errc::invalid_argument};
    if (error == std::errc::result_out_of_range || (error == std::errc{} && !std::isfinite(value))) {
      sink_.problem(pointer(index), "expected a finite number, got one out of the double range");
      return false;
    }
    if (error != std::errc{} || stop != end) {
      sink_.problem(pointer(index), "expected a number, got '" + std::string(begin, std::min(length, kMaxNumberChars)) + "'");
      return false;
    }
    return true;
  }

  std::string pointer() const { return "/" + key_ + "/" + std::to_string(rows_); }
  std::string pointer(std::size_t index) const { return pointer() + "/" + std::to_string(index); }

  SkimEnd anomaly(const std::string& what) {
    sink_.problem(pointer(), what + " at byte " + std::to_string(base_ + next_));
    return end();
  }
  SkimEnd end() const { return {base_ + next_, false, eof_}; }
  SkimEnd finish() {
    ++next_;
    sink_.end(rows_);
    return {base_ + next_, true, false};
  }

  std::FILE* file_;
  RowSink& sink_;
  const std::string& key_;
  std::vector<char> buffer_;
  std::uint64_t base_;  // file offset of buffer_[0]
  std::size_t next_ = 0, size_ = 0;
  std::size_t rows_ = 0;
  bool eof_ = false;
  std::vector<double> values_;
};

}  // namespace

SkimEnd skimRows(std::FILE* file, std::uint64_t begin, RowSink& sink, const std::string& key) {
  return Skimmer(file, begin, sink, key).run();
}

}  // namespace isla::terrain_world
