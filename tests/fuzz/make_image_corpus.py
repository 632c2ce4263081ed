#!/usr/bin/env python3
"""Writes the seed corpus of the firmware image fuzz target into corpus/firmware_image/.

Each file is one fuzz input: a control byte (bit 0 clear: Intel HEX, set: ELF; see the comment
at the top of firmware_image_fuzz.cpp), then the file. The files are built here from the format
specifications, independently of the C++ parser: Intel HEX records with the two's-complement
checksum, ELF32 little-endian ARM executables laid out by the System V gABI (52-byte header,
32-byte program headers, segment bytes).

Output is deterministic. Run from this folder:  python3 make_image_corpus.py"""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "firmware_image")


def record(rtype, offset, data=b""):
    body = bytes([len(data), offset >> 8, offset & 0xFF, rtype]) + data
    return ":" + (body + bytes([(-sum(body)) & 0xFF])).hex().upper() + "\n"


def elf(segments):
    """segments: (p_type, vaddr, paddr, file bytes, memsz or None)."""
    phoff = 52
    data_at = phoff + 32 * len(segments)
    header = b"\x7fELF" + bytes([1, 1, 1]) + bytes(9)
    header += struct.pack("<HHIIIIIHHHHHH", 2, 40, 1, segments[0][1], phoff, 0, 0x05000400,
                          52, 32, len(segments), 40, 0, 0)
    table, blob = b"", b""
    for ptype, vaddr, paddr, data, memsz in segments:
        table += struct.pack("<IIIIIIII", ptype, data_at + len(blob), vaddr, paddr, len(data),
                             memsz if memsz is not None else len(data), 5, 4)
        blob += data
    return header + table + blob


def counting(n, first=0):
    return bytes((first + i) & 0xFF for i in range(n))


SEEDS = {
    # 32 counting bytes and DE AD BE EF at 0x08000000 (04 record), 55 AA at 0x08010000, a start
    # linear address, end of file.
    "hex_linear": b"\x00" + (record(4, 0, b"\x08\x00") + record(0, 0x0000, counting(16)) +
                             record(0, 0x0010, counting(16, 0x10)) +
                             record(0, 0x0020, b"\xde\xad\xbe\xef") + record(4, 0, b"\x08\x01") +
                             record(0, 0, b"\x55\xaa") + record(5, 0, b"\x08\x00\x00\xed") +
                             record(1, 0)).encode(),
    # Segment addressing (02), a record wrapping at the 64 KiB offset, a start segment address.
    "hex_segment": b"\x00" + (record(2, 0, b"\x12\x00") + record(0, 0x0010, b"\x01\x02\x03") +
                              record(2, 0, b"\x10\x00") + record(0, 0xFFFE, b"\xaa\xbb\xcc\xdd") +
                              record(3, 0, b"\x00\x00\x38\x00") + record(1, 0)).encode(),
    # CRLF line ends, lowercase digits, records out of address order.
    "hex_crlf_unordered": b"\x00" + (record(4, 0, b"\x08\x00") + record(0, 0x0010, counting(16, 0x10)) +
                                     record(0, 0x0000, counting(16)) +
                                     record(1, 0)).lower().replace("\n", "\r\n").encode(),
    # .text at 0x08000000, .data run at 0x20000000 but loaded after .text, .bss (no file bytes),
    # and a PT_ARM_EXIDX repeating part of .text.
    "elf_firmware": b"\x01" + elf([(1, 0x08000000, 0x08000000, counting(64), None),
                                   (0x70000001, 0x08000038, 0x08000038, counting(8, 0x38), None),
                                   (1, 0x20000000, 0x08000040, counting(8, 0xA0), 32),
                                   (1, 0x20000020, 0x20000020, b"", 256)]),
    # Two segments, program headers out of address order, a gap between them.
    "elf_two_segments": b"\x01" + elf([(1, 0x08020000, 0x08020000, b"\x11\x22", None),
                                       (1, 0x08000000, 0x08000000, b"\x33", None)]),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, data in sorted(SEEDS.items()):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
