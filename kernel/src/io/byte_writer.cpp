// SPDX-License-Identifier: MIT
#include "isla/io/byte_writer.hpp"

#include <boost/endian/conversion.hpp>

#include <cstring>

namespace isla {

std::vector<std::byte>& ByteWriter::tail() {
  if (chunks_.empty() || !chunks_.back().view.empty()) chunks_.emplace_back();
  return chunks_.back().owned;
}

namespace {
template <class T>
void append(std::vector<std::byte>& out, T value) {
  value = boost::endian::native_to_little(value);
  const auto* raw = reinterpret_cast<const std::byte*>(&value);
  out.insert(out.end(), raw, raw + sizeof value);
}
}  // namespace

void ByteWriter::u8(std::uint8_t value) {
  tail().push_back(static_cast<std::byte>(value));
  size_ += 1;
}
void ByteWriter::u16(std::uint16_t value) {
  append(tail(), value);
  size_ += 2;
}
void ByteWriter::i32(std::int32_t value) {
  append(tail(), value);
  size_ += 4;
}
void ByteWriter::u32(std::uint32_t value) {
  append(tail(), value);
  size_ += 4;
}
void ByteWriter::u64(std::uint64_t value) {
  append(tail(), value);
  size_ += 8;
}
void ByteWriter::f32(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  u32(bits);
}

void ByteWriter::str(std::string_view value) {
  auto length = static_cast<std::uint64_t>(value.size());
  do {
    auto group = static_cast<std::uint8_t>(length & 0x7Fu);
    length >>= 7;
    if (length != 0) group |= 0x80u;
    u8(group);
  } while (length != 0);
  bytes(std::as_bytes(std::span(value.data(), value.size())));
}

void ByteWriter::bytes(std::span<const std::byte> bytes) {
  auto& out = tail();
  out.insert(out.end(), bytes.begin(), bytes.end());
  size_ += bytes.size();
}

void ByteWriter::view(std::span<const std::byte> bytes, std::shared_ptr<const void> owner) {
  if (bytes.empty()) return;
  chunks_.push_back(Chunk{{}, bytes, std::move(owner)});
  size_ += bytes.size();
}

void ByteWriter::writeTo(ByteSink& sink) const {
  for (const auto& chunk : chunks_) {
    if (!chunk.view.empty()) {
      sink.write(chunk.view);
    } else if (!chunk.owned.empty()) {
      sink.write(chunk.owned);
    }
  }
}

std::vector<std::byte> ByteWriter::flatten() const {
  MemorySink sink;
  writeTo(sink);
  return std::move(sink.bytes());
}

void MemorySink::write(std::span<const std::byte> bytes) {
  bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
}

}  // namespace isla
