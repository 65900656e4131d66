// SPDX-License-Identifier: MIT
// libzip opened at run time (zip_library.hpp): a library that cannot be
// opened, or that is not libzip, is said with what to install; the one the
// build found opens and has every function.
#include <boost/test/unit_test.hpp>

#include <string>

#include "zip_library.hpp"

namespace {

std::string refusal(const char* file) {
  try {
    isla::openZipLibrary(file);
  } catch (const isla::ZipUnavailable& error) {
    return error.what();
  }
  return "(opened)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(zip_library)

BOOST_AUTO_TEST_CASE(a_missing_library_is_named_with_what_to_install) {
  const std::string message = refusal("libisla-no-such-zip.so.4");
  BOOST_TEST(message.starts_with("viewer bundles are read and written with libzip, but libisla-no-such-zip.so.4 "
                                 "cannot be loaded (libisla-no-such-zip.so.4: cannot open shared object file"),
             message);
  BOOST_TEST(message.ends_with("); install libzip (Debian: apt-get install libzip4)"), message);
}

BOOST_AUTO_TEST_CASE(a_library_that_is_not_libzip_is_refused_by_its_first_missing_function) {
  BOOST_TEST(refusal("libz.so.1") == "libz.so.1 has no function zip_close, which viewer bundles need: it is not the "
                                     "libzip isla-tool was built with; install libzip (Debian: apt-get install libzip4)");
}

BOOST_AUTO_TEST_CASE(the_configured_libzip_has_every_function) {
  const isla::ZipLibrary& library = isla::zipLibrary();
#define ISLA_ZIP_CHECK(name) BOOST_TEST((library.name != nullptr), #name);
  ISLA_ZIP_FUNCTIONS(ISLA_ZIP_CHECK)
#undef ISLA_ZIP_CHECK
  BOOST_TEST(&library == &isla::zipLibrary());  // opened once
}

BOOST_AUTO_TEST_SUITE_END()
