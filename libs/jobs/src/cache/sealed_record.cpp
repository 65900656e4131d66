// SPDX-License-Identifier: MIT
#include "sealed_record.hpp"

#include <span>

#include "../compile/regular_file.hpp"
#include "isla/cache/patch_cache.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

namespace {

constexpr std::string_view kSeal = "sealed ";
// More than any list or record holds (a list of a whole world's files is a few MB).
constexpr std::uint64_t kMaxRecordBytes = std::uint64_t{1} << 30;

std::string sealOf(std::string_view text) { return std::string(kSeal) + sha256Hex(std::as_bytes(std::span(text))) + "\n"; }

}  // namespace

std::string sealedText(const std::string& text) { return text + sealOf(text); }

std::optional<std::string> readSealedText(const std::filesystem::path& path, std::string_view beginning,
                                          std::string_view called) {
  std::string text;
  try {
    text = RegularFile(path).text(kMaxRecordBytes);
  } catch (const NotRegularFile& irregular) {
    throw CacheDamaged("its " + std::string(called) + " " + path.string() + " is not a regular file (" +
                       irregular.kind() + ")");
  } catch (const UnreadableFile&) {
    return std::nullopt;  // none (or removed meanwhile)
  }
  const std::size_t seal = text.rfind(kSeal);
  if (seal == std::string::npos || !text.starts_with(beginning) ||
      std::string_view(text).substr(seal) != sealOf(std::string_view(text).substr(0, seal))) {
    throw CacheDamaged("its " + std::string(called) + " " + path.string() + " is damaged");
  }
  text.resize(seal);
  return text;
}

}  // namespace isla
