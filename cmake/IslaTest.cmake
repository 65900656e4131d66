# isla_add_test(NAME <name> SOURCES ... [LIBRARIES ...])
# One Boost.Test executable, linked with every built-in plugin and the test
# support library, registered with CTest.
function(isla_add_test)
  cmake_parse_arguments(TEST "" "NAME" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(test_${TEST_NAME} ${TEST_SOURCES})
  target_link_libraries(test_${TEST_NAME} PRIVATE isla_test_support ${TEST_LIBRARIES})
  set_target_properties(test_${TEST_NAME} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/tests")
  isla_target_warnings(test_${TEST_NAME})
  # A unity build includes each test source into another file, where GCC
  # takes a fixture in an anonymous namespace for one shared by a header.
  target_compile_options(test_${TEST_NAME} PRIVATE -Wno-subobject-linkage)
  add_test(NAME ${TEST_NAME} COMMAND test_${TEST_NAME} --log_level=warning --report_level=short)
  # A check that could not run (tests/support/skips.hpp) shows as Skipped.
  set_tests_properties(${TEST_NAME} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()
