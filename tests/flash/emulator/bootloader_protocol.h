// The STM32F405's ROM bootloader on a USART, as ST's AN3155 describes it, bootloader protocol
// version 3.1 (AN2606 gives V3.1 for the STM32F40xxx/41xxx USART bootloader).
//
// After reset it waits for 0x7F and answers ACK (0x79); other bytes before that are ignored
// (they would only upset the baud-rate detection). Then each command is a byte and its
// complement; a bad complement or an unknown command gets NACK (0x1F). A 0x7F after the sync is
// a command byte like any other (stm32flash relies on that to detect an already synced board).
// Commands: GET 0x00, GET VERSION 0x01, GET ID 0x02, READ MEMORY 0x11, GO 0x21, WRITE MEMORY
// 0x31, EXTENDED ERASE 0x44, WRITE PROTECT 0x63, WRITE UNPROTECT 0x73, READOUT PROTECT 0x82,
// READOUT UNPROTECT 0x92. With read-out protection (RDP level 1) only GET, GET VERSION, GET ID
// and READOUT UNPROTECT are served; the others are NACKed at the command byte (AN3155 table 2).
// WRITE PROTECT, WRITE UNPROTECT, READOUT PROTECT, READOUT UNPROTECT and a WRITE MEMORY to the
// option bytes end with a system reset: the next exchange needs 0x7F again. GO "starts the
// application": the run ends (exit code 0).
//
// Where a disconnect fault cuts each command ("after half of its data"):
//   GET / GET VERSION / GET ID  after half of the reply's bytes after the ACK
//   READ MEMORY                 after half of the data bytes were sent
//   WRITE MEMORY                after half of the N+1 data bytes arrived (nothing of it stored)
//   EXTENDED ERASE              after half of the page-number bytes (a special code: its 1st byte)
//   GO                          after 2 of the 4 address bytes
//   WRITE PROTECT               after half of the sector-code bytes
//   others, and unknown codes   right after the command bytes
//
// Log lines (stdout, one per event): sync, get, get_version, get_id 0x0413, read ADDR LEN,
// write ADDR LEN, erase sectors 0,1,2, erase mass, nack <why>, fault <spec>, go ADDR, rdp on,
// rdp off, write_protect sectors .., write_unprotect, reset, and notes starting with "note".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bootloader_faults.h"
#include "flash_timing.h"
#include "serial_wire.h"
#include "stm32f405_memory.h"

namespace navigator::flash_emu {

inline constexpr uint8_t kAck = 0x79;
inline constexpr uint8_t kNack = 0x1F;
inline constexpr uint8_t kSync = 0x7F;
inline constexpr uint8_t kBootloaderVersion = 0x31;

// Prints one log line to stdout and flushes it.
void logLine(const std::string& line);

class Bootloader {
 public:
  Bootloader(SerialWire& wire, Stm32F405Memory& memory, FaultPlan& faults, uint16_t chip_id, FlashTiming timing)
      : wire_(wire), memory_(memory), faults_(faults), chip_id_(chip_id), times_(FlashTimes::of(timing)) {}

  // Serves the host until the run ends (throws SessionEnd).
  [[noreturn]] void run();

 private:
  void waitForSync();
  // One command: returns true when it ended in a system reset.
  bool serve(uint8_t command);
  void get();
  void getVersion();
  void getId();
  void readMemory(int occurrence);
  void writeMemory(int occurrence, bool& reset);
  void extendedErase();
  void go();
  void writeProtect();
  void writeUnprotect();
  void readoutProtect();
  void readoutUnprotect();

  void ack() { wire_.writeByte(kAck); }
  void nack(const std::string& why);
  // Reads 4 address bytes + XOR checksum; NACKs (and returns false) on a bad checksum.
  // `disconnect_midway`: the disconnect point lies after the 2nd address byte (GO).
  bool readAddress(uint32_t& address, const char* command_name, bool disconnect_midway = false);
  void sendReply(const std::vector<uint8_t>& reply);  // ACK was sent; reply, disconnect point, ACK
  void disconnectPoint();                             // fires an armed disconnect fault
  void erasePause(const std::vector<int>& sectors);

  SerialWire& wire_;
  Stm32F405Memory& memory_;
  FaultPlan& faults_;
  uint16_t chip_id_;
  FlashTimes times_;
  const Fault* armed_disconnect_ = nullptr;
};

}  // namespace navigator::flash_emu
