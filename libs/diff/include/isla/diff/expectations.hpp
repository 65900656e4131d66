// SPDX-License-Identifier: MIT
// What a generator's CI asks of a diff: these sections must be the same,
// those must have changed; and the command line's tag lists and tolerances.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "isla/diff/blueprint_diff.hpp"

namespace isla::diff {

// A malformed tag list or tolerance; the message says what is wrong and how
// to write it.
class ArgumentError : public std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// "BIOM,WBID,WBTB": comma-separated FourCC tags, each once.
std::vector<FourCC> parseTagList(std::string_view text, std::string_view option);
// "HGTS=0.001": a tag, '=', a finite number >= 0.
std::pair<FourCC, double> parseTolerance(std::string_view text);

struct Expectations {
  std::vector<FourCC> same;     // identical, within tolerance, or absent from both
  std::vector<FourCC> changed;  // changed beyond tolerance, or in one blueprint only
};

// One line a failed expectation, in the order given; empty when all hold.
std::vector<std::string> failedExpectations(const BlueprintDiff& diff, const Expectations& expectations);

}  // namespace isla::diff
