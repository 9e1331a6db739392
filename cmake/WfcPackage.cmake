# wfc's CMake package (docs/cmake.md): `install` puts bin/wfc, the runtime's archives in lib/,
# include/wfc/ and lib/cmake/wfc/ under the prefix, and the build tree is a package too
# (-Dwfc_DIR=<build>). Both export wfc::wfc (the compiler) and wfc::runtime, and provide
# wfc_add_workflow(). Included by the top-level CMakeLists.txt after the targets exist.
include(CMakePackageConfigHelpers)

set(WFC_INSTALL_CMAKEDIR lib/cmake/wfc)  # lib/, as `wfc compile` expects (RuntimeLocation.cpp)

# wfc::runtime is the whole runtime (runtime/CMakeLists.txt); its layers and wfc_common are
# exported beside it, as wfc::runtime_host, wfc::runtime_core, wfc::runtime_support, wfc::common.
set_target_properties(wfc_runtime PROPERTIES EXPORT_NAME runtime)
set_target_properties(wfc_runtime_host PROPERTIES EXPORT_NAME runtime_host)
set_target_properties(wfc_runtime_core PROPERTIES EXPORT_NAME runtime_core)
set_target_properties(wfc_runtime_support PROPERTIES EXPORT_NAME runtime_support)
set_target_properties(wfc_common PROPERTIES EXPORT_NAME common)
# The headers and the generated code are C++20; consumers compile against them.
target_compile_features(wfc_runtime INTERFACE cxx_std_20)

# The packages whose targets the runtime links. A static library's private dependencies are
# link dependencies of whoever links it, so the package config finds all of them. Derived from
# what the runtime really links, so a new dependency cannot be forgotten: an unknown imported
# target stops the configure here.
set(WFC_PACKAGE_DEPENDENCIES "")
_wfc_link_closure(wfc_runtime _wfc_runtime_links)
foreach(_wfc_link IN LISTS _wfc_runtime_links)
  if(_wfc_link STREQUAL "nlohmann_json::nlohmann_json")
    list(APPEND WFC_PACKAGE_DEPENDENCIES "nlohmann_json 3.10")
  elseif(_wfc_link STREQUAL "Threads::Threads")
    list(APPEND WFC_PACKAGE_DEPENDENCIES "Threads")
  elseif(_wfc_link MATCHES "^yaml-cpp(::yaml-cpp)?$")
    list(APPEND WFC_PACKAGE_DEPENDENCIES "yaml-cpp")
  elseif(_wfc_link MATCHES "^CURL::")
    list(APPEND WFC_PACKAGE_DEPENDENCIES "CURL")
  elseif(_wfc_link STREQUAL "PkgConfig::WFC_RE2")
    list(APPEND WFC_PACKAGE_DEPENDENCIES "RE2")
  elseif(_wfc_link MATCHES "^SQLite::")
    list(APPEND WFC_PACKAGE_DEPENDENCIES "SQLite3")
  elseif(TARGET "${_wfc_link}")
    get_target_property(_wfc_imported "${_wfc_link}" IMPORTED)
    if(_wfc_imported)
      message(FATAL_ERROR "wfc_runtime links '${_wfc_link}': say which package provides it in "
                          "cmake/WfcPackage.cmake, so that wfcConfig.cmake finds it for consumers")
    endif()
  endif()
endforeach()
list(REMOVE_DUPLICATES WFC_PACKAGE_DEPENDENCIES)
set(WFC_FIND_DEPENDENCIES "")
foreach(_wfc_dependency IN LISTS WFC_PACKAGE_DEPENDENCIES)
  if(_wfc_dependency STREQUAL "RE2")  # pkg-config only (Debian ships no CMake package for it)
    string(APPEND WFC_FIND_DEPENDENCIES "find_dependency(PkgConfig)\n"
                                        "pkg_check_modules(WFC_RE2 REQUIRED IMPORTED_TARGET GLOBAL re2)\n")
  else()
    string(APPEND WFC_FIND_DEPENDENCIES "find_dependency(${_wfc_dependency})\n")
  endif()
endforeach()

# Installed package.
install(EXPORT wfcTargets NAMESPACE wfc:: DESTINATION ${WFC_INSTALL_CMAKEDIR} FILE wfcTargets.cmake)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/wfcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/install/wfcConfig.cmake
  INSTALL_DESTINATION ${WFC_INSTALL_CMAKEDIR})
# SameMajorVersion: find_package(wfc 0.1) accepts 0.1 and any later 0.x, not 1.0. The version
# of the generated code and of the runtime always match (both come from this one package).
write_basic_package_version_file(${PROJECT_BINARY_DIR}/wfcConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/install/wfcConfig.cmake
  ${PROJECT_BINARY_DIR}/wfcConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/WfcAddWorkflow.cmake
  DESTINATION ${WFC_INSTALL_CMAKEDIR})

# wfc's own source, which `wfc deploy` copies into a container's build context (docs/deploy.md):
# the parts compiler/driver/SourceTree.cpp lists, what a build without tests, examples and the
# benchmark reads.
install(FILES ${PROJECT_SOURCE_DIR}/CMakeLists.txt DESTINATION share/wfc/source)
install(FILES ${PROJECT_SOURCE_DIR}/bench/CMakeLists.txt DESTINATION share/wfc/source/bench)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/cmake ${PROJECT_SOURCE_DIR}/common ${PROJECT_SOURCE_DIR}/compiler ${PROJECT_SOURCE_DIR}/include
                  ${PROJECT_SOURCE_DIR}/runtime DESTINATION share/wfc/source)

# The build tree as a package: the same config next to a build-tree export, so that
# -Dwfc_DIR=<build> uses this build's wfc and runtime without installing.
export(EXPORT wfcTargets NAMESPACE wfc:: FILE ${PROJECT_BINARY_DIR}/wfcTargets.cmake)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/wfcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/wfcConfig.cmake
  INSTALL_DESTINATION ${PROJECT_BINARY_DIR}
  INSTALL_PREFIX ${PROJECT_BINARY_DIR})
configure_file(${PROJECT_SOURCE_DIR}/cmake/WfcAddWorkflow.cmake ${PROJECT_BINARY_DIR}/WfcAddWorkflow.cmake COPYONLY)
