# The loadable module of one isla-tool plugin: shared by the shipped plugins,
# the test plugins and (installed with IslaToolConfig.cmake) third-party
# plugins built against an installed isla-tool.
set(ISLA_PLUGIN_ENTRY_TEMPLATE "${CMAKE_CURRENT_LIST_DIR}/plugin_entry.cpp.in")

# What every compile of plugin <name>'s code needs: the name the ISLA_PLUGIN
# macro uses, and hidden visibility (only the entry symbol is exported).
function(isla_plugin_compile_settings target name)
  string(MAKE_C_IDENTIFIER "${name}" ident)
  target_compile_definitions(${target} PRIVATE ISLA_PLUGIN_IDENT=${ident} ISLA_PLUGIN_NAME="${name}")
  set_target_properties(${target} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
endfunction()

# isla_plugin_module(<target> <name> [sources...]): a MODULE named <name>.so
# with the generated isla_plugin_entry; link the plugin's code into it.
function(isla_plugin_module target name)
  string(MAKE_C_IDENTIFIER "${name}" ident)
  set(ISLA_PLUGIN_IDENT ${ident})
  set(entry "${CMAKE_CURRENT_BINARY_DIR}/${ident}_plugin_entry.cpp")
  configure_file("${ISLA_PLUGIN_ENTRY_TEMPLATE}" "${entry}" @ONLY)
  add_library(${target} MODULE "${entry}" ${ARGN})
  isla_plugin_compile_settings(${target} "${name}")
  set_target_properties(${target} PROPERTIES PREFIX "" OUTPUT_NAME "${name}")
endfunction()
