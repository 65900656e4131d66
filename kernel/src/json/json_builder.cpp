// SPDX-License-Identifier: MIT
#include "isla/json/json_builder.hpp"

#include <cmath>

#include "isla/base/printable_text.hpp"
#include "isla/json/strict_json.hpp"

namespace isla {

namespace json = boost::json;
using boost::system::error_code;

json::parse_options JsonLimits::parseOptions() const {
  json::parse_options options;
  options.max_depth = maxDepth ? maxDepth : static_cast<std::size_t>(-1);
  return options;
}

bool JsonBuilder::gather(json::string_view part, std::size_t limit, error_code& ec) {
  if (limit && text_.size() + part.size() > limit) {
    ec = json::error::string_too_large;
    return false;
  }
  text_.append(part.data(), part.size());
  return true;
}

bool JsonBuilder::on_string(json::string_view part, std::size_t, error_code& ec) {
  if (!gather(part, limits_.maxStringBytes, ec)) return false;
  json::value value = json::string_view(text_);
  text_.clear();
  return insert(std::move(value), ec);
}

bool JsonBuilder::on_key(json::string_view part, std::size_t, error_code& ec) {
  if (!gather(part, limits_.maxKeyBytes, ec)) return false;
  key_ = std::move(text_);
  text_.clear();
  if (frames_.back().value->get_object().contains(key_)) {
    problems.push_back({childPointer(), "the key '" + printableText(key_) + "' appears twice in one object; keep one of them"});
  }
  return true;
}

bool JsonBuilder::on_double(double value, json::string_view text, error_code& ec) {
  number_.append(text.data(), text.size());
  if (!std::isfinite(value)) {
    problems.push_back({childPointer(), "the number " + number_ +
                                            " is beyond the range of a double (about 1.8e308); give a finite number"});
  }
  return number(json::value(value), ec);
}

std::string JsonBuilder::childPointer() const {
  if (frames_.empty()) return "";
  const Frame& parent = frames_.back();
  if (parent.value->is_array()) return parent.pointer + "/" + std::to_string(parent.value->get_array().size());
  return parent.pointer + "/" + jsonPointerToken(key_);
}

json::value* JsonBuilder::place(json::value value, error_code& ec) {
  if (limits_.maxValues && ++values_ > limits_.maxValues) {
    tooManyValuesAt = childPointer();
    ec = boost::system::errc::make_error_code(boost::system::errc::value_too_large);
    return nullptr;
  }
  if (frames_.empty()) {
    root = std::move(value);
    return &root;
  }
  json::value& parent = *frames_.back().value;
  if (parent.is_array()) {
    parent.get_array().push_back(std::move(value));
    return &parent.get_array().back();
  }
  json::value& slot = parent.get_object()[key_];
  slot = std::move(value);
  return &slot;
}

bool JsonBuilder::open(json::value container, error_code& ec) {
  std::string pointer = childPointer();
  json::value* slot = place(std::move(container), ec);
  if (!slot) return false;
  frames_.push_back({slot, std::move(pointer)});
  return true;
}

}  // namespace isla
