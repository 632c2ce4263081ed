/* The MAVLink messages Navigator speaks, written down once: id, CRC_EXTRA and fields as
 * published in message_definitions/v1.0/common.xml and minimal.xml of the MAVLink project.
 * Every struct, field descriptor and pack/decode function is generated from this table.
 *
 * Fields are listed in WIRE order, the order mavgen puts them in: base fields sorted by the
 * size of their element type, largest first, ties in declaration order; then the extension
 * fields in declaration order. The codec test recomputes each CRC_EXTRA from these names and
 * types and checks it against the published number in the table, and checks the sort, so a
 * field out of place or misspelt fails the test.
 *
 *   M(NAME, name, id, crc_extra, BASE_FIELDS, EXTENSION_FIELDS)
 *   S(type, name) a scalar field; A(type, name, length) an array field.
 * Units are those of common.xml (quoted per message in mavlink_codec.h's typedefs). */
#ifndef NAVIGATOR_MAVLINK_MESSAGE_TABLE_H
#define NAVIGATOR_MAVLINK_MESSAGE_TABLE_H

// clang-format off (a table laid out by hand: one message per block)
#define MAVLINK_MESSAGE_TABLE(M, S, A)                                                                                 \
  M(HEARTBEAT, heartbeat, 0, 50,                                                                                       \
    S(uint32_t, custom_mode) S(uint8_t, type) S(uint8_t, autopilot) S(uint8_t, base_mode) S(uint8_t, system_status)    \
        S(uint8_t, mavlink_version), )                                                                                 \
  M(SYS_STATUS, sys_status, 1, 124,                                                                                    \
    S(uint32_t, onboard_control_sensors_present) S(uint32_t, onboard_control_sensors_enabled)                          \
        S(uint32_t, onboard_control_sensors_health) S(uint16_t, load) S(uint16_t, voltage_battery)                     \
            S(int16_t, current_battery) S(uint16_t, drop_rate_comm) S(uint16_t, errors_comm)                           \
                S(uint16_t, errors_count1) S(uint16_t, errors_count2) S(uint16_t, errors_count3)                       \
                    S(uint16_t, errors_count4) S(int8_t, battery_remaining),                                           \
    S(uint32_t, onboard_control_sensors_present_extended) S(uint32_t, onboard_control_sensors_enabled_extended)        \
        S(uint32_t, onboard_control_sensors_health_extended))                                                          \
  M(SYSTEM_TIME, system_time, 2, 137, S(uint64_t, time_unix_usec) S(uint32_t, time_boot_ms), )                         \
  M(PARAM_REQUEST_READ, param_request_read, 20, 214,                                                                   \
    S(int16_t, param_index) S(uint8_t, target_system) S(uint8_t, target_component) A(char, param_id, 16), )            \
  M(PARAM_REQUEST_LIST, param_request_list, 21, 159, S(uint8_t, target_system) S(uint8_t, target_component), )         \
  M(PARAM_VALUE, param_value, 22, 220,                                                                                 \
    S(float, param_value) S(uint16_t, param_count) S(uint16_t, param_index) A(char, param_id, 16)                      \
        S(uint8_t, param_type), )                                                                                      \
  M(PARAM_SET, param_set, 23, 168,                                                                                     \
    S(float, param_value) S(uint8_t, target_system) S(uint8_t, target_component) A(char, param_id, 16)                 \
        S(uint8_t, param_type), )                                                                                      \
  M(GPS_RAW_INT, gps_raw_int, 24, 24,                                                                                  \
    S(uint64_t, time_usec) S(int32_t, lat) S(int32_t, lon) S(int32_t, alt) S(uint16_t, eph) S(uint16_t, epv)           \
        S(uint16_t, vel) S(uint16_t, cog) S(uint8_t, fix_type) S(uint8_t, satellites_visible),                         \
    S(int32_t, alt_ellipsoid) S(uint32_t, h_acc) S(uint32_t, v_acc) S(uint32_t, vel_acc) S(uint32_t, hdg_acc)          \
        S(uint16_t, yaw))                                                                                              \
  M(ATTITUDE, attitude, 30, 39,                                                                                        \
    S(uint32_t, time_boot_ms) S(float, roll) S(float, pitch) S(float, yaw) S(float, rollspeed) S(float, pitchspeed)    \
        S(float, yawspeed), )                                                                                          \
  M(ATTITUDE_QUATERNION, attitude_quaternion, 31, 246,                                                                 \
    S(uint32_t, time_boot_ms) S(float, q1) S(float, q2) S(float, q3) S(float, q4) S(float, rollspeed)                  \
        S(float, pitchspeed) S(float, yawspeed),                                                                       \
    A(float, repr_offset_q, 4))                                                                                        \
  M(LOCAL_POSITION_NED, local_position_ned, 32, 185,                                                                   \
    S(uint32_t, time_boot_ms) S(float, x) S(float, y) S(float, z) S(float, vx) S(float, vy) S(float, vz), )            \
  M(GLOBAL_POSITION_INT, global_position_int, 33, 104,                                                                 \
    S(uint32_t, time_boot_ms) S(int32_t, lat) S(int32_t, lon) S(int32_t, alt) S(int32_t, relative_alt) S(int16_t, vx)  \
        S(int16_t, vy) S(int16_t, vz) S(uint16_t, hdg), )                                                              \
  M(RC_CHANNELS, rc_channels, 65, 118,                                                                                 \
    S(uint32_t, time_boot_ms) S(uint16_t, chan1_raw) S(uint16_t, chan2_raw) S(uint16_t, chan3_raw)                     \
        S(uint16_t, chan4_raw) S(uint16_t, chan5_raw) S(uint16_t, chan6_raw) S(uint16_t, chan7_raw)                    \
            S(uint16_t, chan8_raw) S(uint16_t, chan9_raw) S(uint16_t, chan10_raw) S(uint16_t, chan11_raw)              \
                S(uint16_t, chan12_raw) S(uint16_t, chan13_raw) S(uint16_t, chan14_raw) S(uint16_t, chan15_raw)        \
                    S(uint16_t, chan16_raw) S(uint16_t, chan17_raw) S(uint16_t, chan18_raw) S(uint8_t, chancount)      \
                        S(uint8_t, rssi), )                                                                            \
  M(REQUEST_DATA_STREAM, request_data_stream, 66, 148,                                                                 \
    S(uint16_t, req_message_rate) S(uint8_t, target_system) S(uint8_t, target_component) S(uint8_t, req_stream_id)     \
        S(uint8_t, start_stop), )                                                                                      \
  M(MANUAL_CONTROL, manual_control, 69, 243,                                                                           \
    S(int16_t, x) S(int16_t, y) S(int16_t, z) S(int16_t, r) S(uint16_t, buttons) S(uint8_t, target),                   \
    S(uint16_t, buttons2) S(uint8_t, enabled_extensions) S(int16_t, s) S(int16_t, t) S(int16_t, aux1) S(int16_t, aux2) \
        S(int16_t, aux3) S(int16_t, aux4) S(int16_t, aux5) S(int16_t, aux6))                                           \
  M(VFR_HUD, vfr_hud, 74, 20,                                                                                          \
    S(float, airspeed) S(float, groundspeed) S(float, alt) S(float, climb) S(int16_t, heading)                         \
        S(uint16_t, throttle), )                                                                                       \
  M(COMMAND_LONG, command_long, 76, 152,                                                                               \
    S(float, param1) S(float, param2) S(float, param3) S(float, param4) S(float, param5) S(float, param6)              \
        S(float, param7) S(uint16_t, command) S(uint8_t, target_system) S(uint8_t, target_component)                   \
            S(uint8_t, confirmation), )                                                                                \
  M(COMMAND_ACK, command_ack, 77, 143, S(uint16_t, command) S(uint8_t, result),                                        \
    S(uint8_t, progress) S(int32_t, result_param2) S(uint8_t, target_system) S(uint8_t, target_component))             \
  M(ATTITUDE_TARGET, attitude_target, 83, 22,                                                                          \
    S(uint32_t, time_boot_ms) A(float, q, 4) S(float, body_roll_rate) S(float, body_pitch_rate)                        \
        S(float, body_yaw_rate) S(float, thrust) S(uint8_t, type_mask),                                                \
    A(float, thrust_body, 3))                                                                                          \
  M(HIL_ACTUATOR_CONTROLS, hil_actuator_controls, 93, 47,                                                              \
    S(uint64_t, time_usec) S(uint64_t, flags) A(float, controls, 16) S(uint8_t, mode), )                               \
  M(HIGHRES_IMU, highres_imu, 105, 93,                                                                                 \
    S(uint64_t, time_usec) S(float, xacc) S(float, yacc) S(float, zacc) S(float, xgyro) S(float, ygyro)                \
        S(float, zgyro) S(float, xmag) S(float, ymag) S(float, zmag) S(float, abs_pressure) S(float, diff_pressure)    \
            S(float, pressure_alt) S(float, temperature) S(uint16_t, fields_updated),                                  \
    S(uint8_t, id))                                                                                                    \
  M(HIL_SENSOR, hil_sensor, 107, 108,                                                                                  \
    S(uint64_t, time_usec) S(float, xacc) S(float, yacc) S(float, zacc) S(float, xgyro) S(float, ygyro)                \
        S(float, zgyro) S(float, xmag) S(float, ymag) S(float, zmag) S(float, abs_pressure) S(float, diff_pressure)    \
            S(float, pressure_alt) S(float, temperature) S(uint32_t, fields_updated),                                  \
    S(uint8_t, id))                                                                                                    \
  M(HIL_GPS, hil_gps, 113, 124,                                                                                        \
    S(uint64_t, time_usec) S(int32_t, lat) S(int32_t, lon) S(int32_t, alt) S(uint16_t, eph) S(uint16_t, epv)           \
        S(uint16_t, vel) S(int16_t, vn) S(int16_t, ve) S(int16_t, vd) S(uint16_t, cog) S(uint8_t, fix_type)            \
            S(uint8_t, satellites_visible),                                                                            \
    S(uint8_t, id) S(uint16_t, yaw))                                                                                   \
  M(HIL_STATE_QUATERNION, hil_state_quaternion, 115, 4,                                                                \
    S(uint64_t, time_usec) A(float, attitude_quaternion, 4) S(float, rollspeed) S(float, pitchspeed) S(                \
        float, yawspeed) S(int32_t, lat) S(int32_t, lon) S(int32_t, alt) S(int16_t, vx) S(int16_t, vy) S(int16_t, vz)  \
        S(uint16_t, ind_airspeed) S(uint16_t, true_airspeed) S(int16_t, xacc) S(int16_t, yacc) S(int16_t, zacc), )     \
  M(FILE_TRANSFER_PROTOCOL, file_transfer_protocol, 110, 84,                                                           \
    S(uint8_t, target_network) S(uint8_t, target_system) S(uint8_t, target_component) A(uint8_t, payload, 251), )      \
  M(LOG_REQUEST_LIST, log_request_list, 117, 128,                                                                      \
    S(uint16_t, start) S(uint16_t, end) S(uint8_t, target_system) S(uint8_t, target_component), )                      \
  M(LOG_ENTRY, log_entry, 118, 56,                                                                                     \
    S(uint32_t, time_utc) S(uint32_t, size) S(uint16_t, id) S(uint16_t, num_logs) S(uint16_t, last_log_num), )         \
  M(LOG_REQUEST_DATA, log_request_data, 119, 116,                                                                      \
    S(uint32_t, ofs) S(uint32_t, count) S(uint16_t, id) S(uint8_t, target_system) S(uint8_t, target_component), )      \
  M(LOG_DATA, log_data, 120, 134, S(uint32_t, ofs) S(uint16_t, id) S(uint8_t, count) A(uint8_t, data, 90), )           \
  M(LOG_ERASE, log_erase, 121, 237, S(uint8_t, target_system) S(uint8_t, target_component), )                          \
  M(LOG_REQUEST_END, log_request_end, 122, 203, S(uint8_t, target_system) S(uint8_t, target_component), )              \
  M(BATTERY_STATUS, battery_status, 147, 154,                                                                          \
    S(int32_t, current_consumed) S(int32_t, energy_consumed) S(int16_t, temperature) A(uint16_t, voltages, 10)         \
        S(int16_t, current_battery) S(uint8_t, id) S(uint8_t, battery_function) S(uint8_t, type)                       \
            S(int8_t, battery_remaining),                                                                              \
    S(int32_t, time_remaining) S(uint8_t, charge_state) A(uint16_t, voltages_ext, 4) S(uint8_t, mode)                  \
        S(uint32_t, fault_bitmask))                                                                                    \
  M(MAG_CAL_PROGRESS, mag_cal_progress, 191, 92,                                                                       \
    S(float, direction_x) S(float, direction_y) S(float, direction_z) S(uint8_t, compass_id) S(uint8_t, cal_mask)      \
        S(uint8_t, cal_status) S(uint8_t, attempt) S(uint8_t, completion_pct) A(uint8_t, completion_mask, 10), )       \
  M(MAG_CAL_REPORT, mag_cal_report, 192, 36,                                                                           \
    S(float, fitness) S(float, ofs_x) S(float, ofs_y) S(float, ofs_z) S(float, diag_x) S(float, diag_y)                \
        S(float, diag_z) S(float, offdiag_x) S(float, offdiag_y) S(float, offdiag_z) S(uint8_t, compass_id)            \
            S(uint8_t, cal_mask) S(uint8_t, cal_status) S(uint8_t, autosaved),                                         \
    S(float, orientation_confidence) S(uint8_t, old_orientation) S(uint8_t, new_orientation) S(float, scale_factor))   \
  M(COMPONENT_METADATA, component_metadata, 397, 182,                                                                  \
    S(uint32_t, time_boot_ms) S(uint32_t, file_crc) A(char, uri, 100), )                                               \
  M(DEBUG_VECT, debug_vect, 250, 49, S(uint64_t, time_usec) S(float, x) S(float, y) S(float, z) A(char, name, 10), )   \
  M(STATUSTEXT, statustext, 253, 83, S(uint8_t, severity) A(char, text, 50), S(uint16_t, id) S(uint8_t, chunk_seq))    \
  M(SETUP_SIGNING, setup_signing, 256, 71,                                                                             \
    S(uint64_t, initial_timestamp) S(uint8_t, target_system) S(uint8_t, target_component)                              \
        A(uint8_t, secret_key, 32), )

// clang-format on
#endif
