// SPDX-License-Identifier: MIT
// JSON text as people and diff tools want it: numbers in their shortest
// round-trip form (1.5, not 1.5E0), keys in insertion order, stable bytes.
#pragma once

#include <boost/json/value.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace isla {

// Two-space indentation when `pretty`, else compact. Non-finite numbers,
// which JSON cannot hold, are written as null.
std::string toJsonText(const boost::json::value& value, bool pretty = true);
// The same text handed to `write` in blocks of about 64 KiB: a large
// document is neither held whole nor copied as its string grows.
void writeJsonText(const std::function<void(std::string_view block)>& write, const boost::json::value& value,
                   bool pretty = true);

// A float as the double that prints like it: 0.1f becomes 0.1, not
// 0.10000000149011612.
double jsonFloat(float value);

}  // namespace isla
