// SPDX-License-Identifier: MIT
#include "sealed_record.hpp"

#include <fstream>
#include <span>
#include <sstream>

#include "isla/cache/patch_cache.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

namespace {

constexpr std::string_view kSeal = "sealed ";

std::string sealOf(std::string_view text) { return std::string(kSeal) + sha256Hex(std::as_bytes(std::span(text))) + "\n"; }

}  // namespace

std::string sealedText(const std::string& text) { return text + sealOf(text); }

std::optional<std::string> readSealedText(const std::filesystem::path& path, std::string_view beginning,
                                          std::string_view called) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;  // none (or removed meanwhile)
  std::ostringstream whole;
  whole << in.rdbuf();
  std::string text = whole.str();
  const std::size_t seal = text.rfind(kSeal);
  if (seal == std::string::npos || !text.starts_with(beginning) ||
      std::string_view(text).substr(seal) != sealOf(std::string_view(text).substr(0, seal))) {
    throw CacheDamaged("its " + std::string(called) + " " + path.string() + " is damaged");
  }
  text.resize(seal);
  return text;
}

}  // namespace isla
