#include "bootloader_protocol.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>

namespace navigator::flash_emu {

namespace {

constexpr uint8_t kGet = 0x00, kGetVersion = 0x01, kGetId = 0x02, kReadMemory = 0x11, kGo = 0x21, kWriteMemory = 0x31,
                  kExtendedErase = 0x44, kWriteProtect = 0x63, kWriteUnprotect = 0x73, kReadoutProtect = 0x82,
                  kReadoutUnprotect = 0x92;
// GET's list, in AN3155's order (bootloader v3.1 on the STM32F40xxx/41xxx: EXTENDED ERASE 0x44,
// not ERASE 0x43; AN3155 note: a bootloader has one or the other).
constexpr uint8_t kCommands[] = {
    kGet,          kGetVersion,     kGetId,          kReadMemory,      kGo, kWriteMemory, kExtendedErase,
    kWriteProtect, kWriteUnprotect, kReadoutProtect, kReadoutUnprotect};

const char* commandName(uint8_t command) {
  switch (command) {
    case kGet:
      return "GET";
    case kGetVersion:
      return "GET VERSION";
    case kGetId:
      return "GET ID";
    case kReadMemory:
      return "READ MEMORY";
    case kGo:
      return "GO";
    case kWriteMemory:
      return "WRITE MEMORY";
    case kExtendedErase:
      return "EXTENDED ERASE";
    case kWriteProtect:
      return "WRITE PROTECT";
    case kWriteUnprotect:
      return "WRITE UNPROTECT";
    case kReadoutProtect:
      return "READOUT PROTECT";
    case kReadoutUnprotect:
      return "READOUT UNPROTECT";
    default:
      return nullptr;
  }
}

std::string format(const char* pattern, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* pattern, ...) {
  char text[512];
  va_list args;
  va_start(args, pattern);
  std::vsnprintf(text, sizeof text, pattern, args);
  va_end(args);
  return text;
}

std::string sectorList(const std::vector<int>& sectors) {
  std::string text;
  for (int s : sectors) text += (text.empty() ? "" : ",") + std::to_string(s);
  return text;
}

uint8_t xorOf(const std::vector<uint8_t>& bytes, uint8_t start) {
  for (uint8_t b : bytes) start ^= b;
  return start;
}

}  // namespace

void logLine(const std::string& line) {
  std::fputs((line + "\n").c_str(), stdout);
  std::fflush(stdout);
}

void Bootloader::run() {
  while (true) {
    waitForSync();
    while (true) {
      const uint8_t command = wire_.readByte();
      const uint8_t complement = wire_.readByte();
      if (complement != static_cast<uint8_t>(command ^ 0xFF)) {
        nack(format("command byte 0x%02X with complement 0x%02X (expected 0x%02X)", command, complement,
                    command ^ 0xFF));
        continue;
      }
      if (serve(command)) break;
    }
    logLine("reset");
    if (memory_.rdp() == kRdpLevel2) {
      logLine("note rdp level 2: boot from system memory is disabled, the bootloader never answers again");
      wire_.discardForever();
    }
  }
}

void Bootloader::waitForSync() {
  while (true) {
    const uint8_t byte = wire_.readByte();
    if (byte == kSync) break;
    logLine(format("note ignored 0x%02X before the 0x7F sync byte", byte));
  }
  ack();
  logLine("sync");
}

void Bootloader::nack(const std::string& why) {
  logLine("nack " + why);
  wire_.writeByte(kNack);
}

void Bootloader::disconnectPoint() {
  if (!armed_disconnect_) return;
  logLine("fault " + armed_disconnect_->spec);
  armed_disconnect_ = nullptr;
  wire_.close();
  throw SessionEnd{3, "disconnect"};
}

bool Bootloader::serve(uint8_t command) {
  const int occurrence = faults_.countCommand(command);
  if (const Fault* f = faults_.take(FaultKind::Deaf, command, occurrence)) {
    logLine("fault " + f->spec);
    wire_.discardForever();
  }
  if (const Fault* f = faults_.take(FaultKind::Silence, command, occurrence)) {
    logLine("fault " + f->spec);
    return false;
  }
  if (const Fault* f = faults_.take(FaultKind::Nack, command, occurrence)) {
    logLine("fault " + f->spec);
    wire_.writeByte(kNack);
    return false;
  }
  armed_disconnect_ = faults_.take(FaultKind::Disconnect, command, occurrence);
  const char* name = commandName(command);
  if (!name) {
    disconnectPoint();
    nack(format("unknown command 0x%02X", command));
    return false;
  }
  const bool allowed_under_rdp =
      command == kGet || command == kGetVersion || command == kGetId || command == kReadoutUnprotect;
  if (memory_.readProtected() && !allowed_under_rdp) {
    disconnectPoint();
    nack(format("%s (0x%02X) refused: read-out protection is active (RDP level 1)", name, command));
    return false;
  }
  bool reset = false;
  switch (command) {
    case kGet:
      get();
      break;
    case kGetVersion:
      getVersion();
      break;
    case kGetId:
      getId();
      break;
    case kReadMemory:
      readMemory(occurrence);
      break;
    case kGo:
      go();
      break;
    case kWriteMemory:
      writeMemory(occurrence, reset);
      break;
    case kExtendedErase:
      extendedErase();
      break;
    case kWriteProtect:
      writeProtect();
      reset = true;
      break;
    case kWriteUnprotect:
      writeUnprotect();
      reset = true;
      break;
    case kReadoutProtect:
      readoutProtect();
      reset = true;
      break;
    case kReadoutUnprotect:
      readoutUnprotect();
      reset = true;
      break;
    default:
      break;
  }
  armed_disconnect_ = nullptr;
  return reset;
}

void Bootloader::sendReply(const std::vector<uint8_t>& reply) {
  const size_t half = reply.size() / 2;
  wire_.write(std::span<const uint8_t>(reply.data(), half));
  disconnectPoint();
  wire_.write(std::span<const uint8_t>(reply.data() + half, reply.size() - half));
  ack();
}

void Bootloader::get() {
  ack();
  logLine("get");
  std::vector<uint8_t> reply{static_cast<uint8_t>(sizeof kCommands), kBootloaderVersion};
  reply.insert(reply.end(), std::begin(kCommands), std::end(kCommands));
  sendReply(reply);
}

void Bootloader::getVersion() {
  ack();
  logLine("get_version");
  // AN3155: the version, then two option bytes that are 0x00 for compatibility.
  sendReply({kBootloaderVersion, 0x00, 0x00});
}

void Bootloader::getId() {
  ack();
  logLine(format("get_id 0x%04X", chip_id_));
  sendReply({0x01, static_cast<uint8_t>(chip_id_ >> 8), static_cast<uint8_t>(chip_id_ & 0xFF)});
}

bool Bootloader::readAddress(uint32_t& address, const char* command_name, bool disconnect_midway) {
  std::vector<uint8_t> bytes(4);
  for (size_t i = 0; i < 4; ++i) {
    if (i == 2 && disconnect_midway) disconnectPoint();
    bytes[i] = wire_.readByte();
  }
  const uint8_t checksum = wire_.readByte();
  address = static_cast<uint32_t>(bytes[0]) << 24 | static_cast<uint32_t>(bytes[1]) << 16 |
            static_cast<uint32_t>(bytes[2]) << 8 | bytes[3];
  if (checksum != xorOf(bytes, 0)) {
    nack(format("%s address 0x%08X: checksum 0x%02X, expected 0x%02X (XOR of the 4 address bytes)", command_name,
                address, checksum, xorOf(bytes, 0)));
    return false;
  }
  return true;
}

void Bootloader::readMemory(int occurrence) {
  ack();
  uint32_t address = 0;
  if (!readAddress(address, "READ MEMORY")) return;
  if (!memory_.readable(address, 1)) {
    nack(format("READ MEMORY address 0x%08X is outside the readable memory", address));
    return;
  }
  ack();
  const uint8_t n = wire_.readByte();
  const uint8_t complement = wire_.readByte();
  if (complement != static_cast<uint8_t>(n ^ 0xFF)) {
    nack(format("READ MEMORY length byte 0x%02X with complement 0x%02X (expected 0x%02X)", n, complement, n ^ 0xFF));
    return;
  }
  const uint32_t length = n + 1u;
  if (!memory_.readable(address, length)) {
    nack(format("READ MEMORY of %u bytes at 0x%08X runs past the end of its memory region", length, address));
    return;
  }
  ack();
  std::vector<uint8_t> data = memory_.read(address, length);
  logLine(format("read 0x%08X %u", address, length));
  if (const Fault* f = faults_.take(FaultKind::CorruptRead, kReadMemory, occurrence)) {
    const size_t offset = 17 % length;
    data[offset] ^= 0x5A;
    logLine("fault " + f->spec);
    logLine(format("note sent 0x%02X for the byte at 0x%08X (holds 0x%02X)", data[offset],
                   address + static_cast<uint32_t>(offset), data[offset] ^ 0x5A));
  }
  const size_t half = data.size() / 2;
  wire_.write(std::span<const uint8_t>(data.data(), half));
  disconnectPoint();
  wire_.write(std::span<const uint8_t>(data.data() + half, data.size() - half));
}

void Bootloader::writeMemory(int occurrence, bool& reset) {
  ack();
  uint32_t address = 0;
  if (!readAddress(address, "WRITE MEMORY")) return;
  if (const std::string refusal = memory_.writeRefusal(address); !refusal.empty()) {
    nack("WRITE MEMORY: " + refusal);
    return;
  }
  ack();
  const uint8_t n = wire_.readByte();
  const uint32_t length = n + 1u;
  std::vector<uint8_t> data(length);
  for (uint32_t i = 0; i < length; ++i) {
    if (i == length / 2) disconnectPoint();
    data[i] = wire_.readByte();
  }
  const uint8_t checksum = wire_.readByte();
  if (checksum != xorOf(data, n)) {
    nack(format("WRITE MEMORY of %u bytes at 0x%08X: checksum 0x%02X, expected 0x%02X (XOR of N and the data)", length,
                address, checksum, xorOf(data, n)));
    return;
  }
  const auto region = memory_.regionOf(address, length);
  if (const Fault* f = faults_.take(FaultKind::CorruptWrite, kWriteMemory, occurrence)) {
    // One byte changed, within what programming allows: only bits the cell still holds at 1.
    const size_t offset = 17 % length;
    const uint8_t cell = memory_.read(address + static_cast<uint32_t>(offset), 1)[0];
    const bool bits_clear_only = region == RegionKind::Flash || region == RegionKind::Otp;
    const uint8_t wanted = data[offset];
    data[offset] = static_cast<uint8_t>((wanted ^ 0x5A) & (bits_clear_only ? cell : 0xFF));
    logLine("fault " + f->spec);
    logLine(format("note stored 0x%02X instead of 0x%02X at 0x%08X", data[offset], wanted,
                   address + static_cast<uint32_t>(offset)));
  }
  const uint8_t rdp_before = memory_.rdp();
  const MemoryResult result = memory_.write(address, data);
  wire_.sleepFor(times_.word_program * result.programmed_words);
  if (!result.ok()) {
    nack("WRITE MEMORY: " + result.error);
    return;
  }
  if (!result.skipped_write_protected_sectors.empty())
    logLine("note write-protected sectors " + sectorList(result.skipped_write_protected_sectors) +
            " not programmed (AN3155: no error is returned)");
  logLine(format("write 0x%08X %u", address, length));
  if (region == RegionKind::OptionBytes) {
    // AN3155: after an option-byte write the bootloader resets to load them.
    if (memory_.rdp() != rdp_before) logLine(memory_.readProtected() ? "rdp on" : "rdp off");
    reset = true;
  }
  ack();
}

void Bootloader::erasePause(const std::vector<int>& sectors) {
  std::chrono::microseconds total{0};
  for (int s : sectors)
    if (s >= 0 && s < kSectorCount) total += times_.sectorErase(flashSectors()[static_cast<size_t>(s)].size_bytes);
  wire_.sleepFor(total);
}

void Bootloader::extendedErase() {
  ack();
  const uint8_t high = wire_.readByte();
  if (high == 0xFF) disconnectPoint();  // a special code (or an absurd page count >= 0xFF00)
  const uint8_t low = wire_.readByte();
  const uint16_t n = static_cast<uint16_t>(high << 8 | low);
  if (n >= 0xFFF0) {
    const uint8_t checksum = wire_.readByte();
    if (checksum != static_cast<uint8_t>(high ^ low)) {
      nack(format("EXTENDED ERASE code 0x%04X: checksum 0x%02X, expected 0x%02X", n, checksum, high ^ low));
      return;
    }
    if (n == 0xFFFE || n == 0xFFFD) {
      nack(format("EXTENDED ERASE bank %d erase (0x%04X): the STM32F405's flash is a single bank (RM0090)",
                  n == 0xFFFE ? 1 : 2, n));
      return;
    }
    if (n != 0xFFFF) {
      nack(format("EXTENDED ERASE code 0x%04X is reserved (AN3155: 0xFFF0-0xFFFC)", n));
      return;
    }
    const MemoryResult result = memory_.massErase();
    if (!result.skipped_write_protected_sectors.empty()) {
      logLine("note mass erase not performed: sectors " + sectorList(result.skipped_write_protected_sectors) +
              " are write-protected (RM0090 3.6.4; AN3155: no error is returned)");
    } else {
      wire_.sleepFor(times_.mass_erase);
      logLine("erase mass");
    }
    ack();
    return;
  }
  const uint32_t count = n + 1u;
  std::vector<uint8_t> bytes(2 * count);
  for (uint32_t i = 0; i < bytes.size(); ++i) {
    if (i == bytes.size() / 2) disconnectPoint();
    bytes[i] = wire_.readByte();
  }
  const uint8_t checksum = wire_.readByte();
  const uint8_t expected = xorOf(bytes, static_cast<uint8_t>(high ^ low));
  if (checksum != expected) {
    nack(format("EXTENDED ERASE of %u pages: checksum 0x%02X, expected 0x%02X (XOR of N and the page numbers)", count,
                checksum, expected));
    return;
  }
  std::vector<int> sectors;
  for (uint32_t i = 0; i < count; ++i) sectors.push_back(bytes[2 * i] << 8 | bytes[2 * i + 1]);
  const MemoryResult result = memory_.eraseSectors(sectors);
  if (!result.ok()) {
    nack("EXTENDED ERASE: " + result.error);
    return;
  }
  std::vector<int> erased;
  for (int s : sectors) {
    bool skipped = false;
    for (int w : result.skipped_write_protected_sectors) skipped = skipped || w == s;
    if (!skipped) erased.push_back(s);
  }
  erasePause(erased);
  if (!result.skipped_write_protected_sectors.empty())
    logLine("note write-protected sectors " + sectorList(result.skipped_write_protected_sectors) +
            " not erased (AN3155: no error is returned)");
  logLine("erase sectors " + sectorList(sectors));
  ack();
}

void Bootloader::go() {
  ack();
  uint32_t address = 0;
  if (!readAddress(address, "GO", true)) return;
  const auto region = memory_.regionOf(address, 1);
  if (region != RegionKind::Flash && region != RegionKind::Sram) {
    nack(format("GO address 0x%08X is neither flash nor SRAM", address));
    return;
  }
  ack();
  logLine(format("go 0x%08X", address));
  throw SessionEnd{0, "go"};
}

void Bootloader::writeProtect() {
  ack();
  const uint8_t n = wire_.readByte();
  std::vector<uint8_t> codes(n + 1u);
  for (size_t i = 0; i < codes.size(); ++i) {
    if (i == codes.size() / 2) disconnectPoint();
    codes[i] = wire_.readByte();
  }
  const uint8_t checksum = wire_.readByte();
  if (checksum != xorOf(codes, n)) {
    nack(format("WRITE PROTECT of %zu sectors: checksum 0x%02X, expected 0x%02X", codes.size(), checksum,
                xorOf(codes, n)));
    return;
  }
  std::vector<int> sectors;
  for (uint8_t code : codes) {
    if (code >= kSectorCount) {
      nack(format("WRITE PROTECT: sector %u does not exist (the STM32F405 has sectors 0-11)", code));
      return;
    }
    sectors.push_back(code);
  }
  for (int s : sectors) memory_.setWriteProtected(s, true);
  logLine("write_protect sectors " + sectorList(sectors));
  ack();
}

void Bootloader::writeUnprotect() {
  ack();
  disconnectPoint();
  for (int s = 0; s < kSectorCount; ++s) memory_.setWriteProtected(s, false);
  logLine("write_unprotect");
  ack();
}

void Bootloader::readoutProtect() {
  ack();
  disconnectPoint();
  memory_.setRdp(kRdpLevel1Set);
  logLine("rdp on");
  ack();
}

void Bootloader::readoutUnprotect() {
  ack();
  disconnectPoint();
  // RM0090 3.6.3: going from level 1 to level 0 mass-erases the flash, whatever the write
  // protection; at level 0 the option bytes are only rewritten.
  if (memory_.readProtected()) {
    std::span<uint8_t> flash = memory_.flashMutable();
    std::fill(flash.begin(), flash.end(), 0xFF);
    wire_.sleepFor(times_.mass_erase);
    logLine("erase mass");
  }
  memory_.setRdp(kRdpLevel0);
  logLine("rdp off");
  ack();
}

}  // namespace navigator::flash_emu
