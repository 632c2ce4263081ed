# The u-blox GNSS receiver: UBX framing, checksum and NAV-PVT decoding against hand-worked frames,
# and the driver's search, configuration and health against the receiver model and its wire.
navigator_add_test(test_ublox_parser SOURCES ${CMAKE_CURRENT_LIST_DIR}/ublox_parser_test.cpp LIBS navigator_chips)
navigator_add_test(test_ublox SOURCES ${CMAKE_CURRENT_LIST_DIR}/ublox_test.cpp LIBS navigator_chips)
