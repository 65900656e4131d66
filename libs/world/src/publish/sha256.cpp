// SPDX-License-Identifier: MIT
#include "isla/publish/sha256.hpp"

#include <openssl/evp.h>

#include <array>
#include <stdexcept>

#include "isla/io/file_window.hpp"

namespace isla {

struct Sha256::Context {
  EVP_MD_CTX* md = EVP_MD_CTX_new();
  ~Context() { EVP_MD_CTX_free(md); }
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
  if (!context_->md || EVP_DigestInit_ex(context_->md, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("cannot start a SHA-256 digest (OpenSSL)");
  }
}

Sha256::Sha256(Sha256&&) noexcept = default;
Sha256::~Sha256() = default;

void Sha256::update(std::span<const std::byte> bytes) {
  if (bytes.empty()) return;
  if (EVP_DigestUpdate(context_->md, bytes.data(), bytes.size()) != 1) {
    throw std::runtime_error("cannot update a SHA-256 digest (OpenSSL)");
  }
}

std::string Sha256::finishHex() {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(context_->md, digest.data(), &length) != 1) {
    throw std::runtime_error("cannot finish a SHA-256 digest (OpenSSL)");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 0xf]);
  }
  return hex;
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
