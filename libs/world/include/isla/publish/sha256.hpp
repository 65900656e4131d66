// SPDX-License-Identifier: MIT
// SHA-256 (OpenSSL) of exact bytes, as lower-case hex.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

namespace isla {

class Sha256 {
 public:
  Sha256();
  Sha256(Sha256&&) noexcept;
  ~Sha256();
  void update(std::span<const std::byte> bytes);
  std::string finishHex();  // once

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

std::string sha256Hex(std::span<const std::byte> bytes);
// Of a file's bytes; throws IoError.
std::string sha256OfFile(const std::filesystem::path& path);

}  // namespace isla
