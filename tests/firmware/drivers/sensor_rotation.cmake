# The mounting rotations against closed forms.
navigator_add_test(test_sensor_rotation SOURCES ${CMAKE_CURRENT_LIST_DIR}/sensor_rotation_test.cpp LIBS navigator_drivers)
