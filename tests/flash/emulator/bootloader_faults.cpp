#include "bootloader_faults.h"

#include <cerrno>
#include <cstdlib>

namespace navigator::flash_emu {

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

// A whole-string unsigned number (0x.. hex or decimal) within [min, max].
std::optional<long> number(const std::string& text, long min, long max) {
  if (text.empty() || text[0] == '-' || text[0] == '+') return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 0);
  if (errno != 0 || end == text.c_str() || *end != '\0' || value < min || value > max) return std::nullopt;
  return value;
}

}  // namespace

std::optional<Fault> parseFault(const std::string& spec, std::string& error) {
  const std::vector<std::string> parts = split(spec, ':');
  const std::string& kind = parts[0];
  const bool per_command = kind == "nack" || kind == "silence" || kind == "deaf" || kind == "disconnect";
  const bool per_transfer = kind == "corrupt-write" || kind == "corrupt-read";
  if (!per_command && !per_transfer) {
    error = "--fault '" + spec + "': unknown kind '" + kind +
            "' (known: nack, silence, deaf, disconnect, corrupt-write, corrupt-read)";
    return std::nullopt;
  }
  const size_t expected_parts = per_command ? 3 : 2;
  if (parts.size() != expected_parts) {
    error = "--fault '" + spec + "': expected " +
            (per_command ? kind + ":CMD:N (e.g. " + kind + ":0x31:2)" : kind + ":N (e.g. " + kind + ":3)");
    return std::nullopt;
  }
  Fault fault{FaultKind::Nack, 0, 0, spec};
  if (per_command) {
    const auto command = number(parts[1], 0, 255);
    if (!command) {
      error = "--fault '" + spec + "': command '" + parts[1] + "' is not a byte (0x00-0xFF)";
      return std::nullopt;
    }
    fault.command = static_cast<uint8_t>(*command);
    fault.kind = kind == "nack"      ? FaultKind::Nack
                 : kind == "silence" ? FaultKind::Silence
                 : kind == "deaf"    ? FaultKind::Deaf
                                     : FaultKind::Disconnect;
  } else {
    fault.kind = kind == "corrupt-write" ? FaultKind::CorruptWrite : FaultKind::CorruptRead;
    fault.command = kind == "corrupt-write" ? 0x31 : 0x11;
  }
  const std::string& occurrence_text = parts.back();
  const auto occurrence = number(occurrence_text, 1, 1'000'000'000);
  if (!occurrence) {
    error = "--fault '" + spec + "': occurrence '" + occurrence_text + "' is not a whole number >= 1";
    return std::nullopt;
  }
  fault.occurrence = static_cast<int>(*occurrence);
  return fault;
}

int FaultPlan::countCommand(uint8_t command) { return ++counts_[command]; }

const Fault* FaultPlan::take(FaultKind kind, uint8_t command, int occurrence) {
  for (Fault& fault : faults_) {
    if (!fault.fired && fault.kind == kind && fault.command == command && fault.occurrence == occurrence) {
      fault.fired = true;
      return &fault;
    }
  }
  return nullptr;
}

}  // namespace navigator::flash_emu
