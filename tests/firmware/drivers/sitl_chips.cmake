# vayu_sitl --sensors chips with --chip-fault: each chip model's fault through the firmware's
# drivers, the flight core and its link (STATUSTEXT, SYS_STATUS), on a clock the test drives.
navigator_add_test(test_sitl_chip_faults SOURCES ${CMAKE_CURRENT_LIST_DIR}/sitl_chip_faults_test.cpp
                   LIBS navigator_sitl_chips navigator_link)
