// SPDX-License-Identifier: MIT
#include "zip_library.hpp"

#include <dlfcn.h>

#include <string>

namespace isla {

ZipLibrary openZipLibrary(const char* file) {
  dlerror();
  void* handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    throw ZipUnavailable("viewer bundles are read and written with libzip, but " + std::string(file) +
                         " cannot be loaded (" + (why ? why : "no reason given") +
                         "); install libzip (Debian: apt-get install libzip4)");
  }
  ZipLibrary library;
  const auto find = [&](auto& pointer, const char* name) {
    void* symbol = dlsym(handle, name);
    if (!symbol) {
      throw ZipUnavailable(std::string(file) + " has no function " + name +
                           ", which viewer bundles need: it is not the libzip isla-tool was built with; "
                           "install libzip (Debian: apt-get install libzip4)");
    }
    pointer = reinterpret_cast<std::remove_reference_t<decltype(pointer)>>(symbol);
  };
#define ISLA_ZIP_FIND(name) find(library.name, #name);
  ISLA_ZIP_FUNCTIONS(ISLA_ZIP_FIND)
#undef ISLA_ZIP_FIND
  return library;
}

const ZipLibrary& zipLibrary() {
  static const ZipLibrary library = openZipLibrary(ISLA_LIBZIP_SONAME);
  return library;
}

}  // namespace isla
