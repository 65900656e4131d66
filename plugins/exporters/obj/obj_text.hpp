// SPDX-License-Identifier: MIT
// OBJ text as both of the obj exporter's meshes (the contract's grid, a
// level) write it: numbers by std::to_chars, shortest, -0 as 0.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include <isla/io/byte_writer.hpp>
#include <isla/world/world.hpp>

namespace isla_obj {

using Index = std::uint32_t;  // OBJ indices count from 1; 0 is never one

inline constexpr std::uint64_t kMaxIndex = std::numeric_limits<Index>::max();

inline void write(isla::ByteSink& out, std::string_view text) { out.write(std::as_bytes(std::span(text))); }

template <class T>
inline void put(std::string& out, T value) {
  char buffer[32];
  if constexpr (std::is_floating_point_v<T>) value += T(0);  // -0 as 0: a sign of zero is noise
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

template <class... T>
inline void putLine(std::string& out, std::string_view tag, T... values) {
  out += tag;
  ((out += ' ', put(out, values)), ...);
  out += '\n';
}

inline void putCorner(std::string& out, Index vertex, std::uint64_t uv) {
  out += ' ';
  put(out, vertex);
  out += '/';
  put(out, uv);
  out += '/';
  put(out, vertex);  // each vertex has its own normal, written with it
}

inline std::string materialName(const isla::World& world, const isla::Patch& patch) {
  return patch.source ? "biome-" + world.sources[*patch.source].id : std::string("transition");
}

}  // namespace isla_obj
