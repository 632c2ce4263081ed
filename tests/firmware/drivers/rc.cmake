# The radio receivers: the CRSF and SBUS drivers against their protocol documents and the
# receiver models, and the channel mapping to the pilot's sticks.
navigator_add_test(test_crsf SOURCES ${CMAKE_CURRENT_LIST_DIR}/crsf_test.cpp LIBS navigator_chips)
navigator_add_test(test_sbus SOURCES ${CMAKE_CURRENT_LIST_DIR}/sbus_test.cpp LIBS navigator_chips)
navigator_add_test(test_rc_input SOURCES ${CMAKE_CURRENT_LIST_DIR}/rc_input_test.cpp LIBS navigator_chips)
navigator_add_test(test_uart_line SOURCES ${CMAKE_CURRENT_LIST_DIR}/uart_line_test.cpp LIBS navigator_chips)
