# navigator_export_headers(TARGET [DIRS folder...] [FILES glob...]): the include root TARGET
# gives to itself and to whoever links it — and nothing more.
#
# Every header is included by its path from the repository root ("sim/world/contact.h"), but
# no target puts the whole repository on the include path. Each target gets its own root,
# ${CMAKE_BINARY_DIR}/include/TARGET, holding symbolic links to its own folders (DIRS) or
# files (FILES, globbed, for a folder whose subfolders are other targets). A file can thus
# only include the headers of its own target and of the targets it links: an arrow that
# the layer table forbids is a missing link, and the compiler stops at the #include. (The
# layering test, tests/architecture, checks the same arrows by reading the sources.)
function(navigator_export_headers target)
  cmake_parse_arguments(ARG "" "" "DIRS;FILES" ${ARGN})
  set(root ${CMAKE_BINARY_DIR}/include/${target})
  file(REMOVE_RECURSE ${root})  # a header moved away must not linger as a stale link
  set(links ${ARG_DIRS})
  foreach(pattern IN LISTS ARG_FILES)
    file(GLOB matched CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/${pattern})
    list(APPEND links ${matched})
  endforeach()
  foreach(path IN LISTS links)
    if(NOT EXISTS ${PROJECT_SOURCE_DIR}/${path})
      message(FATAL_ERROR "navigator_export_headers(${target}): ${path} does not exist")
    endif()
    get_filename_component(parent ${root}/${path} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${path} ${root}/${path} SYMBOLIC)
  endforeach()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE ${root})
  elseif(type STREQUAL "EXECUTABLE")
    target_include_directories(${target} PRIVATE ${root})
  else()
    target_include_directories(${target} PUBLIC ${root})
  endif()
endfunction()

# navigator_plain_cpp(TARGET...): targets without Qt skip Qt's code generators (qt_standard_project_setup
# turns AUTOMOC on for every target), which would scan their headers and compile an empty file each.
function(navigator_plain_cpp)
  set_target_properties(${ARGN} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
endfunction()
