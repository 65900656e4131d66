# Warnings for the project's own targets (never for third-party headers).
function(isla_target_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
    -Wconversion -Wsign-conversion -Wnon-virtual-dtor -Wold-style-cast)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 reports std::string concatenation at -O3 as overlapping memcpy
    # (GCC bug 105329, a false positive).
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(ISLA_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
