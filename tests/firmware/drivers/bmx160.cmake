# The BMX160 driver with its BMM150 against the register-level chip model, and the BMM150
# compensation against a hand-worked vector and the model's inverse.
navigator_add_test(test_bmx160 SOURCES ${CMAKE_CURRENT_LIST_DIR}/bmx160_test.cpp LIBS navigator_chips)
navigator_add_test(test_bmx160_bmm150 SOURCES ${CMAKE_CURRENT_LIST_DIR}/bmx160_bmm150_test.cpp LIBS navigator_chips)
