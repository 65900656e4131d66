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
  // When skimming (ReadOptions::skim): whether row `z` is wanted whole; a
  // row that is not arrives through rowEnds, its first and last numbers.
  virtual bool wantsWholeRow(std::size_t z) const = 0;
  virtual void rowEnds(std::size_t z, double first, double last, std::size_t count) = 0;
};

struct ReadOptions {
  std::uintmax_t maxBytes = 0;  // 0: any size (a streamed document)
  RowSink* sink = nullptr;
  std::string streamedKey = "heights_m";
  std::size_t maxValues = 0;  // outside the streamed array; 0: any number
  bool skim = false;          // the streamed array is scanned (row_skim.hpp), not parsed
};

// The document, or nothing after reporting world.unreadable (not JSON,
// truncated, too large) under `name`. Duplicate keys are world.schema errors.
std::optional<boost::json::value> readDocument(const std::filesystem::path& file, const std::string& name,
                                               Report& report, const ReadOptions& options = {});

}  // namespace isla::terrain_world
