// dfu-util 0.11's output, read: the `dfu-util -l` device list, the progress bar lines, the lines
// that mark a step of a run, and its error messages classified into what went wrong and what to
// do. Pure functions on text: no process is run here (dfu_flasher runs dfu-util).
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace navigator::flash {

// One DFU device as `dfu-util -l` lists it.
struct DfuDevice {
  std::string vid_pid;  // "0483:df11"
  int alt = 0;
  std::string name;  // "@Internal Flash  /0x08000000/04*016Kg,01*064Kg,07*128Kg"
  std::string serial;
  bool dfu_mode = true;  // "Found DFU"; false for "Found Runtime" (a firmware offering DFU)
  std::string path;      // USB bus-port path, "1-1"
  int devnum = 0;
};

// Parses `dfu-util -l` output (pure, tested on dfu-util 0.11's format).
std::vector<DfuDevice> parseDfuList(const std::string& output);

// One progress line in full: dfu-util 0.11 draws "\r%s\t[%s] %3llu%% %12llu bytes" (the
// description, 25 '='/' ' cells, the percentage, the bytes done); the descriptions are
// "Erase   ", "Download" and "Upload". `what` is the description without its padding.
struct DfuProgressLine {
  std::string what;  // "Erase", "Download", "Upload"
  int percent = 0;
  uint64_t bytes = 0;
};
std::optional<DfuProgressLine> parseDfuProgressLine(const std::string& line);
// One line of dfu-util's download/upload progress ("Download\t[=====   ]  45%  ...") to a
// percentage in [0, 100]; nullopt for other lines.
std::optional<int> parseDfuProgressPercent(const std::string& line);

// "Submitting leave request...": dfu-util has sent the DfuSe leave request.
bool isDfuLeaveRequestLine(const std::string& line);
// "Downloading element to address = ...": printed just before dfu-util erases the first page.
bool isDfuDownloadStartLine(const std::string& line);

// Why a dfu-util run failed, from its output.
struct DfuDiagnosis {
  std::string quote;  // the line of dfu-util's that says what went wrong (may be empty)
  std::string advice;
};
// Reads dfu-util's output (stderr first: its errors and warnings go there, as "dfu-util: ...");
// `device` (VID:PID) and `alt_setting` are the run's -d and -a, named in the advice. A failure no
// rule knows quotes the last line, stderr's if any.
DfuDiagnosis diagnoseDfuUtil(const std::vector<std::string>& err_lines, const std::vector<std::string>& out_lines,
                             const std::string& device, int alt_setting);
// For a `dfu-util -l` that succeeded: dfu-util warns on stderr about a device it saw but could not
// open (no permission) and leaves it out of the list. That problem with the udev advice, or empty.
std::string dfuListAccessProblem(const std::vector<std::string>& err_lines);

}  // namespace navigator::flash
