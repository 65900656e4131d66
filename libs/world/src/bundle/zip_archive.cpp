// SPDX-License-Identifier: MIT
#include "zip_archive.hpp"

#include "zip_library.hpp"

#include <algorithm>

namespace isla {

namespace {

constexpr std::uint32_t kRegularFile = 0100000;
constexpr std::uint32_t kMemberMode = kRegularFile | 0644;
// DOS date 1980-01-01 ((year - 1980) << 9 | month << 5 | day), time 00:00:00.
constexpr std::uint16_t kDosDate = (1 << 5) | 1;
constexpr std::uint16_t kDosTime = 0;
constexpr std::size_t kChunk = std::size_t{1} << 20;

std::string describe(zip_error_t* error) {
  const ZipLibrary& lib = zipLibrary();
  std::string text = lib.zip_error_strerror(error);
  lib.zip_error_fini(error);
  return text;
}

ZipError::Kind kindOf(int code) {
  return code == ZIP_ER_CRC ? ZipError::Kind::Crc : ZipError::Kind::Damaged;
}

}  // namespace

struct ZipReader::Handle {
  zip_t* archive = nullptr;
  ~Handle() {
    if (archive) zipLibrary().zip_discard(archive);
  }
};

ZipReader::ZipReader(std::span<const std::byte> archive) : handle_(std::make_unique<Handle>()) {
  const ZipLibrary& lib = zipLibrary();
  zip_error_t error;
  lib.zip_error_init(&error);
  // freep 0: libzip reads the caller's bytes in place and never frees them.
  zip_source_t* source = lib.zip_source_buffer_create(archive.data(), archive.size(), 0, &error);
  if (!source) throw ZipError(ZipError::Kind::Damaged, describe(&error));
  // No ZIP_CHECKCONS: it refuses duplicate names without saying which, and
  // the bundle reader names them; each member's bytes are still checked
  // against its CRC and declared size as they are inflated.
  handle_->archive = lib.zip_open_from_source(source, ZIP_RDONLY, &error);
  if (!handle_->archive) {
    lib.zip_source_free(source);
    throw ZipError(ZipError::Kind::Damaged, describe(&error));
  }
  const zip_int64_t count = lib.zip_get_num_entries(handle_->archive, 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    const auto index = static_cast<zip_uint64_t>(i);
    zip_stat_t stat;
    lib.zip_stat_init(&stat);
    if (lib.zip_stat_index(handle_->archive, index, ZIP_FL_ENC_RAW, &stat) != 0) {
      throw ZipError(ZipError::Kind::Damaged, lib.zip_strerror(handle_->archive));
    }
    ZipEntry entry;
    entry.rawName = stat.name ? stat.name : "";
    entry.size = stat.size;
    entry.compressedSize = stat.comp_size;
    entry.stored = stat.comp_method == ZIP_CM_STORE;
    entry.deflated = stat.comp_method == ZIP_CM_DEFLATE;
    entry.encrypted = stat.encryption_method != ZIP_EM_NONE;
    zip_uint8_t system = 0;
    zip_uint32_t attributes = 0;
    if (lib.zip_file_get_external_attributes(handle_->archive, index, 0, &system, &attributes) == 0 &&
        system == ZIP_OPSYS_UNIX) {
      entry.unixMode = true;
      entry.mode = attributes >> 16;
    }
    entries_.push_back(std::move(entry));
  }
}

ZipReader::~ZipReader() = default;

std::vector<std::byte> ZipReader::inflate(std::size_t index) const {
  const ZipLibrary& lib = zipLibrary();
  const ZipEntry& entry = entries_.at(index);
  zip_file_t* file = lib.zip_fopen_index(handle_->archive, index, 0);
  if (!file) {
    throw ZipError(kindOf(lib.zip_error_code_zip(lib.zip_get_error(handle_->archive))),
                   lib.zip_strerror(handle_->archive));
  }
  struct Closer {
    zip_file_t* file;
    ~Closer() { zipLibrary().zip_fclose(file); }
  } closer{file};
  // Grown as bytes arrive, never to what the directory merely declares, and
  // one byte past it at most, which is enough to tell that it lied.
  std::vector<std::byte> bytes;
  for (;;) {
    const std::uint64_t wanted = std::min<std::uint64_t>(kChunk, entry.size - bytes.size()) + 1;
    const std::size_t before = bytes.size();
    bytes.resize(before + wanted);
    const zip_int64_t got = lib.zip_fread(file, bytes.data() + before, wanted);
    if (got < 0) {
      zip_error_t* error = lib.zip_file_get_error(file);
      throw ZipError(kindOf(lib.zip_error_code_zip(error)), lib.zip_error_strerror(error));
    }
    bytes.resize(before + static_cast<std::size_t>(got));
    if (bytes.size() > entry.size) {
      throw ZipError(ZipError::Kind::Oversize,
                     "inflates to more than the " + std::to_string(entry.size) + " bytes it declares");
    }
    if (got == 0) break;
  }
  if (bytes.size() != entry.size) {
    throw ZipError(ZipError::Kind::Damaged, "inflates to " + std::to_string(bytes.size()) + " bytes but declares " +
                                                std::to_string(entry.size));
  }
  return bytes;
}

std::vector<std::byte> writeZip(std::span<const ZipMemberInput> members) {
  const ZipLibrary& lib = zipLibrary();
  zip_error_t error;
  lib.zip_error_init(&error);
  zip_source_t* target = lib.zip_source_buffer_create(nullptr, 0, 0, &error);
  if (!target) throw ZipError(ZipError::Kind::Damaged, describe(&error));
  lib.zip_source_keep(target);  // outlives the archive, to read the bytes back
  struct Release {
    zip_source_t* source;
    ~Release() { zipLibrary().zip_source_free(source); }
  } release{target};
  zip_t* archive = lib.zip_open_from_source(target, ZIP_TRUNCATE, &error);
  if (!archive) throw ZipError(ZipError::Kind::Damaged, describe(&error));
  auto fail = [&] {
    const std::string text = lib.zip_strerror(archive);
    lib.zip_discard(archive);
    throw ZipError(ZipError::Kind::Damaged, "cannot write the archive: " + text);
  };
  for (const auto& member : members) {
    zip_source_t* data = lib.zip_source_buffer(archive, member.bytes.data(), member.bytes.size(), 0);
    if (!data) fail();
    const zip_int64_t index = lib.zip_file_add(archive, member.name.c_str(), data, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      lib.zip_source_free(data);
      fail();
    }
    const auto at = static_cast<zip_uint64_t>(index);
    if (lib.zip_set_file_compression(archive, at, ZIP_CM_DEFLATE, 9) != 0 ||
        lib.zip_file_set_dostime(archive, at, kDosTime, kDosDate, 0) != 0 ||
        lib.zip_file_set_external_attributes(archive, at, 0, ZIP_OPSYS_UNIX, kMemberMode << 16) != 0) {
      fail();
    }
  }
  if (lib.zip_close(archive) != 0) fail();

  zip_stat_t stat;
  lib.zip_stat_init(&stat);
  if (lib.zip_source_open(target) != 0 || lib.zip_source_stat(target, &stat) != 0) {
    throw ZipError(ZipError::Kind::Damaged, lib.zip_error_strerror(lib.zip_source_error(target)));
  }
  std::vector<std::byte> bytes(stat.size);
  const zip_int64_t got = lib.zip_source_read(target, bytes.data(), bytes.size());
  lib.zip_source_close(target);
  if (got < 0 || static_cast<zip_uint64_t>(got) != stat.size) {
    throw ZipError(ZipError::Kind::Damaged, "cannot read the written archive back");
  }
  return bytes;
}

}  // namespace isla
