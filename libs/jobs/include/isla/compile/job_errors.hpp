// SPDX-License-Identifier: MIT
// How the jobs fail (docs/architecture.md, One error model). Below the
// apps, a failure is a typed error that carries what its caller needs:
// RequestError names the request field whose value cannot be used,
// CompileError the inputs' diagnostics (each with its file, section,
// offset or JSON pointer), ShardError (isla/shard/shard.hpp) the shard to
// make again; the kernel's IoError the path and errno, OptionError a
// plugin option's value, PluginError the plugin, Interrupted the signal.
// A message names request fields in the library's words (the fields'
// names); each front end shows it in its own: the command line its flags,
// the Python package its keyword arguments (RequestText::in).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/diagnostics.hpp"

namespace isla {

// The parts of a request a message may name: CompileRequest's fields,
// CacheRequest's, and the shard job's parameters.
enum class RequestField : std::uint8_t {
  Layout,
  Blueprint,
  Package,
  Output,
  Exporter,
  Options,
  Threads,
  ValidatorOptions,
  Cache,
  CacheMaxBytes,
  Shard,
  ShardDir,
  Verify,
};
inline constexpr std::size_t kRequestFields = 13;

// Each field's name in one front end's words, by RequestField.
using RequestWords = std::array<std::string_view, kRequestFields>;

// The library's words: the fields' names ("cache", "shardDir").
extern const RequestWords kLibraryWords;

// A message that names request fields, shown in whichever words its
// reader knows them by.
class RequestText {
 public:
  RequestText() = default;
  RequestText(std::string text) : pieces_{std::move(text)} {}  // NOLINT: text without fields converts
  RequestText(const char* text) : pieces_{text} {}             // NOLINT

  RequestText& operator+=(const std::string& text);
  RequestText& operator+=(const char* text) { return *this += std::string(text); }
  RequestText& operator+=(RequestField field);
  RequestText& operator+=(const RequestText& more);
  template <class Part>
  friend RequestText operator+(RequestText text, const Part& part) {
    return text += part;
  }
  friend RequestText operator+(std::string text, const RequestText& more) {
    return RequestText(std::move(text)) += more;
  }

  // The message with each field named as `words` says.
  std::string in(const RequestWords& words) const;

 private:
  std::vector<std::string> pieces_;   // text before each field, and after the last
  std::vector<RequestField> fields_;  // between the pieces
};

// Text, then a field: where a message begins with words of its own.
inline RequestText operator+(std::string text, RequestField field) { return RequestText(std::move(text)) += field; }

// The request itself cannot be used, whatever the inputs hold: a field's
// value, or fields that do not go together. Nothing was read.
class RequestError : public std::invalid_argument {
 public:
  RequestError(RequestField field, RequestText message);
  RequestField field() const { return field_; }
  const RequestText& message() const { return message_; }

 private:
  RequestField field_;
  RequestText message_;
};

// The job failed on its input or its output; nothing was published.
// `diagnostics` holds every error found (and the warnings before them).
class CompileError : public std::runtime_error {
 public:
  CompileError(RequestText message, Diagnostics diagnostics);
  const RequestText& message() const { return message_; }
  const Diagnostics& diagnostics() const { return diagnostics_; }

 private:
  RequestText message_;
  Diagnostics diagnostics_;
};

}  // namespace isla
