// SPDX-License-Identifier: MIT
// One diagnostic type for every problem the toolkit reports: reader,
// plugins, validators and commands all speak it.
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "isla/base/fourcc.hpp"
#include "isla/base/pixel.hpp"

namespace isla {

enum class Severity : std::uint8_t { Info, Warning, Error };

std::string_view severityName(Severity severity);

// Every member has a default, so that designated initializers can name only
// what applies: Diagnostic{.severity = ..., .code = ..., .message = ..., .tag = ...}.
struct Diagnostic {
  Severity severity = Severity::Error;
  std::string code = {};     // stable, documented in docs/diagnostics.md
  std::string message = {};  // what is wrong, what was expected, what to do
  std::string file = {};
  std::optional<FourCC> tag = {};
  std::optional<std::uint64_t> offset = {};  // absolute byte offset in `file`
  std::optional<PixelRef> pixel = {};
  std::string pointer = {};  // JSON pointer into a JSON `file` ("/sources/2/row"); empty = none
  std::string origin = {};  // the plugin or validator that reported it; empty = kernel
};

// "a.dat: error: HGTS at offset 72 (0x48): <message> [code]"
std::string formatDiagnostic(const Diagnostic& diagnostic);
boost::json::object toJson(const Diagnostic& diagnostic);

class Diagnostics {
 public:
  void add(Diagnostic diagnostic);
  void append(const Diagnostics& other);

  std::span<const Diagnostic> items() const { return items_; }
  std::span<Diagnostic> items() { return items_; }
  bool empty() const { return items_.empty(); }
  bool hasErrors() const { return count(Severity::Error) > 0; }
  std::size_t count(Severity severity) const;
  // The first diagnostic with this code, for tests and callers that branch.
  const Diagnostic* find(std::string_view code) const;

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace isla
