#!/usr/bin/env python3
"""Writes ArduPilot DataFlash seeds into corpus/ulog_reader/ (the reader fuzz target reads both
formats: ULogFile tells them apart by the first bytes).

Each file is a whole DataFlash log built here from ArduPilot's published format ("Log file
format"; the format characters of libraries/AP_Logger/LogStructure.h), independently of log/:
messages are 0xA3 0x95, a type byte and the fields packed little-endian; FMT (type 128, 89
bytes) is type, length (the whole message), name[4], format[16], labels[64]. The seeds hold every
format character, FMTU with an instance field, PARM, MSG, a message without TimeUS, TimeMS, and
the broken cases: a cut, a corrupt stretch, a zero-length FMT, an unknown format character.

Output is deterministic. Run from this folder:
    python3 make_dataflash_corpus.py"""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "ulog_reader")

SIZES = {"a": 64, "b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "f": 4, "d": 8, "n": 4, "N": 16,
         "Z": 64, "c": 2, "C": 2, "e": 4, "E": 4, "L": 4, "M": 1, "q": 8, "Q": 8}
PACK = {"b": "b", "B": "B", "h": "h", "H": "H", "i": "i", "I": "I", "f": "f", "d": "d", "c": "h", "C": "H",
        "e": "i", "E": "I", "L": "i", "M": "B", "q": "q", "Q": "Q"}


def text(s, n):
    b = s.encode()[:n]
    return b + bytes(n - len(b))


def fmt(type_, length, name, format_, labels):
    return bytes([0xA3, 0x95, 128, type_, length]) + text(name, 4) + text(format_, 16) + text(labels, 64)


def length_of(format_):
    return 3 + sum(SIZES[c] for c in format_)


def message(type_, format_, values):
    out = bytes([0xA3, 0x95, type_])
    for c, v in zip(format_, values):
        if c in "nNZ":
            out += text(v, SIZES[c])
        elif c == "a":
            out += struct.pack("<32h", *v)
        else:
            out += struct.pack("<" + PACK[c], v)
    return out


TYPES = {
    "FMT": (128, "BBnNZ", "Type,Length,Name,Format,Columns"),
    "TYPS": (10, "QbBhHiIfdqMcCeEL", "TimeUS,b,B,h,H,i,I,f,d,q,M,c,C,e,E,L"),
    "STRS": (11, "QnNZa", "TimeUS,Four,Sixteen,SixtyFour,Arr"),
    "PARM": (12, "QNff", "TimeUS,Name,Value,Default"),
    "MSG": (13, "QZ", "TimeUS,Message"),
    "FMTU": (14, "QBNN", "TimeUS,FmtType,UnitIds,MultIds"),
    "IMU": (15, "QBff", "TimeUS,I,GyrX,AccX"),
    "UNTM": (16, "Bh", "Seq,Val"),
    "OLDT": (17, "Ih", "TimeMS,Val"),
}


def definitions():
    out = b""
    for name, (type_, format_, labels) in TYPES.items():
        out += fmt(type_, length_of(format_), name, format_, labels)
    return out


def put(name, *values):
    type_, format_, _ = TYPES[name]
    return message(type_, format_, values)


def sample():
    out = definitions()
    out += put("UNTM", 1, -5)
    out += put("FMTU", 1000, TYPES["IMU"][0], "s#Eo", "F-00")
    out += put("PARM", 2000, "ATC_RAT_RLL_P", 0.135, 0.135)
    out += put("TYPS", 10000, -7, 250, -30000, 65000, -2000000000, 4000000000, 1.5, -2.25, -(1 << 40), 5, -1234,
               65535, -123456789, 4000000000, -353632621)
    for k in range(4):
        out += put("IMU", 10000 + 2500 * k, k % 2, 0.25 * k, -9.75)
    out += put("STRS", 12000, "ABCD", "sixteen chars ok", "x" * 64, list(range(-16, 16)))
    out += put("MSG", 15000, "ArduCopter V4.5.7 (2a3dc4b7)")
    out += put("UNTM", 2, 7)
    out += put("OLDT", 16, 3)
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    good = sample()
    seeds = {
        "dataflash_sample": good,
        "dataflash_cut": good[: len(good) - 7],
        "dataflash_corrupt": good[:700] + bytes([0x00, 0xA3, 0x95, 99, 0xA3, 0x95, 15]) + bytes(20) + good[700:],
        "dataflash_zero_length_fmt": definitions() + fmt(20, 0, "ZERO", "Q", "TimeUS")
        + bytes([0xA3, 0x95, 20]) + struct.pack("<Q", 5) + put("IMU", 300, 0, 3.0, 4.0),
        "dataflash_unknown_character": definitions() + fmt(21, 12, "BADC", "QX", "TimeUS,Foo")
        + bytes([0xA3, 0x95, 21]) + bytes(9) + put("IMU", 400, 1, 3.0, 4.0),
    }
    for name, data in seeds.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
