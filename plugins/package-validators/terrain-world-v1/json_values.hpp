// SPDX-License-Identifier: MIT
// A checked document's values as C++ values, once its schema has said
// which type each is.
#pragma once

#include <boost/json/value.hpp>

#include <cstdint>
#include <string>

namespace isla::terrain_world {

inline std::string str(const boost::json::value& v) { return std::string(v.get_string()); }
inline double real(const boost::json::value& v) { return v.to_number<double>(); }
inline std::int64_t integer(const boost::json::value& v) { return v.to_number<std::int64_t>(); }

}  // namespace isla::terrain_world
