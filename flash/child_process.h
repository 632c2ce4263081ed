// Runs an external program (dfu-util) and hands its standard output and error to the caller
// line by line, as they come. Plain POSIX and Linux (fork, execvp, pipes, poll, waitpid), no Qt.
// The program is killed (SIGKILL) if the process that started it dies first.
// A line ends at '\n' or at '\r' (tools redraw progress bars with carriage returns, so every
// redraw is a line of its own); empty lines are dropped; a last line without an end is passed
// on when the stream closes.
// Stopping: when *cancel is set (or the timeout passes) the program gets SIGTERM, and SIGKILL if
// it is still running kill_grace later; both waits are timed by options.clock (flash_clock.h).
// Thread contract: runChildProcess blocks the calling thread until the program has ended and
// been reaped; on_line is called on that thread; *cancel may be set from any thread.
#pragma once

#include "flash/flash_clock.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace navigator::flash {

struct ChildProcessOptions {
  const std::atomic<bool>* cancel = nullptr;
  std::chrono::milliseconds kill_grace{2000};  // between SIGTERM and SIGKILL
  std::chrono::milliseconds timeout{0};        // 0: none; past it the program is stopped as on cancel
  const FlashClock* clock = nullptr;           // times kill_grace and timeout; null: the steady clock
};

struct ChildProcessResult {
  int spawn_errno = 0;  // not 0: the program could not be started (ENOENT: no such program)
  bool exited = false;  // it ended by exiting; exit_code is its status
  int exit_code = -1;
  int term_signal = 0;       // it ended by this signal (ours after a cancel, or anyone's)
  bool cancelled = false;    // we stopped it because *cancel was set
  bool timed_out = false;    // we stopped it because the timeout passed
  bool needed_kill = false;  // it outlived SIGTERM by kill_grace and got SIGKILL
  bool started() const { return spawn_errno == 0; }
  bool succeeded() const { return exited && exit_code == 0; }
};

using ChildLineHandler = std::function<void(const std::string& line, bool from_stderr)>;

// argv[0] is the program: a name looked up in PATH, or a path.
ChildProcessResult runChildProcess(const std::vector<std::string>& argv, const ChildLineHandler& on_line,
                                   const ChildProcessOptions& options = {});

// How it ended, for messages: "exited with status 74 (EX_IOERR)", "was killed by signal 9 (SIGKILL)",
// "could not be started: No such file or directory".
std::string describeChildEnd(const ChildProcessResult& result);

// The lines runChildProcess would hand on for `text` as one stream (the rule above): for parsing
// a tool's output captured whole.
std::vector<std::string> splitChildOutputLines(const std::string& text);

}  // namespace navigator::flash
