// SPDX-License-Identifier: MIT
// Reading a package document with Boost.JSON's SAX parser: everything but
// one streamed array becomes a DOM (duplicate keys reported); the streamed
// array (a terrain's heights_m) is handed over one row at a time, so a file
// of 8192² numbers costs two rows of memory, never its claimed size.
#pragma once

#include <boost/json/value.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "report.hpp"

namespace isla::terrain_world {

// Receives the rows of the streamed top-level array `key()`.
class RowSink {
 public:
  virtual ~RowSink() = default;
  // Row `z` when it is an array of finite numbers; `values` holds at most
  // `rowLimit()` of them, `count` how many there were.
  virtual void row(std::size_t z, std::span<const double> values, std::size_t count) = 0;
  // A value of the array that is not a finite number in a row.
  virtual void problem(const std::string& pointer, const std::string& message) = 0;
  virtual void end(std::size_t rows) = 0;
  virtual std::size_t rowLimit() const = 0;
  // When skimming (Skim::Sampled): what row `z` is needed for besides its
  // first and last numbers, every number or those of `columns` (ascending).
  struct Needs {
    bool whole = false;
    std::span<const std::size_t> columns;
  };
  virtual Needs needs(std::size_t z) const = 0;
  // A row not needed whole: its first and last numbers, how many it holds,
  // and the values of the needed columns below that count, in their order.
  virtual void rowSamples(std::size_t z, double first, double last, std::size_t count,
                          std::span<const double> columns) = 0;
};

// How the streamed array is read.
enum class Skim {
  None,     // by the SAX parser, every value
  Sampled,  // scanned as text, only what the sink needs converted (row_skim.hpp)
  // Every row parsed as text when all are plain numbers (plain_number.hpp);
  // at anything else nothing is returned and nothing reported, so that the
  // caller reads the document again with None and a fresh sink.
  Plain,
};

struct ReadOptions {
  std::uintmax_t maxBytes = 0;  // 0: any size (a streamed document)
  RowSink* sink = nullptr;
  std::string streamedKey = "heights_m";
  std::size_t maxValues = 0;  // outside the streamed array; 0: any number
  Skim skim = Skim::None;
  // When skimmed: set to the SHA-256 of the file's bytes, taken in the
  // skim's pass over them (left as it is otherwise).
  std::string* sha256 = nullptr;
  // When skimmed: the file's pages leave the page cache behind the skim
  // (a package just written, read once).
  bool dropBehind = false;
};

// The largest document read whole (world.json, boundaries, report, scenery).
inline constexpr std::uintmax_t kMaxDocumentBytes = std::uintmax_t{1} << 30;

// The document, or nothing after reporting world.unreadable (not JSON,
// truncated, too large) under `name`. Duplicate keys are world.schema errors.
std::optional<boost::json::value> readDocument(const std::filesystem::path& file, const std::string& name,
                                               Report& report, const ReadOptions& options = {});

}  // namespace isla::terrain_world
