# ISLA_BUILD_FUZZERS: the libFuzzer targets of tests/fuzz. libFuzzer is
# clang's; every target is compiled with its coverage instrumentation, so
# that the fuzzer sees into the kernel and the plugins, and the whole build
# runs under ASan and UBSan unless ISLA_SANITIZE names other sanitizers.
if(ISLA_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ISLA_BUILD_FUZZERS needs clang (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}: "
                        "configure a fresh build directory with CXX=clang++-14")
  endif()
  if(NOT ISLA_BUILD_TESTS)
    message(FATAL_ERROR "ISLA_BUILD_FUZZERS needs ISLA_BUILD_TESTS: the fuzz targets live in "
                        "tests/fuzz and seed from the test support's blueprints")
  endif()
  if(NOT ISLA_SANITIZE)
    set(ISLA_SANITIZE address,undefined)
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
