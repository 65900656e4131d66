// SPDX-License-Identifier: MIT
#include "view/static_files.hpp"

#include <isla/base/joined_text.hpp>
#include <isla/base/relative_path.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace isla::view {

namespace {

std::optional<int> hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return std::nullopt;
}

Resolution refuse(unsigned status, std::string reason) { return {status, {}, std::move(reason)}; }

// One path segment, percent-decoded; a refusal for a malformed escape or
// an encoded slash (what the decoded segment may hold is the path's rule).
std::optional<Resolution> decodeSegment(std::string_view raw, std::string& out) {
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '%') {
      if (i + 2 >= raw.size()) return refuse(400, "a malformed percent escape");
      const auto high = hexDigit(raw[i + 1]);
      const auto low = hexDigit(raw[i + 2]);
      if (!high || !low) return refuse(400, "a malformed percent escape");
      c = static_cast<char>(*high * 16 + *low);
      i += 2;
      if (c == '/' || c == '\\') return refuse(400, "an encoded slash");
    }
    out.push_back(c);
  }
  return std::nullopt;
}

bool isWithin(const std::filesystem::path& file, const std::filesystem::path& root) {
  return std::mismatch(root.begin(), root.end(), file.begin(), file.end()).first == root.end();
}

}  // namespace

StaticFiles::StaticFiles(std::vector<Mount> mounts) : mounts_(std::move(mounts)) {
  for (auto& mount : mounts_) {
    if (!std::filesystem::is_directory(mount.root)) {
      throw std::runtime_error(mount.root.string() + " is not a directory");
    }
    mount.root = std::filesystem::canonical(mount.root);
  }
  std::sort(mounts_.begin(), mounts_.end(),
            [](const Mount& a, const Mount& b) { return a.prefix.size() > b.prefix.size(); });
}

Resolution StaticFiles::resolve(std::string_view target) const {
  if (target.size() > kMaxTargetBytes) return refuse(414, "the URL is longer than 2048 bytes");
  // Origin-form only: "http://host/..." and "//host/..." name other servers.
  if (!target.starts_with('/') || target.starts_with("//")) return refuse(400, "not a path from the root");
  target = target.substr(0, target.find_first_of("?#"));
  const std::string_view path = target == "/" ? std::string_view("/index.html") : target;
  const auto mount = std::find_if(mounts_.begin(), mounts_.end(),
                                  [&](const Mount& candidate) { return path.starts_with(candidate.prefix); });
  if (mount == mounts_.end()) return refuse(404, "nothing is served there");

  std::vector<std::string> segments;  // below the mount's root, decoded
  std::string_view rest = path.substr(mount->prefix.size());
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    if (auto refusal = decodeSegment(rest.substr(0, slash), segments.emplace_back())) return *refusal;
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    if (slash != std::string_view::npos && rest.empty()) return refuse(404, "no directory listings");
  }
  const std::string relative = joinedText(segments, "/");
  if (const std::string why = whyNotInside(relative); !segments.empty() && !why.empty()) {
    return refuse(400, "a path that " + why);
  }
  const std::filesystem::path file = mount->root / relative;
  std::error_code error;
  const auto real = std::filesystem::canonical(file, error);
  if (error || !std::filesystem::is_regular_file(real, error)) return refuse(404, "no such file");
  if (!isWithin(real, mount->root)) return refuse(404, "no such file");
  return {200, real, {}};
}

std::string_view contentType(const std::filesystem::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".glb", "model/gltf-binary"},
      {".png", "image/png"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".wasm", "application/wasm"},
  }};
  const std::string extension = file.extension().string();
  for (const auto& [suffix, type] : kTypes) {
    if (extension == suffix) return type;
  }
  return "application/octet-stream";
}

}  // namespace isla::view
