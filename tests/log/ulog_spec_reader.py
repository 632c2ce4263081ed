#!/usr/bin/env python3
"""An independent ULog reader, written from PX4's published specification ("ULog File Format",
docs.px4.io/main/en/dev_log/ulog_file_format), standard library only. The tests of log read
every log Navigator writes with it and compare; it shares no code or table with log.

What the specification says and this reader does:
  header     16 bytes: magic 55 4c 6f 67 01 12 35, uint8 version, uint64 timestamp [us]
  messages   uint16 msg_size (payload bytes, header excluded), uint8 msg_type, payload;
             little-endian throughout
  'B' FLAG_BITS        uint8 compat_flags[8], uint8 incompat_flags[8], uint64 appended_offsets[3];
                       an incompat bit other than bit 0 of byte 0 (DATA_APPENDED): refuse the file
  'F' FORMAT           "name:type field;type[n] field;..."; a type is a base type or another
                       format's name (nested); fields named _padding* are not values, and
                       trailing ones are not logged (the DATA payload is shorter by them)
  'I' INFO, 'P' PARAMETER   uint8 key_len, key "type name", value (the rest)
  'M' INFO_MULTIPLE    uint8 is_continued, then as INFO; continued parts join the previous
  'Q' PARAMETER_DEFAULT     uint8 default_types, then as INFO
  'A' ADD_LOGGED_MSG   uint8 multi_id, uint16 msg_id, name
  'R' REMOVE_LOGGED_MSG uint16 msg_id
  'D' DATA             uint16 msg_id, the topic's fields
  'L' LOGGING          uint8 log_level ('0'..'7'), uint64 timestamp, text
  'C' LOGGING_TAGGED   uint8 log_level, uint16 tag, uint64 timestamp, text
  'S' SYNC             uint8 magic[8] = 2F 73 13 20 25 0C BB 12
  'O' DROPOUT          uint16 duration [ms]
  an unknown msg_type is skipped by its size (the specification: parsers must ignore unknown
  messages); a file that ends inside a message keeps every message before it.

Usage:
  ulog_spec_reader.py FILE [--values TOPIC]... [--limit N] [--messages]
    --values TOPIC   every field of TOPIC's messages (each instance), decoded
    --limit N        at most the first N messages of each such topic
    --messages       every message: [offset, type, size] (+ msg_id for DATA and ADD_LOGGED_MSG)
Prints one JSON object (read() builds it; NaN and infinities as the strings "nan", "inf", "-inf"). Exit 0; 1 when the file cannot be read as ULog (the
JSON then has "error" and "offset"); 2 on usage.
"""

import json
import math
import struct
import sys

MAGIC = bytes([0x55, 0x4C, 0x6F, 0x67, 0x01, 0x12, 0x35])
SYNC_MAGIC = bytes([0x2F, 0x73, 0x13, 0x20, 0x25, 0x0C, 0xBB, 0x12])

# Base types: struct code and size, from the specification's table.
BASE = {
    "int8_t": ("b", 1), "uint8_t": ("B", 1), "int16_t": ("h", 2), "uint16_t": ("H", 2),
    "int32_t": ("i", 4), "uint32_t": ("I", 4), "int64_t": ("q", 8), "uint64_t": ("Q", 8),
    "float": ("f", 4), "double": ("d", 8), "bool": ("?", 1), "char": ("c", 1),
}


class NotULog(Exception):
    def __init__(self, offset, what):
        super().__init__(what)
        self.offset = offset
        self.what = what


def split_type(text):
    """'float[3]' -> ('float', 3); 'float' -> ('float', 0)."""
    if text.endswith("]") and "[" in text:
        base, count = text[:-1].split("[", 1)
        return base, int(count)
    return text, 0


def parse_format(text):
    name, _, rest = text.partition(":")
    fields = []
    for item in rest.split(";"):
        if not item:
            continue
        type_text, _, field_name = item.partition(" ")
        base, count = split_type(type_text)
        fields.append((base, count, field_name))
    return name, fields


