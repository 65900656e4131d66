// SPDX-License-Identifier: MIT
#include "isla/compile/job_errors.hpp"

namespace isla {

const RequestWords kLibraryWords{"layout",  "blueprint",        "package", "output",        "exporter", "options",
                                 "threads", "validatorOptions", "cache",   "cacheMaxBytes", "shard",    "shardDir",
                                 "verify"};

RequestText& RequestText::operator+=(const std::string& text) {
  if (pieces_.empty()) pieces_.emplace_back();
  pieces_.back() += text;
  return *this;
}

RequestText& RequestText::operator+=(RequestField field) {
  if (pieces_.empty()) pieces_.emplace_back();
  fields_.push_back(field);
  pieces_.emplace_back();
  return *this;
}

RequestText& RequestText::operator+=(const RequestText& more) {
  for (std::size_t i = 0; i < more.pieces_.size(); ++i) {
    *this += more.pieces_[i];
    if (i < more.fields_.size()) *this += more.fields_[i];
  }
  return *this;
}

std::string RequestText::in(const RequestWords& words) const {
  std::string text;
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    text += pieces_[i];
    if (i < fields_.size()) text += words[static_cast<std::size_t>(fields_[i])];
  }
  return text;
}

RequestError::RequestError(RequestField field, RequestText message)
    : std::invalid_argument(message.in(kLibraryWords)), field_(field), message_(std::move(message)) {}

CompileError::CompileError(RequestText message, Diagnostics diagnostics)
    : std::runtime_error(message.in(kLibraryWords)),
      message_(std::move(message)),
      diagnostics_(std::move(diagnostics)) {}

}  // namespace isla
