// SPDX-License-Identifier: MIT
// How the package rules report: one error per violation, naming the
// package-relative file and the JSON pointer into it.
#pragma once

#include <string>

#include <isla/base/diagnostics.hpp>

namespace isla::terrain_world {

class Report {
 public:
  explicit Report(Diagnostics& out) : out_(out) {}
  void error(std::string code, std::string file, std::string pointer, std::string message) {
    out_.add(Diagnostic{.severity = Severity::Error,
                        .code = std::move(code),
                        .message = std::move(message),
                        .file = std::move(file),
                        .pointer = std::move(pointer)});
  }

 private:
  Diagnostics& out_;
};

// JSON pointer helpers: "/patches/3" + "/terrain".
inline std::string at(const std::string& pointer, const std::string& token) { return pointer + "/" + token; }
inline std::string at(const std::string& pointer, std::size_t index) { return pointer + "/" + std::to_string(index); }

}  // namespace isla::terrain_world
