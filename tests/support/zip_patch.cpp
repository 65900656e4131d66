// SPDX-License-Identifier: MIT
#include "zip_patch.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>

namespace isla::test {

void ZipPatch::rename(const std::string& from, const std::string& to) {
  BOOST_REQUIRE_EQUAL(from.size(), to.size());
  const Entry e = find(from);
  std::copy(to.begin(), to.end(), reinterpret_cast<char*>(bytes_.data()) + e.local + 30);
  std::copy(to.begin(), to.end(), reinterpret_cast<char*>(bytes_.data()) + e.central + 46);
}

void ZipPatch::setFlag(const std::string& name, std::uint16_t bit) {
  const Entry e = find(name);
  put(e.local + 6, get(e.local + 6, 2) | bit, 2);
  put(e.central + 8, get(e.central + 8, 2) | bit, 2);
}

void ZipPatch::setMethod(const std::string& name, std::uint16_t method) {
  const Entry e = find(name);
  put(e.local + 8, method, 2);
  put(e.central + 10, method, 2);
}

void ZipPatch::flipCrc(const std::string& name) {
  const Entry e = find(name);
  put(e.local + 14, get(e.local + 14, 4) ^ 1, 4);
  put(e.central + 16, get(e.central + 16, 4) ^ 1, 4);
}

void ZipPatch::setSize(const std::string& name, std::uint32_t size) {
  const Entry e = find(name);
  put(e.local + 22, size, 4);
  put(e.central + 24, size, 4);
}

void ZipPatch::setUnixMode(const std::string& name, std::uint32_t mode) { put(find(name).central + 38, mode << 16, 4); }

std::uint32_t ZipPatch::get(std::size_t at, int width) const {
  std::uint32_t value = 0;
  for (int i = width - 1; i >= 0; --i) {
    value = value << 8 | std::to_integer<std::uint32_t>(bytes_.at(at + static_cast<std::size_t>(i)));
  }
  return value;
}

void ZipPatch::put(std::size_t at, std::uint32_t value, int width) {
  for (int i = 0; i < width; ++i) bytes_.at(at + static_cast<std::size_t>(i)) = std::byte(value >> (8 * i) & 0xff);
}

ZipPatch::Entry ZipPatch::find(const std::string& name) const {
  for (std::size_t at = 0; at + 46 <= bytes_.size(); ++at) {
    if (get(at, 4) != 0x02014b50) continue;
    const std::size_t length = get(at + 28, 2);
    const std::string found(reinterpret_cast<const char*>(bytes_.data()) + at + 46, length);
    if (found == name) return {at, get(at + 42, 4)};
  }
  BOOST_FAIL("no member " + name);
  return {};
}

}  // namespace isla::test
