// Injected faults of the emulated bootloader (`--fault SPEC`, repeatable). Each fires once, on
// the Nth (1-based) occurrence of a command code, counted over the whole run (every command pair
// with a good complement counts, whatever its outcome):
//   nack:CMD:N        the Nth CMD gets NACK instead of its first ACK
//   silence:CMD:N     the Nth CMD's command bytes get no answer; the next command works
//   deaf:CMD:N        from the Nth CMD on nothing is ever answered (a hung board)
//   disconnect:CMD:N  during the Nth CMD, once half of its data has passed (see
//                     bootloader_protocol.h), the port is closed, the flash saved, exit code 3;
//                     the host's end stays open (socat holds the pair): it sees the board fall
//                     silent, as when a board loses power behind a USB-serial adapter
//   corrupt-write:N   the Nth WRITE MEMORY (0x31) stores one byte changed and still ACKs
//   corrupt-read:N    the Nth READ MEMORY (0x11) sends one byte changed (the memory is right)
// CMD is hex (0x31) or decimal; N >= 1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace navigator::flash_emu {

enum class FaultKind { Nack, Silence, Deaf, Disconnect, CorruptWrite, CorruptRead };

struct Fault {
  FaultKind kind;
  uint8_t command;
  int occurrence;    // 1-based
  std::string spec;  // as given, for the log
  bool fired = false;
};

// Parses one spec; on failure returns nothing and sets `error` to a message naming the spec.
std::optional<Fault> parseFault(const std::string& spec, std::string& error);

// Counts command occurrences and says which fault (if any) fires now.
class FaultPlan {
 public:
  void add(Fault fault) { faults_.push_back(std::move(fault)); }
  // Call once per command pair with a good complement; returns its 1-based occurrence.
  int countCommand(uint8_t command);
  // The not yet fired fault of `kind` for this occurrence of `command`; marks it fired.
  const Fault* take(FaultKind kind, uint8_t command, int occurrence);

 private:
  std::vector<Fault> faults_;
  int counts_[256] = {};
};

}  // namespace navigator::flash_emu