class Formats:
    def __init__(self):
        self.text = {}  # name -> [(type, count, field)]

    def size(self, name, stack=()):
        if name in BASE:
            return BASE[name][1]
        if name in stack or name not in self.text:
            raise KeyError(name)
        return sum(self.size(t, stack + (name,)) * (n if n else 1) for t, n, _ in self.text[name])

    def logged_size(self, name):
        """The full size less the trailing padding fields, which a writer leaves out."""
        fields = list(self.text[name])
        while fields and fields[-1][2].startswith("_padding"):
            fields.pop()
        return sum(self.size(t) * (n if n else 1) for t, n, _ in fields)

    def decode(self, name, payload, at=0, prefix="", out=None):
        """Every value of message `name` in `payload` from `at`: {path: value}; a char array is
        one string (up to its first NUL), padding left out."""
        if out is None:
            out = {}
        for base, count, field in self.text[name]:
            width = self.size(base)
            total = width * (count if count else 1)
            if field.startswith("_padding"):
                at += total
                continue
            if base == "char" and count:
                raw = payload[at:at + count]
                out[prefix + field] = text(raw.split(b"\0", 1)[0])
            elif base in BASE:
                code = BASE[base][0]
                for i in range(count if count else 1):
                    path = prefix + field + ("[%d]" % i if count else "")
                    (value,) = struct.unpack_from("<" + code, payload, at + i * width)
                    if code == "c":
                        value = value[0]
                    elif code == "?":
                        value = 1 if value else 0
                    out[path] = finite_or_text(value)
            else:
                for i in range(count if count else 1):
                    path = prefix + field + ("[%d]" % i if count else "")
                    self.decode(base, payload, at + i * width, path + ".", out)
            at += total
        return out


def text(raw):
    """A string's bytes as text: UTF-8 where they are, a byte that is not as \\xNN."""
    return raw.decode("utf-8", "backslashreplace")


