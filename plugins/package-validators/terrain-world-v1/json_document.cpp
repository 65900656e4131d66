// SPDX-License-Identifier: MIT
#include "json_document.hpp"

#include <boost/json/basic_parser_impl.hpp>

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include <isla/base/io_error.hpp>
#include <isla/json/json_builder.hpp>
#include <isla/json/strict_json.hpp>
#include <isla/publish/sha256.hpp>

#include "row_skim.hpp"

namespace isla::terrain_world {

namespace {

namespace json = boost::json;
using boost::system::error_code;

// Strings and keys are short in every package document: a longer one is
// refused before it is held.
JsonLimits documentLimits(const ReadOptions& options) {
  return {.maxDepth = 64, .maxValues = options.maxValues, .maxStringBytes = std::size_t{1} << 20,
          .maxKeyBytes = std::size_t{1} << 12};
}

// The kernel's JsonBuilder, but for the streamed array, whose rows go to the
// sink as they are read instead of into the document.
class Handler : public JsonBuilder {
 public:
  explicit Handler(const ReadOptions& options) : JsonBuilder(documentLimits(options)), options_(options) {}

  bool skimHere = false;  // stopped at the streamed array, to skim it

  bool on_array_begin(error_code& ec) {
    if (streaming_) return streamOpen(true);
    if (options_.sink && depth() == 1 && root.is_object() && key() == options_.streamedKey) {
      if (options_.skim != Skim::None) {  // the parser stops at the '[', where the skimmer takes over
        skimHere = true;
        ec = boost::system::errc::make_error_code(boost::system::errc::operation_canceled);
        return false;
      }
      if (!insert(json::array(), ec)) return false;
      streaming_ = true;
      streamDepth_ = 0;
      rows_ = 0;
      return true;
    }
    return JsonBuilder::on_array_begin(ec);
  }
  bool on_array_end(std::size_t size, error_code& ec) {
    if (!streaming_) return JsonBuilder::on_array_end(size, ec);
    if (streamDepth_ == 0) {
      streaming_ = false;
      options_.sink->end(rows_);
      return true;
    }
    if (--streamDepth_ == 0 && rowIntact_) options_.sink->row(rows_, row_, rowCount_);
    if (streamDepth_ == 0) ++rows_;
    return true;
  }
  bool on_object_begin(error_code& ec) { return streaming_ ? streamOpen(false) : JsonBuilder::on_object_begin(ec); }
  bool on_object_end(std::size_t size, error_code& ec) {
    if (!streaming_) return JsonBuilder::on_object_end(size, ec);
    if (--streamDepth_ == 0) ++rows_;
    return true;
  }
  bool on_string_part(json::string_view s, std::size_t size, error_code& ec) {
    return streaming_ || JsonBuilder::on_string_part(s, size, ec);
  }
  bool on_string(json::string_view s, std::size_t size, error_code& ec) {
    return streaming_ ? streamScalar("a string") : JsonBuilder::on_string(s, size, ec);
  }
  bool on_key_part(json::string_view s, std::size_t size, error_code& ec) {
    return streaming_ || JsonBuilder::on_key_part(s, size, ec);
  }
  bool on_key(json::string_view s, std::size_t size, error_code& ec) {
    return streaming_ || JsonBuilder::on_key(s, size, ec);
  }
  bool on_int64(std::int64_t i, json::string_view s, error_code& ec) {
    return streaming_ ? streamNumber(static_cast<double>(i)) : JsonBuilder::on_int64(i, s, ec);
  }
  bool on_uint64(std::uint64_t u, json::string_view s, error_code& ec) {
    return streaming_ ? streamNumber(static_cast<double>(u)) : JsonBuilder::on_uint64(u, s, ec);
  }
  bool on_double(double d, json::string_view s, error_code& ec) {
    return streaming_ ? streamNumber(d) : JsonBuilder::on_double(d, s, ec);
  }
  bool on_bool(bool b, error_code& ec) { return streaming_ ? streamScalar("a boolean") : JsonBuilder::on_bool(b, ec); }
  bool on_null(error_code& ec) { return streaming_ ? streamScalar("null") : JsonBuilder::on_null(ec); }

 private:
  std::string streamPointer() const {
    std::string pointer = "/" + jsonPointerToken(options_.streamedKey) + "/" + std::to_string(rows_);
    if (streamDepth_ >= 1) pointer += "/" + std::to_string(rowCount_);
    return pointer;
  }
  void streamProblem(const std::string& message) {
    options_.sink->problem(streamPointer(), message);
    rowIntact_ = false;
  }
  bool streamOpen(bool array) {
    if (streamDepth_ == 0) {
      if (array) {
        row_.clear();
        rowCount_ = 0;
        rowIntact_ = true;
      } else {
        options_.sink->problem(streamPointer(), "expected an array (a row of heights), got an object");
      }
    } else if (streamDepth_ == 1) {
      streamProblem(std::string("expected a number, got ") + (array ? "an array" : "an object"));
      ++rowCount_;
    }
    ++streamDepth_;
    return true;
  }
  bool streamScalar(const char* what) {
    if (streamDepth_ == 0) {
      options_.sink->problem(streamPointer(), std::string("expected an array (a row of heights), got ") + what);
      ++rows_;
    } else if (streamDepth_ == 1) {
      streamProblem(std::string("expected a number, got ") + what);
      ++rowCount_;
    }
    return true;
  }
  bool streamNumber(double d) {
    if (streamDepth_ != 1) return streamScalar("a number");
    if (!std::isfinite(d)) streamProblem("expected a finite number, got one out of the double range");
    if (row_.size() < options_.sink->rowLimit()) row_.push_back(d);
    ++rowCount_;
    return true;
  }

