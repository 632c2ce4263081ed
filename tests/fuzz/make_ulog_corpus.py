#!/usr/bin/env python3
"""Writes the seed corpus of the ULog reader fuzz target into corpus/ulog_reader/.

Each file is one fuzz input: a whole ULog file. The small logs are built here from PX4's
published specification ("ULog File Format", docs.px4.io), independently of log: header,
FLAG_BITS, FORMAT (nested formats, trailing padding, char arrays), INFO, INFO_MULTIPLE,
PARAMETER, PARAMETER_DEFAULT, ADD_LOGGED_MSG, DATA, LOGGING, LOGGING_TAGGED, SYNC, DROPOUT,
REMOVE_LOGGED_MSG. Two more are the first bytes of PX4's sample logs (pyulog's test files,
BSD-3-Clause, PX4 Pro Drone Autopilot), cut below 64 KiB so the fuzzer's inputs stay small.

Output is deterministic. Run from this folder:
    python3 make_ulog_corpus.py [PX4_LOG_DIR]    (default tests/data/px4-ulog)"""
import os
import struct
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "ulog_reader")
PX4 = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "px4-ulog")

SYNC = bytes([0x2F, 0x73, 0x13, 0x20, 0x25, 0x0C, 0xBB, 0x12])


def msg(kind, payload):
    return struct.pack("<HB", len(payload), ord(kind)) + payload


def header(t_us):
    return bytes([0x55, 0x4C, 0x6F, 0x67, 0x01, 0x12, 0x35, 0x01]) + struct.pack("<Q", t_us)


def flag_bits(incompat0=0, appended=(0, 0, 0)):
    return msg("B", bytes(8) + bytes([incompat0]) + bytes(7) + struct.pack("<3Q", *appended))


def key_value(kind, key, value, prefix=b""):
    k = key.encode()
    return msg(kind, prefix + bytes([len(k)]) + k + value)


def definitions():
    d = flag_bits()
    d += msg("F", b"esc_report:uint32_t esc_rpm;float esc_voltage;uint8_t esc_state;uint8_t[3] _padding0;")
    d += msg("F", b"esc_status:uint64_t timestamp;uint8_t esc_count;esc_report[2] esc;")
    d += msg("F", b"sensor_combined:uint64_t timestamp;float[3] gyro_rad;int32_t accelerometer_timestamp_relative;"
                  b"float[3] accelerometer_m_s2;uint8_t gyro_clipping;uint8_t[7] _padding0;")
    d += msg("F", b"label:uint64_t timestamp;char[10] text;bool on;double x;")
    d += key_value("I", "char[9] sys_name", b"Navigator")
    d += key_value("I", "uint64_t navigator_seed", struct.pack("<Q", 0xF00DFACEC0FFEE01))
    d += key_value("M", "char[6] boot_console_output", b"hello ", prefix=b"\x00")
    d += key_value("M", "char[5] boot_console_output", b"world", prefix=b"\x01")
    d += key_value("P", "float MC_ROLLRATE_P", struct.pack("<f", 0.15))
    d += key_value("P", "int32_t SYS_AUTOSTART", struct.pack("<i", 4001))
    d += key_value("Q", "float MC_ROLLRATE_P", struct.pack("<f", 0.15), prefix=b"\x01")
    return d


def data(msg_id, body):
    return msg("D", struct.pack("<H", msg_id) + body)


def sensor_combined(t, k):
    # The trailing _padding0 (7 bytes) is not logged: the payload is the 37 bytes before it.
    return struct.pack("<Q3fi3fB", t, 0.1 * k, -0.2, 0.3, -4, 0.0, 0.0, -9.81, k & 1)


def esc_status(t, k):
    report = lambda r: struct.pack("<IfB", 1000 * r + k, 12.5, r) + bytes(3)
    return struct.pack("<QB", t, 2) + report(1) + report(2)


def label(t, text):
    return struct.pack("<Q", t) + text.ljust(10, b"\0") + struct.pack("<?d", True, -1.5)


def tiny():
    b = header(1000) + definitions()
    b += msg("A", struct.pack("<BH", 0, 0) + b"sensor_combined")
    b += msg("A", struct.pack("<BH", 0, 1) + b"esc_status")
    b += msg("A", struct.pack("<BH", 1, 2) + b"sensor_combined")
    b += msg("A", struct.pack("<BH", 0, 3) + b"label")
    for k in range(6):
        t = 2000 + 1000 * k
        b += data(0, sensor_combined(t, k))
        b += data(2, sensor_combined(t + 1, k))
        if k % 2 == 0:
            b += data(1, esc_status(t, k))
        if k == 2:
            b += msg("L", b"6" + struct.pack("<Q", t) + b"[commander] Takeoff detected")
            b += msg("S", SYNC)
            b += msg("O", struct.pack("<H", 40))
        if k == 4:
            b += msg("C", b"4" + struct.pack("<HQ", 7, t) + b"tagged warning")
            b += key_value("P", "float MC_ROLLRATE_P", struct.pack("<f", 0.2))
            b += msg("S", SYNC)
    b += msg("R", struct.pack("<H", 2))
    b += data(3, label(9000, b"a \"b\", c"))
    return b


def write(name, content):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(content)


def main():
    os.makedirs(OUT, exist_ok=True)
    t = tiny()
    write("tiny", t)
    # Cut 9 bytes into the last sensor_combined message of the instance-0 topic.
    write("tiny_cut", t[: t.rfind(struct.pack("<HBH", 39, ord("D"), 0)) + 9])
    # A corrupt stretch from the header of the last sensor_combined message before the first
    # SYNC: the reader skips to that SYNC.
    corrupt = bytearray(t)
    at = t.rfind(struct.pack("<HBH", 39, ord("D"), 0), 0, t.find(SYNC))
    corrupt[at:at + 16] = b"\xff" * 16
    write("tiny_corrupt", bytes(corrupt))
    # Data appended after a first close: FLAG_BITS DATA_APPENDED and the offset it starts at.
    first = header(1000) + flag_bits(1, (0, 0, 0)) + definitions()[len(flag_bits()):]
    first += msg("A", struct.pack("<BH", 0, 0) + b"sensor_combined") + data(0, sensor_combined(2000, 0))
    torn = data(0, sensor_combined(3000, 1))[:11]
    appended_at = len(first) + len(torn)
    first = header(1000) + flag_bits(1, (appended_at, 0, 0)) + first[16 + len(flag_bits()):]
    write("appended", first + torn + data(0, sensor_combined(4000, 2)))
    # The finding in tests/fuzz/README.md: a topic named like a word of another format's error.
    words = header(0) + msg("F", b"has:uint64_t timestamp;float v;") + msg("A", struct.pack("<BH", 0, 0) + b"has")
    words += data(0, struct.pack("<Qf", 1000, 1.5)) + msg("F", b"x:uint64_t timestamp;nope y;")
    write("regress_format_named_like_a_word", words + data(0, struct.pack("<Qf", 2000, 2.5)))
    for name, source in (("px4_small_prefix", "sample_log_small.ulg"), ("px4_events_prefix", "sample_px4_events.ulg")):
        path = os.path.join(PX4, source)
        if os.path.exists(path):
            with open(path, "rb") as f:
                # sample_log_small's data starts at 62512; sample_px4_events' definitions alone
                # are 85 KiB, so its prefix is definitions only, cut inside a FORMAT.
                write(name, f.read(65000))
        else:
            sys.stderr.write("make_ulog_corpus.py: no %s, %s left out\n" % (path, name))


if __name__ == "__main__":
    main()
