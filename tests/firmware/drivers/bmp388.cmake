# The BMP388 barometer driver against a hand-worked compensation vector and the register-level
# chip model.
navigator_add_test(test_bmp388 SOURCES ${CMAKE_CURRENT_LIST_DIR}/bmp388_test.cpp LIBS navigator_chips)
