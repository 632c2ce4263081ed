#include "flash/dfu_util_output.h"

#include "flash/child_process.h"

#include <cstdio>
#include <cstdlib>

namespace navigator::flash {

namespace {

bool contains(const std::string& text, const char* what) { return text.find(what) != std::string::npos; }

std::string trim(const std::string& text) {
  const size_t b = text.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  const size_t e = text.find_last_not_of(" \t");
  return text.substr(b, e - b + 1);
}

// ---- `dfu-util -l` ---------------------------------------------------------------------------

// The value of `key` (e.g. "devnum=") in `text` up to the next ',' (or the end).
std::string fieldValue(const std::string& text, const std::string& key) {
  size_t at = 0;
  while ((at = text.find(key, at)) != std::string::npos) {
    if (at == 0 || text[at - 1] == ' ' || text[at - 1] == ',') break;
    at += key.size();
  }
  if (at == std::string::npos) return {};
  const size_t begin = at + key.size();
  const size_t end = text.find(',', begin);
  return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

int toInt(const std::string& text, int fallback) {
  if (text.empty()) return fallback;
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  return end != nullptr && *end == '\0' ? static_cast<int>(value) : fallback;
}

std::string unquote(const std::string& text) {
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') return text.substr(1, text.size() - 2);
  return text;
}

std::optional<DfuDevice> parseListLine(const std::string& line) {
  // dfu-util 0.11 (list_dfu_interfaces, its format string):
  // Found %s: [%04x:%04x] ver=%04x, devnum=%u, cfg=%u, intf=%u, path="%s", alt=%u, name="%s", serial="%s"
  // where %s is "DFU" or "Runtime". The name and serial are the device's USB strings and may hold
  // anything, so they are cut at their quotes from the ends.
  DfuDevice device;
  size_t at = 0;
  if (line.rfind("Found DFU: [", 0) == 0) {
    at = 12;
  } else if (line.rfind("Found Runtime: [", 0) == 0) {
    device.dfu_mode = false;
    at = 16;
  } else {
    return std::nullopt;
  }
  const size_t close = line.find(']', at);
  if (close == std::string::npos || close - at != 9 || line[at + 4] != ':') return std::nullopt;
  device.vid_pid = line.substr(at, 9);
  const size_t name_at = line.find("name=\"", close);
  if (name_at == std::string::npos) return std::nullopt;
  const std::string head = line.substr(close + 1, name_at - close - 1);
  const std::string alt = fieldValue(head, "alt=");
  device.alt = toInt(alt, -1);
  if (device.alt < 0) return std::nullopt;
  device.devnum = toInt(fieldValue(head, "devnum="), 0);
  device.path = unquote(fieldValue(head, "path="));
  const std::string tail = line.substr(name_at + 5);  // from the name's opening quote
  const size_t serial_at = tail.rfind("\", serial=\"");
  if (serial_at != std::string::npos) {
    device.name = tail.substr(1, serial_at - 1);
    device.serial = unquote(tail.substr(serial_at + 10));
  } else {
    device.name = unquote(tail);
  }
  return device;
}

// ---- What dfu-util's messages mean ----------------------------------------------------------

// dfu-util could not open the device (libusb's open failed with "Access denied").
const std::vector<const char*> kAccessDenied = {"LIBUSB_ERROR_ACCESS", "Cannot open DFU device"};

const char* kUdevAdvice =
    "this user may not open the USB device: Debian's dfu-util package installs "
    "/lib/udev/rules.d/60-dfu-util.rules, which gives the user logged in at the desktop access to "
    "0483:df11 (TAG+=\"uaccess\"); over ssh or on other systems add a rule such as "
    "ACTION==\"add\", SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"0483\", ATTRS{idProduct}==\"df11\", "
    "MODE=\"664\", GROUP=\"plugdev\" to /etc/udev/rules.d/, join that group, run "
    "`sudo udevadm control --reload` and plug the board in again.";

bool containsAny(const std::string& line, const std::vector<const char*>& needles) {
  for (const char* needle : needles) {
    if (contains(line, needle)) return true;
  }
  return false;
}

}  // namespace

std::vector<DfuDevice> parseDfuList(const std::string& output) {
  std::vector<DfuDevice> devices;
  for (const std::string& line : splitChildOutputLines(output)) {
    if (std::optional<DfuDevice> d = parseListLine(line)) devices.push_back(std::move(*d));
  }
  return devices;
}

std::optional<DfuProgressLine> parseDfuProgressLine(const std::string& line) {
  // "%s\t[%s] %3llu%% %12llu bytes" (dfu_progress_bar in dfu-util 0.11), after the '\r'.
  std::string text = line;
  while (!text.empty() && text.front() == '\r') text.erase(0, 1);
  const size_t bar = text.find("\t[");
  if (bar == std::string::npos || bar == 0) return std::nullopt;
  const size_t bar_end = text.find(']', bar + 2);
  if (bar_end == std::string::npos) return std::nullopt;
  for (size_t i = bar + 2; i < bar_end; ++i) {
    if (text[i] != '=' && text[i] != ' ') return std::nullopt;
  }
  DfuProgressLine p;
  p.what = trim(text.substr(0, bar));
  if (p.what.empty()) return std::nullopt;
  unsigned long long percent = 0;
  unsigned long long bytes = 0;
  int used = 0;
  const std::string rest = text.substr(bar_end + 1);
  if (std::sscanf(rest.c_str(), " %llu%% %llu bytes%n", &percent, &bytes, &used) != 2 || used == 0 ||
      trim(rest.substr(static_cast<size_t>(used))) != "" || percent > 100) {
    return std::nullopt;
  }
  p.percent = static_cast<int>(percent);
  p.bytes = bytes;
  return p;
}

std::optional<int> parseDfuProgressPercent(const std::string& line) {
  if (const std::optional<DfuProgressLine> p = parseDfuProgressLine(line)) return p->percent;
  return std::nullopt;
}

bool isDfuLeaveRequestLine(const std::string& line) { return contains(line, "Submitting leave request"); }

bool isDfuDownloadStartLine(const std::string& line) { return contains(line, "Downloading element to address"); }

DfuDiagnosis diagnoseDfuUtil(const std::vector<std::string>& err_lines, const std::vector<std::string>& out_lines,
                             const std::string& device, int alt_setting) {
  struct Rule {
    std::vector<const char*> needles;
    std::string advice;
  };
  const std::vector<Rule> rules = {
      {kAccessDenied, kUdevAdvice},
      {{"No DFU capable USB device available"},
       "is the board in DFU mode (BOOT0 high, or the bootloader button held while plugging in)? "
       "lsusb should show " +
           device +
           "; on Linux a udev rule may be needed for permission "
           "(see `dfu-util -l`)."},
      {{"More than one DFU capable USB device found"},
       "several DFU devices match " + device +
           ": give the board's serial number (dfu-util -l lists it as serial=\"...\") or unplug the others."},
      {{"LIBUSB_ERROR_BUSY", "Cannot claim interface"},
       "another program holds the board (another dfu-util, STM32CubeProgrammer, a virtual machine's USB "
       "passthrough): close it and try again."},
      {{"is not writeable", "is not readable", "can not be erased"},
       "the address is outside the memory the board's DFU alt setting " + std::to_string(alt_setting) +
           " describes (dfu-util -l shows it, e.g. name=\"@Internal Flash  /0x08000000/04*016Kg,...\"): check "
           "the alt setting, and that the board carries the chip this image is built for."},
      {{"LIBUSB_ERROR_NO_DEVICE", "Lost device", "LIBUSB_ERROR_IO", "LIBUSB_ERROR_PIPE", "LIBUSB_ERROR_TIMEOUT",
        "LIBUSB_ERROR_OVERFLOW", "Error during download", "Error during upload", "Error during special command",
        "not correctly executed", "Wrong state after command"},
       "the USB transfer or the bootloader's flash operation failed: check the cable (a data cable, straight "
       "into the computer rather than through a hub), then try again."},
      {{"Cannot open file"},
       "dfu-util could not create its upload file in the temporary directory: check TMPDIR (or /tmp) is "
       "writeable and has space."},
  };
  for (const Rule& rule : rules) {
    for (const std::vector<std::string>* lines : {&err_lines, &out_lines}) {
      for (const std::string& line : *lines) {
        if (containsAny(line, rule.needles)) return {line, rule.advice};
      }
    }
  }
  DfuDiagnosis d;
  if (!err_lines.empty()) {
    d.quote = err_lines.back();
  } else if (!out_lines.empty()) {
    d.quote = out_lines.back();
  }
  d.advice =
      "see dfu-util's output in the log; try again, and if it fails the same way run the command "
      "shown there by hand with -v for more detail.";
  return d;
}

std::string dfuListAccessProblem(const std::vector<std::string>& err_lines) {
  for (const std::string& line : err_lines) {
    if (containsAny(line, kAccessDenied)) {
      return "dfu-util saw a DFU device it could not open: \"" + line + "\"; " + kUdevAdvice;
    }
  }
  return {};
}

}  // namespace navigator::flash
