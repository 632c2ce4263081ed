#include "app/core/stop_signals.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

namespace navigator {
namespace {

int g_pipe[2] = {-1, -1};  // [0] read by the notifier, [1] written by the handler
constexpr int kStopSignals[] = {SIGTERM, SIGINT, SIGHUP};

void restoreDefault(int signal_number) {  // async-signal-safe
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(signal_number, &fallback, nullptr);
}

void onStopSignal(int signal_number) {
  const int saved_errno = errno;
  const unsigned char byte = static_cast<unsigned char>(signal_number);
  (void)!::write(g_pipe[1], &byte, 1);
  restoreDefault(signal_number);  // a second Ctrl-C ends a station whose shutdown hangs
  errno = saved_errno;
}

}  // namespace

StopSignals::StopSignals(QObject* parent) : QObject(parent) {
  if (g_pipe[0] >= 0) throw std::logic_error("StopSignals: one instance per process");
  if (::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("StopSignals: cannot create a pipe");
  notifier_ = std::make_unique<QSocketNotifier>(g_pipe[0], QSocketNotifier::Read);
  connect(notifier_.get(), &QSocketNotifier::activated, this, &StopSignals::onReadable);
  struct sigaction action {};
  action.sa_handler = onStopSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int s : kStopSignals) ::sigaction(s, &action, nullptr);
}

StopSignals::~StopSignals() {
  for (int s : kStopSignals) restoreDefault(s);
  notifier_.reset();
  ::close(g_pipe[0]);
  ::close(g_pipe[1]);
  g_pipe[0] = g_pipe[1] = -1;
}

void StopSignals::onReadable() {
  unsigned char byte = 0;
  while (::read(g_pipe[0], &byte, 1) == 1) emit stopRequested(byte);
}

}  // namespace navigator
