// SPDX-License-Identifier: MIT
#include "isla/publish/sha256.hpp"

// OpenSSL's SHA-256 functions, not EVP: the first EVP digest of a process
// loads the configuration and the default provider, 3.3 ms measured here,
// against 0.08 ms; every compile, shard and cached run is a new process.
// The functions are deprecated in OpenSSL 3 but kept, the same code (SHA-NI).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include <array>

#include "isla/mapping/file_window.hpp"

namespace isla {

struct Sha256::Context {
  SHA256_CTX state;
};

Sha256::Sha256() : context_(std::make_unique<Context>()) { SHA256_Init(&context_->state); }

Sha256::Sha256(Sha256&&) noexcept = default;
Sha256::~Sha256() = default;

void Sha256::update(std::span<const std::byte> bytes) {
  if (!bytes.empty()) SHA256_Update(&context_->state, bytes.data(), bytes.size());
}

std::string Sha256::finishHex() {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
  SHA256_Final(digest.data(), &context_->state);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * digest.size());
  for (const unsigned char byte : digest) {
    hex.push_back(kHex[byte >> 4]);
    hex.push_back(kHex[byte & 0xf]);
  }
  return hex;
}

bool isSha256Hex(std::string_view text) {
  return text.size() == 2 * SHA256_DIGEST_LENGTH &&
         text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

std::string sha256Hex(std::span<const std::byte> bytes) {
  Sha256 digest;
  digest.update(bytes);
  return digest.finishHex();
}

std::string sha256OfFile(const std::filesystem::path& path) {
  // Read a piece at a time, never mapped: hashing a 10 GB terrain costs
  // a buffer of memory.
  Sha256 digest;
  FileWindowOptions options;
  options.everyByte = [&](std::span<const std::byte> bytes) { digest.update(bytes); };
  FileWindow file(path, std::move(options));
  file.readToEnd();
  return digest.finishHex();
}

}  // namespace isla
