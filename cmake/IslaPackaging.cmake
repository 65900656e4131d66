# The Debian packages, made in the build tree by `cpack -G DEB` (README.md,
# "Three ways in"): isla-tool (the command, its libraries, the shipped
# plugins and their index, the enum table, schemas, viewer and example
# islands) and isla-tool-dev (the SDK: headers, the libraries' link names
# and the CMake package that `find_package(IslaTool)` reads). Installed
# below /usr, the tool finds its plugins and data relative to itself, as
# from any prefix. The Python package is not in them: pip builds it against
# an installed isla-tool-dev (python/README.md).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME isla-tool)
set(CPACK_PACKAGE_VENDOR "isla-tool developers")
set(CPACK_PACKAGE_CONTACT "isla-tool developers <isla-tool@localhost>")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")

# CPack puts a summary of its own above each description unless the summary
# is its default: each package's description starts with its own synopsis.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_NAME} built using CMake")
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL tool sdk)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

set(CPACK_DEBIAN_TOOL_PACKAGE_NAME isla-tool)
set(CPACK_DEBIAN_TOOL_DESCRIPTION [[
ISLA blueprint toolkit
Reads ISLA procedural-island blueprints (.dat), validates them and compiles
layouts of them into Terrain World v1 packages, 3D Tiles, glTF, OBJ and PNG
through exporter plugins loaded at run time.]])
# The Debian libraries the command and plugins link, found by
# dpkg-shlibdeps; libzip is opened only when a viewer bundle is read, by its
# soname, so no tool finds it: it is named here.
set(CPACK_DEBIAN_TOOL_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS
  "${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_LIBDIR}")
string(REGEX REPLACE "^libzip\\.so\\.([0-9]+)$" "libzip\\1" isla_libzip_package "${ISLA_LIBZIP_SONAME}")
set(CPACK_DEBIAN_TOOL_PACKAGE_DEPENDS "${isla_libzip_package}")

set(CPACK_DEBIAN_SDK_PACKAGE_NAME isla-tool-dev)
set(CPACK_DEBIAN_SDK_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_SDK_DESCRIPTION [[
ISLA blueprint toolkit: plugin SDK
Headers and the CMake package (find_package(IslaTool), isla_add_plugin) to
build isla-tool plugins and programs against the installed libraries.]])
# What the installed headers and CMake package need: Boost's headers and
# Boost.JSON (the kernel's public types), and Boost.Test for a plugin's
# TESTS; a compiler and CMake to use them.
set(CPACK_DEBIAN_SDK_PACKAGE_DEPENDS
  "isla-tool (= ${PROJECT_VERSION}), libboost1.81-dev, libboost-json1.81-dev")
set(CPACK_DEBIAN_SDK_PACKAGE_RECOMMENDS "cmake (>= 3.25), g++, libboost-test1.81-dev")
include(CPack)
# The folder is a container build's context for the Containerfile's stage
# "packaged", which needs the packages and not cpack's staging copies.
file(WRITE "${CPACK_PACKAGE_DIRECTORY}/.containerignore" "_CPack_Packages\n")
