// SPDX-License-Identifier: MIT
#include "isla/diff/expectations.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace isla::diff {

namespace {

FourCC parseTag(std::string_view text, std::string_view context) {
  const auto tag = FourCC::parse(text);
  if (!tag || !tag->printable()) {
    throw ArgumentError(std::string(context) + ": '" + std::string(text) +
                        "' is not a section tag; a tag is four printable ASCII characters, e.g. HGTS");
  }
  return *tag;
}

}  // namespace

std::vector<FourCC> parseTagList(std::string_view text, std::string_view option) {
  const std::string context = "--" + std::string(option) + " " + std::string(text);
  std::vector<FourCC> tags;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    if (item.empty()) {
      throw ArgumentError(context + ": an empty tag; write the tags separated by single commas, e.g. BIOM,WBID");
    }
    const FourCC tag = parseTag(item, context);
    if (std::find(tags.begin(), tags.end(), tag) != tags.end()) {
      throw ArgumentError(context + ": " + tag.text() + " is listed twice");
    }
    tags.push_back(tag);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return tags;
}

std::pair<FourCC, double> parseTolerance(std::string_view text) {
  const std::string context = "--tolerance " + std::string(text);
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos) {
    throw ArgumentError(context + ": write TAG=VALUE, e.g. HGTS=0.001");
  }
  const FourCC tag = parseTag(text.substr(0, equals), context);
  const std::string_view number = text.substr(equals + 1);
  double value = 0;
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (number.empty() || error != std::errc() || end != number.data() + number.size() || !std::isfinite(value) ||
      value < 0) {
    throw ArgumentError(context + ": '" + std::string(number) +
                        "' is not a tolerance; it is a finite number >= 0 in the section's stored units "
                        "(HGTS: raw height, 1 raw = 251 m)");
  }
  return {tag, value};
}

std::vector<std::string> failedExpectations(const BlueprintDiff& diff, const Expectations& expectations) {
  std::vector<std::string> failures;
  for (const FourCC tag : expectations.same) {
    const SectionRow* row = diff.row(tag);
    if (!row || row->change == SectionChange::Identical || row->change == SectionChange::WithinTolerance) continue;
    failures.push_back("expected " + tag.text() + " to be the same, but it is " +
                       std::string(sectionChangeName(row->change)));
  }
  for (const FourCC tag : expectations.changed) {
    const SectionRow* row = diff.row(tag);
    if (!row) {
      failures.push_back("expected " + tag.text() + " to have changed, but neither blueprint has it");
    } else if (row->change == SectionChange::Identical || row->change == SectionChange::WithinTolerance) {
      failures.push_back("expected " + tag.text() + " to have changed, but it is " +
                         std::string(sectionChangeName(row->change)));
    }
  }
  return failures;
}

}  // namespace isla::diff
