// SPDX-License-Identifier: MIT
#include "isla/base/diagnostics.hpp"

#include <algorithm>
#include <cstdio>

namespace isla {

std::string_view severityName(Severity severity) {
  switch (severity) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

std::string formatDiagnostic(const Diagnostic& d) {
  std::string out;
  if (!d.file.empty()) out += d.file + ": ";
  out += severityName(d.severity);
  out += ": ";
  std::string where;
  if (d.tag) where = d.tag->text();
  if (d.offset) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%soffset %llu (0x%llx)", where.empty() ? "" : " at ",
                  static_cast<unsigned long long>(*d.offset),
                  static_cast<unsigned long long>(*d.offset));
    where += buffer;
  }
  if (d.pixel) {
    where += (where.empty() ? "pixel (" : " pixel (") + std::to_string(d.pixel->x) + ", " +
             std::to_string(d.pixel->y) + ")";
  }
  if (!d.pointer.empty()) where += (where.empty() ? "at " : " at ") + d.pointer;
  if (!where.empty()) out += where + ": ";
  out += d.message;
  if (!d.code.empty()) out += " [" + d.code + "]";
  return out;
}

boost::json::object toJson(const Diagnostic& d) {
  boost::json::object out;
  out["severity"] = severityName(d.severity);
  out["code"] = d.code;
  out["origin"] = d.origin.empty() ? "kernel" : d.origin;
  out["file"] = d.file;
  out["tag"] = d.tag ? boost::json::value(d.tag->text()) : nullptr;
  out["offset"] = d.offset ? boost::json::value(*d.offset) : nullptr;
  if (d.pixel) {
    out["pixel"] = boost::json::array{d.pixel->x, d.pixel->y};
  } else {
    out["pixel"] = nullptr;
  }
  out["pointer"] = d.pointer.empty() ? boost::json::value(nullptr) : boost::json::value(d.pointer);
  out["message"] = d.message;
  return out;
}

void Diagnostics::add(Diagnostic diagnostic) { items_.push_back(std::move(diagnostic)); }

void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

std::size_t Diagnostics::count(Severity severity) const {
  return static_cast<std::size_t>(std::count_if(
      items_.begin(), items_.end(), [&](const Diagnostic& d) { return d.severity == severity; }));
}

const Diagnostic* Diagnostics::find(std::string_view code) const {
  auto it = std::find_if(items_.begin(), items_.end(),
                         [&](const Diagnostic& d) { return d.code == code; });
  return it == items_.end() ? nullptr : &*it;
}

}  // namespace isla
