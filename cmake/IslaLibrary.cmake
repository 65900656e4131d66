# isla_add_library(<name> SOURCES ... [STATIC] [VERSION v] [PUBLIC libs...] [PRIVATE libs...])
#
# One library of the project, called from its folder (kernel/ or
# libs/<name>/): the target isla_<name> and its alias isla::<name>, public
# headers in include/ (installed, with the library, for the SDK), warnings.
# A shared one is libisla-<name>.so with VERSION (the project's by default)
# and its major as SOVERSION, and finds the libraries it needs beside it
# ($ORIGIN), built or installed.
function(isla_add_library name)
  cmake_parse_arguments(LIBRARY "STATIC" "VERSION" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  set(target isla_${name})
  if(LIBRARY_STATIC)
    add_library(${target} STATIC ${LIBRARY_SOURCES})
    target_include_directories(${target} PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/include")
  else()
    add_library(${target} SHARED ${LIBRARY_SOURCES})
    target_include_directories(${target} PUBLIC
      $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    if(NOT LIBRARY_VERSION)
      set(LIBRARY_VERSION ${PROJECT_VERSION})
    endif()
    string(REGEX MATCH "^[0-9]+" major "${LIBRARY_VERSION}")
    set_target_properties(${target} PROPERTIES
      OUTPUT_NAME isla-${name} EXPORT_NAME ${name}
      VERSION ${LIBRARY_VERSION} SOVERSION ${major}
      INSTALL_RPATH "$ORIGIN" BUILD_WITH_INSTALL_RPATH ON)
    install(TARGETS ${target} EXPORT IslaToolTargets
      LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT tool NAMELINK_COMPONENT sdk)
    install(DIRECTORY include/isla DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT sdk)
  endif()
  add_library(isla::${name} ALIAS ${target})
  target_link_libraries(${target} PUBLIC ${LIBRARY_PUBLIC} PRIVATE ${LIBRARY_PRIVATE})
  isla_target_warnings(${target})
endfunction()
