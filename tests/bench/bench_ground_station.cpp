// bench_ground_station: the ground station flying for a while with everything live — the 3-D
// view at the 60 Hz pose rate and the seven plots at 1 kHz — and what that costs: physics
// overruns, the GUI's frame rate, samples lost between the simulator and the plots, and the
// CPU the GUI thread uses. A hover in ALT_HOLD, flown through an SDL virtual joystick, so the
// firmware hears MANUAL_CONTROL the way it would from a pad.
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bin/bench_ground_station [SECONDS] [--normal-priority]
// Prints one line per second and a summary (median, min, max). Not a test: nothing is timed
// in ctest; the figures go in the README.
#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "app/ui/telemetry_plots.h"
#include "widgets/flight_panel.h"

#include <SDL.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

namespace {

bool waitFor(const std::function<bool()>& done, int timeout_ms) {
  QElapsedTimer t;
  t.start();
  while (!done()) {
    if (t.elapsed() > timeout_ms) return false;
    QApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

void summarise(const char* name, std::vector<double> v, const char* unit) {
  std::sort(v.begin(), v.end());
  if (v.empty()) return;
  std::printf("%-28s median %8.2f  min %8.2f  max %8.2f %s\n", name, v[v.size() / 2], v.front(), v.back(), unit);
}

int fail(const char* what) {
  std::fprintf(stderr, "bench_ground_station: %s\n", what);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  QStandardPaths::setTestModeEnabled(true);
  qputenv("SDL_VIDEODRIVER", "dummy");
  QApplication app(argc, argv);
  int seconds = 60;
  bool normal_priority = false;  // --normal-priority: do not ask for SCHED_FIFO (to compare)
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--normal-priority") == 0) normal_priority = true;
    else seconds = std::max(5, std::atoi(argv[i]));
  }

  // A virtual pad, throttle stick down (SDL's game-controller layout: left stick Y is axis 1).
  if (SDL_InitSubSystem(SDL_INIT_JOYSTICK) != 0) return fail("SDL joystick init failed");
  const int index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0);
  SDL_Joystick* pad = index >= 0 ? SDL_JoystickOpen(index) : nullptr;
  if (!pad) return fail("no SDL virtual joystick");
  SDL_JoystickSetVirtualAxis(pad, 1, 32767);

  QTemporaryDir dir;
  navigator::MainWindow window;
  window.resize(1600, 1000);
  window.show();
  navigator::FlyPage* fly = window.flyPage();
  navigator::SitlSessionOptions options;
  options.gcs_port = 0;
  options.firmware_executable = QStringLiteral(NAVIGATOR_BIN_DIR "/vayu_sitl");
  options.params_file = dir.filePath("vayu_params.txt");
  if (normal_priority) options.realtime_priority = 0;
  const QString error = window.startSimulation(QStringLiteral(NAVIGATOR_BIN_DIR "/../share/navigator/airframes/s500.yaml"),
                                               QString(), options);
  if (!error.isEmpty()) return fail(qPrintable(error));
  navigator::VehicleLink* link = fly->flight()->sitl()->link();
  if (!waitFor([&] { return link->linkState() == navigator::LinkState::Connected; }, 20000)) return fail("no link");

  // Arm, climb to about 3 m, then hold it in ALT_HOLD with the throttle centred.
  QPushButton* arm = nullptr;
  for (auto* b : fly->flightPanel()->findChildren<QPushButton*>())
    if (b->text() == QLatin1String("Arm")) arm = b;
  for (int tries = 0; tries < 20 && !link->vehicle().armed; ++tries) {
    if (arm->isEnabled()) arm->click();
    waitFor([&] { return link->vehicle().armed; }, 1500);
  }
  if (!link->vehicle().armed) return fail(qPrintable(fly->flightPanel()->messageText()));
  SDL_JoystickSetVirtualAxis(pad, 1, -19660);  // 80 %
  if (!waitFor([&] { return fly->flight()->truePosition_NED_m()[2] < -3.0f; }, 20000)) return fail("no climb");
  link->setMode(VAYU_MODE_ALT_HOLD);
  SDL_JoystickSetVirtualAxis(pad, 1, 0);  // centred: hold the height
  waitFor([] { return false; }, 2000);

  std::printf("%d s live: 3-D view and %d plots; simulator thread at %s\n", seconds, int(fly->plots()->plots().size()),
              fly->flight()->sitl()->worker()->realtimeScheduled() ? "SCHED_FIFO 20" : "normal priority");
  std::vector<double> fps, cpu, rtf;
  const auto start = fly->figures();
  std::int64_t overruns_start = start.overruns;
  const std::uint64_t produced_start = fly->flight()->sitl()->worker()->samplesProduced();
  QObject::connect(fly, &navigator::FlyPage::figuresUpdated, [&](const navigator::FlyFigures& f) {
    fps.push_back(f.gui_frames_per_s);
    cpu.push_back(f.gui_cpu_percent);
    rtf.push_back(f.realtime_factor);
    std::printf("t %3zu s  rtf %.3f  overruns %lld  fps %5.1f  GUI CPU %5.1f %%  lost %llu  height %.2f m\n", fps.size(),
                f.realtime_factor, static_cast<long long>(f.overruns - overruns_start), f.gui_frames_per_s,
                f.gui_cpu_percent, static_cast<unsigned long long>(f.samples_lost), -fly->flight()->truePosition_NED_m()[2]);
    std::fflush(stdout);
  });
  waitFor([&] { return int(fps.size()) >= seconds; }, (seconds + 10) * 1000);
  const std::uint64_t produced = fly->flight()->sitl()->worker()->samplesProduced() - produced_start;
  const auto end = fly->figures();
  std::printf("\nsummary over %zu s\n", fps.size());
  summarise("GUI frames per second", fps, "fps");
  summarise("GUI thread CPU", cpu, "% of one core");
  summarise("real-time factor", rtf, "");
  std::printf("%-28s %lld\n", "physics overruns", static_cast<long long>(end.overruns - overruns_start));
  std::printf("%-28s %llu of %llu\n", "samples lost", static_cast<unsigned long long>(end.samples_lost),
              static_cast<unsigned long long>(produced));
  std::printf("%-28s %d\n", "still armed", link->vehicle().armed ? 1 : 0);
  fly->stopSimulation();
  SDL_JoystickClose(pad);
  return 0;
}
