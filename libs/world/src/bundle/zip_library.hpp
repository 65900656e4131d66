// SPDX-License-Identifier: MIT
// libzip, opened the first time a process reads or writes a viewer bundle
// (dlopen) instead of linked: a process that touches none (every compile of
// blueprints, every shard and assembly, every cached run) maps neither it
// nor the libcrypto it needs, 4 ms of each start on this machine
// (docs/performance.md, Process start). Internal to the world library.
#pragma once

#include <zip.h>

#include "zip_archive.hpp"

namespace isla {

// Every libzip function zip_archive.cpp calls.
#define ISLA_ZIP_FUNCTIONS(X)                                                                                      \
  X(zip_close) X(zip_discard) X(zip_error_code_zip) X(zip_error_fini) X(zip_error_init) X(zip_error_strerror)      \
  X(zip_fclose) X(zip_file_add) X(zip_file_get_error) X(zip_file_get_external_attributes) X(zip_file_set_dostime) \
  X(zip_file_set_external_attributes) X(zip_fopen_index) X(zip_fread) X(zip_get_error) X(zip_get_num_entries)     \
  X(zip_open_from_source) X(zip_set_file_compression) X(zip_source_buffer) X(zip_source_buffer_create)             \
  X(zip_source_close) X(zip_source_error) X(zip_source_free) X(zip_source_keep) X(zip_source_open)                 \
  X(zip_source_read) X(zip_source_stat) X(zip_stat_index) X(zip_stat_init) X(zip_strerror)

// One pointer a function, named as the function.
struct ZipLibrary {
#define ISLA_ZIP_POINTER(name) decltype(&::name) name = nullptr;
  ISLA_ZIP_FUNCTIONS(ISLA_ZIP_POINTER)
#undef ISLA_ZIP_POINTER
};

// The functions of the library `file` (a soname or a path), which stays
// open for the rest of the process; throws ZipUnavailable.
ZipLibrary openZipLibrary(const char* file);

// The libzip the build was configured with (its soname), opened once a
// process; throws ZipUnavailable, and tries again on the next call.
const ZipLibrary& zipLibrary();

}  // namespace isla
