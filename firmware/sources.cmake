# The firmware's portable source files (core, link, MAVLink codec), written once: the host build
# (firmware/core, firmware/link) and the STM32 cross build (firmware/hal/stm32f4) both
# include this file. Paths are relative to the repository root.
set(NAVIGATOR_FC_CORE_SOURCES
  firmware/core/allocation.c
  firmware/core/board_status.c
  firmware/core/control.c
  firmware/core/estimator.c
  firmware/core/events.c
  firmware/core/fc_cal_ellipsoid.c
  firmware/core/fc_cal_fit.c
  firmware/core/fc_cal_mag.c
  firmware/core/fc_calibration.c
  firmware/core/fc_motor_test.c
  firmware/core/fc_params.c
  firmware/core/flight.c
  firmware/core/mixer.c
  firmware/core/pilot_input.c
  firmware/core/stage_calibration.c
  firmware/core/stage_estimation.c
  firmware/core/stage_output.c
  firmware/core/stage_safety.c
  firmware/core/stage_setpoints.c
  firmware/core/stage_position.c)
set(NAVIGATOR_FC_LINK_SOURCES
  firmware/link/fc_link.c
  firmware/link/fc_link_calibration.c
  firmware/link/fc_link_motor_test.c
  firmware/link/fc_link_status.c
  firmware/link/param_store.c
  firmware/link/signing_store.c)
set(NAVIGATOR_MAVLINK_SOURCES
  firmware/mavlink/mavlink_codec.c
  firmware/mavlink/mavlink_sha256.c
  firmware/mavlink/mavlink_signing.c)
# The chips' drivers (firmware/drivers): every C file of that folder, for the host library and the
# board image alike.
file(GLOB NAVIGATOR_DRIVER_SOURCES CONFIGURE_DEPENDS RELATIVE ${CMAKE_CURRENT_LIST_DIR}/.. ${CMAKE_CURRENT_LIST_DIR}/drivers/*.c)
