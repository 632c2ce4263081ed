#!/usr/bin/env python3
"""Seeds for fuzz_flasher_answers (tests/fuzz/flasher_answers_fuzz.cpp), recorded from the real
programs rather than written by hand: what the STM32 bootloader emulator answered navigator-flash
over a pair of pseudo-terminals (socat -x shows both directions) when flashing the harness's
600-byte image with each option set, and what the dfu-util stand-in printed for a listing, a
download, a missing device and a device without access. Byte 0 is the reader (0 UART, 1
dfu-util); for UART, byte 1 is the options byte the harness decodes. Needs socat. Run:
    tests/fuzz/make_flasher_corpus.py build/bin tests/fuzz/corpus/flasher_answers"""
import os
import re
import subprocess
import sys
import tempfile
import time

bin_dir, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
work = tempfile.mkdtemp(prefix="flasher_corpus_")
image = os.path.join(work, "fuzz.bin")
with open(image, "wb") as f:  # the harness's image: byte i is i*7+3, 600 bytes at 0x08000000
    f.write(bytes((i * 7 + 3) & 0xFF for i in range(600)))

# Option bits of the harness: 1 any chip, 2 unprotect, 4 mass erase, 8 verify only, 16 start,
# retries in bits 5-6.
START, RETRIES3 = 16, 3 << 5
UART_RUNS = {
    "uart_flash": ([], [], START | RETRIES3),
    "uart_no_start": (["--no-start"], [], RETRIES3),
    "uart_verify_only": (["--verify-only"], [], 8 | START | RETRIES3),
    "uart_mass_erase": (["--mass-erase"], [], 4 | START | RETRIES3),
    "uart_other_chip": (["--any-chip"], ["--chip-id", "0x419"], 1 | START | RETRIES3),
    "uart_unprotect": (["--unprotect"], ["--rdp"], 2 | START | RETRIES3),
    "uart_protected_refused": ([], ["--rdp"], START | RETRIES3),
}


def board_answers(flash_args, emulator_args):
    """The bytes the emulated bootloader sent during one navigator-flash run."""
    a, b = os.path.join(work, "flasher_port"), os.path.join(work, "board_port")
    log = os.path.join(work, "socat.log")
    socat = subprocess.Popen(["socat", "-x", "PTY,link=%s,raw,echo=0" % a, "PTY,link=%s,raw,echo=0" % b],
                             stderr=open(log, "w"))
    while not (os.path.exists(a) and os.path.exists(b)):
        time.sleep(0.05)
    board = subprocess.Popen([os.path.join(bin_dir, "stm32_bootloader_emulator"), "--port", b] + emulator_args,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    subprocess.run([os.path.join(bin_dir, "navigator-flash")] + flash_args + [a, image],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    time.sleep(0.3)
    board.terminate()
    socat.terminate()
    board.wait()
    socat.wait()
    answers, direction = bytearray(), None
    for line in open(log):
        if line.startswith(("<", ">")):
            direction = line[0]
        elif direction == "<" and re.fullmatch(r"\s*([0-9a-f]{2}\s*)+", line):
            answers += bytes.fromhex(line)
    return bytes(answers)


for name, (flash_args, emulator_args, options) in UART_RUNS.items():
    answers = board_answers(flash_args, emulator_args)
    assert answers.startswith(b"\x79"), name  # the ACK to 0x7F
    with open(os.path.join(out, name), "wb") as f:
        f.write(bytes([0, options]) + answers)

standin = os.path.join(bin_dir, "dfu_util_standin")
DFU_RUNS = {
    "dfu_list": (["-l"], {}),
    "dfu_download": (["-d", "0483:df11", "-a", "0", "-s", "0x08000000:leave", "-D", image], {}),
    "dfu_no_access": (["-l"], {"DFU_STANDIN_NO_ACCESS": "1"}),
    "dfu_missing": (["-l"], {"DFU_STANDIN_DIR": os.path.join(work, "nothing")}),
}
for name, (args, env) in DFU_RUNS.items():
    environment = dict(os.environ, DFU_STANDIN_DIR=work)
    environment.update(env)
    run = subprocess.run([standin] + args, capture_output=True, env=environment, timeout=60)
    with open(os.path.join(out, name), "wb") as f:
        f.write(bytes([1]) + run.stderr + run.stdout)
print("wrote %d seeds to %s" % (len(UART_RUNS) + len(DFU_RUNS), out))
