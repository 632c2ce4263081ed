#include "flash/dfu_flasher.h"

#include "flash/chip_catalog.h"
#include "flash/child_process.h"
#include "flash/dfu_flash_run.h"
#include "flash/dfu_util_output.h"
#include "flash/firmware_image.h"
#include "flash/flash_blocks.h"
#include "flash/flash_progress.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>

namespace navigator::flash {

using detail::hexArg;

namespace detail {

std::string hexArg(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08" PRIx32, value);
  return text;
}

}  // namespace detail

namespace {

std::vector<std::string> commonArgs(const DfuOptions& options) {
  std::vector<std::string> args = {"-d", options.device, "-a", std::to_string(options.alt_setting)};
  if (!options.serial.empty()) {
    args.push_back("-S");
    args.push_back(options.serial);
  }
  return args;
}

}  // namespace

// ---- The public functions --------------------------------------------------------------------

std::vector<DfuBlock> planDfuBlocks(const FirmwareImage& image, const ChipInfo& chip) {
  std::vector<DfuBlock> blocks;
  int last_sector = -1;
  for (const ImageSegment& s : image.segments) {
    if (s.bytes.empty()) continue;
    const std::vector<uint16_t> sectors = sectorsCovering(chip, s.address, s.end());
    const int first = sectors.empty() ? -1 : sectors.front();
    const int last = sectors.empty() ? -1 : sectors.back();
    const auto size = static_cast<uint32_t>(s.bytes.size());
    if (!blocks.empty() && first >= 0 && first <= last_sector) {
      DfuBlock& b = blocks.back();
      b.bytes.resize(s.address - b.address, 0xFF);
      b.owned.resize(s.address - b.address, false);
      b.bytes.insert(b.bytes.end(), s.bytes.begin(), s.bytes.end());
      b.owned.insert(b.owned.end(), size, true);
      b.image_bytes += size;
    } else {
      blocks.push_back(DfuBlock{s.address, s.bytes, std::vector<bool>(size, true), size});
    }
    last_sector = std::max(last_sector, last);
  }
  return blocks;
}

std::vector<std::string> dfuDownloadArgs(const DfuOptions& options, uint32_t address, bool leave,
                                         const std::string& file) {
  std::vector<std::string> args = commonArgs(options);
  args.insert(args.end(), {"-s", hexArg(address) + (leave ? ":leave" : ""), "-D", file});
  return args;
}

std::vector<std::string> dfuUploadArgs(const DfuOptions& options, uint32_t address, uint32_t length, bool leave,
                                       const std::string& file) {
  std::vector<std::string> args = commonArgs(options);
  args.insert(args.end(), {"-s", hexArg(address) + ":" + std::to_string(length) + (leave ? ":leave" : ""), "-U", file});
  return args;
}

std::vector<DfuDevice> listDfuDevices(const DfuOptions& options, std::string* error) {
  std::string out;
  std::vector<std::string> err_lines;
  std::vector<std::string> out_lines;
  ChildProcessOptions child_options;
  child_options.timeout = std::chrono::seconds(20);
  child_options.clock = options.clock;
  const ChildProcessResult r = runChildProcess(
      {options.dfu_util, "-l"},
      [&](const std::string& line, bool from_stderr) {
        (from_stderr ? err_lines : out_lines).push_back(line);
        if (!from_stderr) out += line + "\n";
      },
      child_options);
  std::string problem;
  if (!r.started()) {
    problem =
        "dfu-util (\"" + options.dfu_util + "\") " + describeChildEnd(r) + ": install dfu-util (apt install dfu-util).";
  } else if (r.timed_out) {
    problem =
        "`dfu-util -l` did not finish within 20 s and was stopped: unplug the board, plug it in again and "
        "list again.";
  } else if (!r.succeeded()) {
    const DfuDiagnosis d = diagnoseDfuUtil(err_lines, out_lines, options.device, options.alt_setting);
    problem =
        "`dfu-util -l` " + describeChildEnd(r) + (d.quote.empty() ? "" : ": \"" + d.quote + "\"") + "; " + d.advice;
  } else {
    problem = dfuListAccessProblem(err_lines);
  }
  if (error != nullptr) *error = problem;
  return parseDfuList(out);
}

FlashReport runDfuFlash(const FirmwareImage& image, const ChipInfo& chip, const DfuOptions& options,
                        const FlashCallbacks& callbacks) {
  return detail::DfuFlash(image, chip, options, callbacks).run();
}

}  // namespace navigator::flash
