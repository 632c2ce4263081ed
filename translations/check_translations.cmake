# Runs lupdate over the sources into a copy of TS_FILE and fails when the copy holds a string
# without a German translation, or a translation whose source string is gone.
file(GLOB_RECURSE sources ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/app/*.h
                          ${SOURCE_DIR}/widgets/*.cpp ${SOURCE_DIR}/widgets/*.h)
get_filename_component(name ${TS_FILE} NAME)
set(copy ${WORK_DIR}/check_${name})
file(COPY_FILE ${TS_FILE} ${copy})
execute_process(COMMAND ${LUPDATE} -locations none -I ${SOURCE_DIR} ${sources} -ts ${copy}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${rc}): ${err}")
endif()
file(READ ${copy} ts)
string(REGEX MATCHALL "<source>[^<]*</source>[ \n]*<translation type=\"unfinished\"" unfinished "${ts}")
string(REGEX MATCHALL "<source>[^<]*</source>[ \n]*<translation type=\"(vanished|obsolete)\"" stale "${ts}")
list(LENGTH unfinished n_unfinished)
list(LENGTH stale n_stale)
if(n_unfinished GREATER 0 OR n_stale GREATER 0)
  message(FATAL_ERROR "${name}: ${n_unfinished} untranslated and ${n_stale} stale strings "
                      "(run: cmake --build build --target update_translations, then translate):\n"
                      "${unfinished}\n${stale}")
endif()
message(STATUS "${name}: every string translated")
