// SPDX-License-Identifier: MIT
// A preloaded shim (LD_PRELOAD) that cuts a file short the moment the
// process maps it: a file changing under a mapped read at an exact point
// of the work, whatever the machine's speed or load, with no sleep. When
// the process first maps the file ISLA_TEST_TRUNCATE_MAPPED names, the shim
// truncates it to ISLA_TEST_TRUNCATE_TO bytes once the mapping is made, so
// that reading the mapping past that point faults (SIGBUS). With
// ISLA_TEST_TRUNCATE_ARMED, only while that file exists, which the shim
// removes as it truncates: a long-running process (view --watch) is cut once,
// when the test says. truncate(2) by path, so that no watcher sees a write
// closed. truncate_on_map.hpp sets the variables.
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>

namespace {

using MapFunction = void* (*)(void*, std::size_t, int, int, int, off_t);

std::atomic<bool> once{false};
// The system's functions, found before main (dlsym inside mmap could map).
MapFunction systemMmap = nullptr, systemMmap64 = nullptr;

__attribute__((constructor)) void findSystemFunctions() {
  systemMmap = reinterpret_cast<MapFunction>(::dlsym(RTLD_NEXT, "mmap"));
  systemMmap64 = reinterpret_cast<MapFunction>(::dlsym(RTLD_NEXT, "mmap64"));
}

void truncateIfNamed(int fd) {
  const char* target = std::getenv("ISLA_TEST_TRUNCATE_MAPPED");
  const char* bytes = std::getenv("ISLA_TEST_TRUNCATE_TO");
  if (!target || !bytes || fd < 0) return;
  struct stat mapped {}, named {};
  if (::fstat(fd, &mapped) != 0 || ::stat(target, &named) != 0) return;
  if (mapped.st_dev != named.st_dev || mapped.st_ino != named.st_ino) return;
  const char* armed = std::getenv("ISLA_TEST_TRUNCATE_ARMED");
  if (armed) {
    if (::unlink(armed) != 0) return;  // not armed (now)
  } else if (once.exchange(true)) {
    return;
  }
  (void)::truncate(target, static_cast<off_t>(std::strtoll(bytes, nullptr, 10)));
}

void* mapThenTruncate(MapFunction next, void* address, std::size_t length, int protection, int flags, int fd,
                      off_t offset) {
  if (!next) return reinterpret_cast<void*>(::syscall(SYS_mmap, address, length, protection, flags, fd, offset));
  void* mapping = next(address, length, protection, flags, fd, offset);
  if (mapping != MAP_FAILED && !(flags & MAP_ANONYMOUS)) truncateIfNamed(fd);
  return mapping;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) void* mmap(void* address, std::size_t length, int protection, int flags, int fd,
                                                  off_t offset) {
  return mapThenTruncate(systemMmap, address, length, protection, flags, fd, offset);
}

__attribute__((visibility("default"))) void* mmap64(void* address, std::size_t length, int protection, int flags,
                                                    int fd, off_t offset) {
  return mapThenTruncate(systemMmap64 ? systemMmap64 : systemMmap, address, length, protection, flags, fd, offset);
}

}
