# The loadable module of one isla-tool plugin: shared by the shipped plugins,
# the test plugins and (installed with IslaToolConfig.cmake) third-party
# plugins built against an installed isla-tool.
set(ISLA_PLUGIN_ENTRY_TEMPLATE "${CMAKE_CURRENT_LIST_DIR}/plugin_entry.cpp.in")

# The kinds of object a plugin may register (isla::PluginKind's bits):
# section, validator, exporter, package-validator.
function(isla_plugin_kind_bits out)
  set(bits 0)
  foreach(kind IN LISTS ARGN)
    if(kind STREQUAL "section")
      math(EXPR bits "${bits} | 1")
    elseif(kind STREQUAL "validator")
      math(EXPR bits "${bits} | 2")
    elseif(kind STREQUAL "exporter")
      math(EXPR bits "${bits} | 4")
    elseif(kind STREQUAL "package-validator")
      math(EXPR bits "${bits} | 8")
    else()
      message(FATAL_ERROR "plugin kind '${kind}' is none of section, validator, exporter, package-validator")
    endif()
  endforeach()
  if(bits EQUAL 0)
    message(FATAL_ERROR "a plugin declares its kinds: KIND section|validator|exporter|package-validator...")
  endif()
  set(${out} ${bits} PARENT_SCOPE)
endfunction()

# What every compile of plugin <name>'s code needs: the name and kinds the
# ISLA_PLUGIN macro uses, and hidden visibility (only the entry symbol is
# exported).
function(isla_plugin_compile_settings target name)
  string(MAKE_C_IDENTIFIER "${name}" ident)
  isla_plugin_kind_bits(bits ${ARGN})
  target_compile_definitions(${target} PRIVATE ISLA_PLUGIN_IDENT=${ident} ISLA_PLUGIN_NAME="${name}"
                                               ISLA_PLUGIN_KINDS=${bits})
  set_target_properties(${target} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
endfunction()

# isla_plugin_module(<target> <name> KIND <kinds>... [SOURCES <files>...]): a
# MODULE named <name>.so with the generated isla_plugin_entry; link the
# plugin's code into it, or name it in SOURCES.
function(isla_plugin_module target name)
  cmake_parse_arguments(MODULE "" "" "KIND;SOURCES" ${ARGN})
  string(MAKE_C_IDENTIFIER "${name}" ident)
  set(ISLA_PLUGIN_IDENT ${ident})
  set(entry "${CMAKE_CURRENT_BINARY_DIR}/${ident}_plugin_entry.cpp")
  configure_file("${ISLA_PLUGIN_ENTRY_TEMPLATE}" "${entry}" @ONLY)
  add_library(${target} MODULE "${entry}" ${MODULE_SOURCES})
  isla_plugin_compile_settings(${target} "${name}" ${MODULE_KIND})
  set_target_properties(${target} PROPERTIES PREFIX "" OUTPUT_NAME "${name}")
endfunction()
