# The battery monitor (ADC voltage and current) against the divider + ADC model.
navigator_add_test(test_battery SOURCES ${CMAKE_CURRENT_LIST_DIR}/battery_test.cpp LIBS navigator_chips)