  const ReadOptions& options_;
  bool streaming_ = false;
  std::size_t streamDepth_ = 0;  // 0: in the streamed array, 1: in a row
  std::size_t rows_ = 0;
  std::vector<double> row_;
  std::size_t rowCount_ = 0;
  bool rowIntact_ = true;
};

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

// Feeds `parser` the bytes of `in` from `from` up to `to` (or its end),
// `last` when nothing follows them; `used` counts what the parser took.
// False after a read error.
bool feed(json::basic_parser<Handler>& parser, std::FILE* in, std::uint64_t from, std::optional<std::uint64_t> to,
          bool last, std::uint64_t& used, error_code& ec) {
  if (std::fseek(in, static_cast<long>(from), SEEK_SET) != 0) return false;
  std::vector<char> buffer(std::size_t{1} << 16);
  std::uint64_t at = from;
  while (!ec) {
    std::size_t wanted = buffer.size();
    if (to) wanted = static_cast<std::size_t>(std::min<std::uint64_t>(wanted, *to - at));
    const std::size_t got = wanted == 0 ? 0 : std::fread(buffer.data(), 1, wanted, in);
    if (got == 0 && std::ferror(in)) return false;
    at += got;
    const bool more = got != 0 || !last;
    used += parser.write_some(more, buffer.data(), got, ec);
    if (got == 0) break;
  }
  return true;
}

}  // namespace

std::optional<json::value> readDocument(const std::filesystem::path& file, const std::string& name, Report& report,
                                        const ReadOptions& options) {
  std::error_code sizeError;
  const auto size = std::filesystem::file_size(file, sizeError);
  if (sizeError) {
    report.error("world.unreadable", name, "", "cannot read " + name + ": " + sizeError.message());
    return std::nullopt;
  }
  if (options.maxBytes && size > options.maxBytes) {
    report.error("world.unreadable", name, "",
                 name + " is " + std::to_string(size) + " bytes, more than the " + std::to_string(options.maxBytes) +
                     " a document of its kind may have");
    return std::nullopt;
  }
  const std::unique_ptr<std::FILE, FileCloser> in(std::fopen(file.c_str(), "rb"));
  if (!in) {
    report.error("world.unreadable", name, "", "cannot open " + name);
    return std::nullopt;
  }
  const json::parse_options parseOptions = documentLimits(options).parseOptions();
  auto parser = std::make_unique<json::basic_parser<Handler>>(parseOptions, options);
  ReadOptions withoutSink = options;  // the second parse of a skimmed document
  withoutSink.sink = nullptr;
  std::uint64_t offset = 0;
  error_code ec;
  bool read = feed(*parser, in.get(), 0, std::nullopt, true, offset, ec);
  if (read && parser->handler().skimHere) {
    // The skimmer reads the array from its '[' through a window of the
    // file; the document is then parsed again with the array's bytes left
    // out (as "[]"), the sink's work done.
    const std::uint64_t open = offset;
    SkimEnd skimmed;
    try {
      Sha256 digest;
      FileWindowOptions windowOptions;
      windowOptions.dropBehind = options.dropBehind;
      if (options.sha256) windowOptions.everyByte = [&](std::span<const std::byte> bytes) { digest.update(bytes); };
      FileWindow window(file, std::move(windowOptions));
      skimmed = skimRows(window, open, *options.sink, options.streamedKey, options.skim);
      if (options.sha256) {
        window.readToEnd();
        *options.sha256 = digest.finishHex();
      }
    } catch (const IoError&) {
      report.error("world.unreadable", name, "", "cannot read " + name + " past byte " + std::to_string(offset));
      return std::nullopt;
    }
    if (!skimmed.complete) {
      if (skimmed.truncated && options.skim == Skim::Sampled) {
        report.error("world.unreadable", name, "",
                     name + " ends before its JSON does (truncated at byte " + std::to_string(skimmed.offset) +
                         "); recompile the package");
      }
      return std::nullopt;
    }
    parser = std::make_unique<json::basic_parser<Handler>>(parseOptions, withoutSink);
    ec = {};
    std::uint64_t used = 0;
    read = feed(*parser, in.get(), 0, open, false, used, ec);
    if (read && !ec) used += parser->write_some(true, "[]", 2, ec);
    if (read && !ec) read = feed(*parser, in.get(), skimmed.offset, std::nullopt, true, used, ec);
    offset = used <= open + 2 ? std::min(used, open) : skimmed.offset + (used - open - 2);
  }
  if (!read) {
    report.error("world.unreadable", name, "", "cannot read " + name + " past byte " + std::to_string(offset));
    return std::nullopt;
  }
  Handler& handler = parser->handler();
  if (handler.tooManyValuesAt) {
    report.error("world.unreadable", name, *handler.tooManyValuesAt,
                 name + " holds more than " + std::to_string(options.maxValues) +
                     " values outside its " + options.streamedKey + "; it is not a package document");
    return std::nullopt;
  }
  if (ec) {
    const bool truncated = ec == json::error::incomplete;
    report.error("world.unreadable", name, "",
                 name + (truncated ? " ends before its JSON does (truncated at byte " + std::to_string(offset) + ")"
                                   : " is not valid JSON at byte " + std::to_string(offset) + ": " + ec.message()) +
                     "; recompile the package");
    return std::nullopt;
  }
  for (const auto& problem : handler.problems) report.error("world.schema", name, problem.pointer, problem.message);
  return std::move(handler.root);
}

}  // namespace isla::terrain_world
