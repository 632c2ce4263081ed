#!/usr/bin/env python3
"""Writes an hour of an ArduPilot-shaped DataFlash log for timing the reader (docs/figures.md,
"Flight logs"): IMU from two instances at 400 Hz, ATT and RCOU at 50 Hz, XKF1 from two cores at
25 Hz, FMTU marking the instances; 178 MB, 3.42 M messages. The messages are laid out from
ArduPilot's published format (0xA3 0x95, type, fields packed little-endian; FMT type 128, 89
bytes), independently of log/.

    python3 tests/log/dataflash_hour.py /tmp/hour.bin
    build/bin/navigator-log topics /tmp/hour.bin"""
import struct
import sys


def text(s, n):
    b = s.encode()[:n]
    return b + bytes(n - len(b))


def fmt(type_, length, name, format_, labels):
    return bytes([0xA3, 0x95, 128, type_, length]) + text(name, 4) + text(format_, 16) + text(labels, 64)


def main(path):
    imu = struct.Struct("<3BQBffffffIIfBBHH")     # IMU, 54 bytes
    att = struct.Struct("<3BQhhhhHHHHB")          # ATT, 28
    xkf1 = struct.Struct("<3BQBhhHfffffffhhhi")   # XKF1, 56
    rcou = struct.Struct("<3BQ14H")               # RCOU, 39
    with open(path, "wb") as out:
        out.write(fmt(128, 89, "FMT", "BBnNZ", "Type,Length,Name,Format,Columns"))
        out.write(fmt(35, 44, "FMTU", "QBNN", "TimeUS,FmtType,UnitIds,MultIds"))
        out.write(fmt(30, 28, "ATT", "QccccCCCCB", "TimeUS,DesRoll,Roll,DesPitch,Pitch,DesYaw,Yaw,ErrRP,ErrYaw,AEKF"))
        out.write(fmt(31, 56, "XKF1", "QBccCfffffffccce", "TimeUS,C,Roll,Pitch,Yaw,VN,VE,VD,dPD,PN,PE,PD,GX,GY,GZ,OH"))
        out.write(fmt(32, 54, "IMU", "QBffffffIIfBBHH", "TimeUS,I,GyrX,GyrY,GyrZ,AccX,AccY,AccZ,EG,EA,T,GH,AH,GHz,AHz"))
        out.write(fmt(34, 39, "RCOU", "QHHHHHHHHHHHHHH", "TimeUS,C1,C2,C3,C4,C5,C6,C7,C8,C9,C10,C11,C12,C13,C14"))
        for type_, units in ((31, "s#ddhnnnnmmmkkkm"), (32, "s#EEEooo--O--zz")):
            out.write(bytes([0xA3, 0x95, 35]) + struct.pack("<QB", 0, type_) + text(units, 16) + text("", 16))
        buf = []
        for k in range(3600 * 400):
            t = 1000000 + k * 2500
            for i in range(2):
                buf.append(imu.pack(0xA3, 0x95, 32, t, i, 0.1, 0.2, 0.3, 0.4, 0.5, -9.8, 0, 0, 40.0, 1, 1, 400, 400))
            if k % 8 == 0:
                buf.append(att.pack(0xA3, 0x95, 30, t, 0, 1000, 0, -500, 0, (k // 8) % 36000, 0, 0, 3))
                buf.append(rcou.pack(0xA3, 0x95, 34, t, 1500, 1600, 1700, 1800, *([0] * 10)))
            if k % 16 == 0:
                for core in range(2):
                    buf.append(xkf1.pack(0xA3, 0x95, 31, t, core, 0, 0, 0, 1.0, 2.0, 3.0, 0.0, k * 0.001, 2.0, -10.0,
                                         0, 0, 0, 0))
            if len(buf) > 100000:
                out.write(b"".join(buf))
                buf = []
        out.write(b"".join(buf))


if __name__ == "__main__":
    main(sys.argv[1])