def finite_or_text(value):
    """JSON has no NaN or infinity: those are written "nan", "inf", "-inf"."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    return value


def key_value(payload, skip):
    key_len = payload[skip]
    if skip + 1 + key_len > len(payload):
        raise ValueError("key runs past the message")
    key = payload[skip + 1:skip + 1 + key_len].decode("latin-1")
    value = payload[skip + 1 + key_len:]
    type_text, _, name = key.partition(" ")
    return type_text, name, value


def value_of(type_text, raw):
    base, count = split_type(type_text)
    if base == "char":
        return text(raw)
    if base in BASE and not count and len(raw) >= BASE[base][1]:
        (v,) = struct.unpack_from("<" + BASE[base][0], raw, 0)
        return (1 if v else 0) if base == "bool" else finite_or_text(v)
    return raw.hex()


def read(data, value_topics=(), limit=None, keep_messages=False):
    if len(data) < 16:
        raise NotULog(0, "%d bytes, fewer than the 16-byte header" % len(data))
    if data[:7] != MAGIC:
        raise NotULog(0, "the magic bytes are not 55 4c 6f 67 01 12 35")
    version = data[7]
    (start_us,) = struct.unpack_from("<Q", data, 8)

    formats = Formats()
    info, info_multiple, params, default_params = {}, {}, [], []
    subs = {}  # msg_id -> topic record
    topics = []
    logged, dropouts, unknown, messages, problems = [], [], [], [], []
    appended = []
    last_timestamp = 0
    pos = 16
    cut_at = None
    n = len(data)
    while pos < n:
        if n - pos < 3:
            cut_at = pos
            break
        size, kind_byte = struct.unpack_from("<HB", data, pos)
        end = pos + 3 + size
        # Data appended after the log was first closed starts at the offsets FLAG_BITS gives; a
        # message of the first part that runs into it was cut when the writer stopped.
        if appended and pos < appended[0] < end:
            pos = appended.pop(0)
            continue
        if appended and pos >= appended[0]:
            appended.pop(0)
        if end > n:
            cut_at = pos
            break
        kind = chr(kind_byte)
        p = data[pos + 3:end]
        if keep_messages:
            entry = [pos, kind, size]
            if kind == "D" and size >= 2:
                entry.append(struct.unpack_from("<H", p, 0)[0])
            elif kind == "A" and size >= 3:
                entry.append(struct.unpack_from("<H", p, 1)[0])
            messages.append(entry)
        if kind == "B":
            incompat = p[8:16]
            if incompat[0] & ~0x01 or any(incompat[1:]):
                raise NotULog(pos, "unknown incompat flag bits %s" % incompat.hex())
            if incompat[0] & 0x01:
                appended = sorted(o for o in struct.unpack_from("<3Q", p, 16) if o > 0)
        elif kind == "F":
            name, fields = parse_format(p.decode("latin-1"))
            formats.text[name] = fields
        elif kind in "IMPQ":
            skip = 1 if kind in "MQ" else 0
            type_text, name, raw = key_value(p, skip)
            value = value_of(type_text, raw)
            if kind == "I":
                info[name] = {"type": type_text, "value": value}
            elif kind == "M":
                # Kept as hex bytes: a continued part joins the previous one byte for byte.
                parts = info_multiple.setdefault(name, [])
                if p[0] and parts:
                    parts[-1] += raw.hex()
                else:
                    parts.append(raw.hex())
            elif kind == "P":
                params.append({"name": name, "type": type_text, "value": value})
            else:
                default_params.append({"name": name, "type": type_text, "value": value, "default_types": p[0]})
        elif kind == "A":
            multi_id = p[0]
            (msg_id,) = struct.unpack_from("<H", p, 1)
            name = text(p[3:])
            record = {"name": name, "multi_id": multi_id, "msg_id": msg_id, "count": 0,
                      "first_timestamp": None, "last_timestamp": None}
            if name in value_topics:
                record["values"] = []
            subs[msg_id] = record
            topics.append(record)
        elif kind == "R":
            (msg_id,) = struct.unpack_from("<H", p, 0)
            subs.pop(msg_id, None)
        elif kind == "D":
            (msg_id,) = struct.unpack_from("<H", p, 0)
            record = subs.get(msg_id)
            if record is None:
                problems.append({"offset": pos, "what": "DATA for msg_id %d, not subscribed" % msg_id})
            elif len(p) - 2 < formats.logged_size(record["name"]):
                problems.append({"offset": pos, "what": "DATA of %s shorter than its format" % record["name"]})
            else:
                body = p[2:]
                # The full message, trailing padding (not logged) restored as zeros.
                body = body + bytes(max(0, formats.size(record["name"]) - len(body)))
                (t,) = struct.unpack_from("<Q", body, 0)
                record["count"] += 1
                if record["first_timestamp"] is None:
                    record["first_timestamp"] = t
                record["last_timestamp"] = t
                last_timestamp = max(last_timestamp, t)
                if "values" in record and (limit is None or len(record["values"]) < limit):
                    record["values"].append(formats.decode(record["name"], body))
        elif kind == "L":
            level = p[0]
            (t,) = struct.unpack_from("<Q", p, 1)
            logged.append({"level": level, "timestamp": t, "tag": None, "text": text(p[9:])})
        elif kind == "C":
            level = p[0]
            tag, t = struct.unpack_from("<HQ", p, 1)
            logged.append({"level": level, "timestamp": t, "tag": tag, "text": text(p[11:])})
        elif kind == "S":
            if p[:8] != SYNC_MAGIC:
                problems.append({"offset": pos, "what": "SYNC with a wrong magic"})
        elif kind == "O":
            (duration,) = struct.unpack_from("<H", p, 0)
            dropouts.append({"duration_ms": duration, "offset": pos, "after_timestamp": last_timestamp})
        else:
            unknown.append({"offset": pos, "type": kind_byte, "size": size})
        pos = end

    result = {
        "header": {"version": version, "timestamp": start_us},
        "info": info,
        "info_multiple": info_multiple,
        "params": params,
        "default_params": default_params,
        "formats": {name: [[t, c, f] for t, c, f in fields] for name, fields in formats.text.items()},
        "topics": topics,
        "logged": logged,
        "dropouts": dropouts,
        "unknown_messages": unknown,
        "problems": problems,
        "size": n,
        "end": {"read_to": pos if cut_at is None else cut_at, "cut_at": cut_at},
    }
    if keep_messages:
        result["messages"] = messages
    return result


def main(argv):
    args = argv[1:]
    if not args or args[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    path, value_topics, limit, keep_messages = args[0], [], None, False
    i = 1
    while i < len(args):
        if args[i] == "--values" and i + 1 < len(args):
            value_topics.append(args[i + 1])
            i += 2
        elif args[i] == "--limit" and i + 1 < len(args):
            limit = int(args[i + 1])
            i += 2
        elif args[i] == "--messages":
            keep_messages = True
            i += 1
        else:
            sys.stderr.write("ulog_spec_reader.py: unknown argument %r\n" % args[i])
            return 2
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        json.dump({"error": "%s: %s" % (path, e.strerror), "offset": 0}, sys.stdout)
        return 1
    try:
        result = read(data, value_topics, limit, keep_messages)
    except NotULog as e:
        json.dump({"error": "%s: offset %d: %s" % (path, e.offset, e.what), "offset": e.offset}, sys.stdout)
        return 1
    json.dump(result, sys.stdout, allow_nan=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
