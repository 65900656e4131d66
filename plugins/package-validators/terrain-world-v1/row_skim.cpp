// SPDX-License-Identifier: MIT
// Sampled: a row's numbers are converted only where the sink needs them
// (its first and last, a few columns, or two rows whole). Plain: every
// number is parsed, and the first thing that is not a plain number ends the
// skim without a word, the parser then reading the document for its
// diagnostics.
#include "row_skim.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

#include "plain_number.hpp"
#include "row_scan.hpp"

namespace isla::terrain_world {

namespace {

// A row of 32768 heights is under 1 MiB of text; one of more than this is
// refused. The file window must hold one whole.
constexpr std::size_t kMaxRowBytes = std::size_t{16} << 20;
static_assert(kMaxRowBytes < kFileWindowBytes / 2);
constexpr std::size_t kMaxNumberChars = 64;

const char* skipSpaces(const char* at, const char* end) {
  while (at != end && isBlank(*at)) ++at;
  return at;
}

const char* find(const char* at, const char* end, char c) {
  const auto* found = static_cast<const char*>(std::memchr(at, c, static_cast<std::size_t>(end - at)));
  return found ? found : end;
}

class Skimmer {
 public:
  Skimmer(FileWindow& document, std::size_t begin, RowSink& sink, const std::string& key, Skim skim)
      : document_(document), size_(document.size()), sink_(sink), key_(key), plain_(skim == Skim::Plain), next_(begin) {}

  SkimEnd run() {
    if (next_ >= size_ || here() != '[') return end();
    ++next_;
    if (!skipBlanks()) return end();
    if (here() == ']') return finish();
    for (;;) {
      if (here() != '[') return anomaly("expected an array (a row of heights)");
      if (!row()) return end();
      ++rows_;
      if (!skipBlanks()) return end();
      if (here() == ']') return finish();
      if (here() != ',') return anomaly("expected ',' or ']' after a row");
      ++next_;
      if (!skipBlanks()) return end();
    }
  }

 private:
  // The byte at next_ < size_.
  char here() { return document_.view(next_, 1).front(); }

  bool skipBlanks() {
    while (next_ < size_ && isBlank(here())) ++next_;
    eof_ = next_ == size_;
    return !eof_;
  }

  // The row starting at next_ ('['), its ']' consumed.
  bool row() {
    const std::size_t window = std::min(size_ - next_, kMaxRowBytes);
    const char* text = document_.view(next_, window).data() + 1;
    const auto* close = static_cast<const char*>(std::memchr(text, ']', window - 1));
    if (!close) {
      eof_ = window < kMaxRowBytes;
      if (!eof_) refuse(pointer(), "row " + std::to_string(rows_) + " is longer than " + std::to_string(kMaxRowBytes) + " bytes");
      return false;
    }
    const auto size = static_cast<std::size_t>(close - text);
    next_ += size + 2;
    return plain_ ? plainRow(text, size) : sampledRow(text, size);
  }

  bool sampledRow(const char* text, std::size_t size) {
    const RowBytes bytes = classifyRow(text, size);
    if (!bytes.clean) {
      refuse(pointer(), "row " + std::to_string(rows_) + " holds something other than numbers");
      return false;
    }
    const char* end = text + size;
    if (skipSpaces(text, end) == end) {
      sink_.row(rows_, {}, 0);
      return true;
    }
    const std::size_t count = bytes.commas + 1;
    const RowSink::Needs needs = sink_.needs(rows_);
    if (needs.whole) return wholeRow(text, end, count);
    const char* lastComma = static_cast<const char*>(memrchr(text, ',', size));
    double head = 0, tail = 0;
    if (!number(text, find(text, end, ','), 0, head)) return false;
    if (!number(lastComma ? lastComma + 1 : text, end, count - 1, tail)) return false;
    samples_.clear();
    const char* at = text;  // where column `column` begins
    std::size_t column = 0;
    for (const std::size_t wanted : needs.columns) {
      if (wanted >= count) break;
      // A clean row has count - 1 commas, so the column's comma is there.
      if (wanted > column) at = afterCommas(at, end, wanted - column);
      column = wanted;
      double value = 0;
      if (!number(at, find(at, end, ','), column, value)) return false;
      samples_.push_back(value);
    }
    sink_.rowSamples(rows_, head, tail, count, samples_);
    return true;
  }

  bool wholeRow(const char* text, const char* end, std::size_t count) {
    values_.clear();
    const char* at = text;
    for (std::size_t i = 0; i < count; ++i) {
      const char* tokenEnd = find(at, end, ',');
      double value = 0;
      if (!number(at, tokenEnd, i, value)) return false;
      if (values_.size() < sink_.rowLimit()) values_.push_back(value);
      at = tokenEnd + 1;
    }
    sink_.row(rows_, values_, count);
    return true;
  }

  // Numbers separated by commas, blanks allowed around them, each plain.
  bool plainRow(const char* text, std::size_t size) {
    const char* end = text + size;
    const char* at = skipSpaces(text, end);
    values_.clear();
    std::size_t count = 0;
    const std::size_t limit = sink_.rowLimit();
    while (at != end) {
      if (count > 0) {
        if (*at != ',') return false;
        at = skipSpaces(at + 1, end);
      }
      double value = 0;
      at = readPlainNumber(at, end, value);
      if (!at) return false;
      if (values_.size() < limit) values_.push_back(value);
      ++count;
      at = skipSpaces(at, end);
    }
    sink_.row(rows_, values_, count);
    return true;
  }

  // The JSON number between blanks in [begin, end), finite.
  bool number(const char* begin, const char* end, std::size_t index, double& value) {
    while (begin < end && isBlank(*begin)) ++begin;
    while (end > begin && isBlank(end[-1])) --end;
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

  // A problem the sink hears of when sampling; when parsing plain numbers
  // the parser will find it again.
  void refuse(const std::string& pointer, const std::string& what) {
    if (!plain_) sink_.problem(pointer, what);
  }
  SkimEnd anomaly(const std::string& what) {
    refuse(pointer(), what + " at byte " + std::to_string(next_));
    return end();
  }
  SkimEnd end() const { return {next_, false, eof_}; }
  SkimEnd finish() {
    ++next_;
    sink_.end(rows_);
    return {next_, true, false};
  }

  FileWindow& document_;
  std::size_t size_;
  RowSink& sink_;
  const std::string& key_;
  bool plain_;
  std::size_t next_;
  std::size_t rows_ = 0;
  bool eof_ = false;
  std::vector<double> values_, samples_;
};

}  // namespace

SkimEnd skimRows(FileWindow& document, std::size_t begin, RowSink& sink, const std::string& key, Skim skim) {
  return Skimmer(document, begin, sink, key, skim).run();
}

}  // namespace isla::terrain_world
