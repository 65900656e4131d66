# isla_add_plugin(KIND <kinds>... SOURCES ... [LIBRARIES ...] [TESTS ...])
#
# Called from a plugin's own folder (plugins/<kind>/<name>/); the folder name is
# the plugin name. KIND lists what it registers (section, validator,
# exporter, package-validator); the host refuses a plugin that registers
# anything else. The sources compile once into an object library that serves
# both the loadable module (<name>.so in the plugin directory) and the
# "built-in" aggregate that unit tests and fuzzers link, so they need no search
# path.
include("${CMAKE_CURRENT_LIST_DIR}/IslaPluginModule.cmake")
set(ISLA_BUILTIN_TEMPLATE "${CMAKE_CURRENT_LIST_DIR}/builtin_plugins.cpp.in")

function(isla_add_plugin)
  cmake_parse_arguments(PLUGIN "" "" "KIND;SOURCES;LIBRARIES;TESTS" ${ARGN})
  get_filename_component(name "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  string(MAKE_C_IDENTIFIER "${name}" ident)
  set(objects isla_plugin_${ident}_objects)

  add_library(${objects} OBJECT ${PLUGIN_SOURCES})
  target_link_libraries(${objects} PUBLIC isla::kernel ${PLUGIN_LIBRARIES})
  isla_plugin_compile_settings(${objects} "${name}" ${PLUGIN_KIND})
  isla_target_warnings(${objects})

  isla_plugin_module(isla_plugin_${ident} "${name}" KIND ${PLUGIN_KIND})
  target_link_libraries(isla_plugin_${ident} PRIVATE ${objects})
  set_target_properties(isla_plugin_${ident} PROPERTIES
    LIBRARY_OUTPUT_DIRECTORY "${ISLA_PLUGIN_OUTPUT_DIR}"
    INSTALL_RPATH "$ORIGIN/../..")
  install(TARGETS isla_plugin_${ident} LIBRARY DESTINATION "${ISLA_PLUGIN_SUBDIR}")

  set_property(GLOBAL APPEND PROPERTY ISLA_BUILTIN_PLUGINS ${ident})
  set_property(GLOBAL APPEND PROPERTY ISLA_BUILTIN_PLUGIN_LIBRARIES ${PLUGIN_LIBRARIES})
  add_dependencies(isla_plugins isla_plugin_${ident})

  if(PLUGIN_TESTS AND ISLA_BUILD_TESTS)
    isla_add_test(NAME plugin_${ident} SOURCES ${PLUGIN_TESTS})
  endif()
endfunction()

# After every plugin folder is added: the static aggregate of all plugins and
# the table of their descriptors.
function(isla_generate_builtin_plugins)
  get_property(idents GLOBAL PROPERTY ISLA_BUILTIN_PLUGINS)
  get_property(libraries GLOBAL PROPERTY ISLA_BUILTIN_PLUGIN_LIBRARIES)
  set(ISLA_BUILTIN_DECLARATIONS "")
  set(ISLA_BUILTIN_ENTRIES "")
  set(objects "")
  foreach(ident IN LISTS idents)
    string(APPEND ISLA_BUILTIN_DECLARATIONS "extern const isla::PluginDescriptor isla_plugin_descriptor_${ident};\n")
    string(APPEND ISLA_BUILTIN_ENTRIES "    &isla_plugin_descriptor_${ident},\n")
    list(APPEND objects $<TARGET_OBJECTS:isla_plugin_${ident}_objects>)
  endforeach()
  configure_file("${ISLA_BUILTIN_TEMPLATE}" "${PROJECT_BINARY_DIR}/builtin_plugins.cpp" @ONLY)
  add_library(isla_builtin_plugins STATIC "${PROJECT_BINARY_DIR}/builtin_plugins.cpp" ${objects})
  target_link_libraries(isla_builtin_plugins PUBLIC isla::kernel ${libraries})
  add_library(isla::builtin_plugins ALIAS isla_builtin_plugins)
endfunction()
