// SPDX-License-Identifier: MIT
// A record, sources/<2 hex>/<SHA-256 of the absolute path>:
//   isla-tool source digest 1
//   path <the absolute path>
//   identity <device> <inode> <bytes> <modified ns> <changed ns>
//   sha256 <the file's SHA-256>
//   sealed <SHA-256 of the lines above>
#include "source_digests.hpp"

#include <span>

#include "isla/publish/sha256.hpp"
#include "sealed_record.hpp"

namespace isla {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kDigestRecordHeader = "isla-tool source digest 1\n";
constexpr std::string_view kDigestLine = "sha256 ";
constexpr std::size_t kHexDigits = 64;  // a SHA-256's (isSha256Hex)

fs::path absolutePath(const fs::path& path) { return fs::absolute(path).lexically_normal(); }

// The lines a record of `path` with `identity` begins with.
std::string recordBeginning(const fs::path& absolute, const FileIdentity& identity) {
  return std::string(kDigestRecordHeader) + "path " + absolute.string() + "\nidentity " + std::to_string(identity.device) + " " +
         std::to_string(identity.inode) + " " + std::to_string(identity.bytes) + " " +
         std::to_string(identity.modifiedNs) + " " + std::to_string(identity.changedNs) + "\n";
}

fs::path recordOf(const PatchCache& cache, const fs::path& absolute) {
  const std::string text = absolute.string();
  return cache.recordPath(PatchCache::kSourcesFolder, sha256Hex(std::as_bytes(std::span(text))));
}

}  // namespace

std::optional<std::string> SourceDigests::recall(const fs::path& path, const FileIdentity& identity) const {
  const fs::path absolute = absolutePath(path), record = recordOf(cache_, absolute);
  const auto text = cache_.readRecord(record, kDigestRecordHeader);
  if (!text) return std::nullopt;
  const std::string beginning = recordBeginning(absolute, identity);
  if (!text->starts_with(beginning)) return std::nullopt;  // another file now, or another path's (a collision)
  const std::string_view rest = std::string_view(*text).substr(beginning.size());
  if (!rest.starts_with(kDigestLine) || rest.size() != kDigestLine.size() + kHexDigits + 1 || !rest.ends_with('\n') ||
      !isSha256Hex(rest.substr(kDigestLine.size(), kHexDigits))) {
    cache_.removeRecord(record);
    throw CacheDamaged("its record " + record.string() + " is damaged");
  }
  cache_.noteUse(record);
  return std::string(rest.substr(kDigestLine.size(), kHexDigits));
}

void SourceDigests::remember(const fs::path& path, const FileIdentity& identity, const std::string& sha256) const {
  if (!identity.settled()) return;
  const fs::path absolute = absolutePath(path);
  try {
    cache_.writeRecord(recordOf(cache_, absolute),
                       sealedText(recordBeginning(absolute, identity) + std::string(kDigestLine) + sha256 + "\n"));
  } catch (const CacheNotKept&) {
    // the next compile hashes the file again
  }
}

}  // namespace isla
