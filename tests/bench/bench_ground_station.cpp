// bench_ground_station: the ground station flying for a while with everything live — the 3-D
// view at the 60 Hz pose rate and the seven plots at 1 kHz — and what that costs: physics
// overruns, the GUI's frame rate, the plots' redraws, samples lost between the simulator and
// the plots, and the CPU the GUI thread uses. A hover in ALT_HOLD, flown through an SDL virtual
// joystick, so the firmware hears MANUAL_CONTROL the way it would from a pad. Then, in the same
// run, the Logs page replays a flight at ×1 for as long, measured the same way (the aim: the
// replay as smooth as a live flight), with how far the playback moved per wall second.
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bin/bench_ground_station [SECONDS] [--normal-priority]
//       [--replay FILE [--from S]] [--same-view-size] [--plot-window S]
// The flight replayed is the one just flown (the station's own recording, its last SECONDS:
// the same hover), or FILE from S seconds (default 0), e.g. a log of vsim-fly --ulog FILE.
// The 3-D view draws a frame only when the pose changed: replay a part where the vehicle flies.
// Software rendering costs by the pixel, and the Logs page's view is narrower than the Fly
// page's: --same-view-size widens it (its splitter) to the live view's area, to compare like
// with like. The replay's plots show the log's length up to 120 s (a live flight's its last
// 10 s, by default): --plot-window S sets theirs once playing, as a user may.
// Prints one line per second and a summary (median, min, max). Not a test: nothing is timed
// in ctest; the figures go in the README.
#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "app/ui/fly_page.h"
#include "app/ui/log_replay_view.h"
#include "app/ui/logs_page.h"
#include "app/ui/main_window.h"
#include "app/ui/telemetry_plots.h"
#include "widgets/flight_panel.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/plots/live_plot.h"
#include "tests/support/widget_lookup.h"

#include <SDL.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
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

double threadCpuSeconds() {  // as FlyPage measures the GUI thread
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// One second of the GUI: 3-D frames drawn, redraws of one plot (the mean of all), the GUI thread's
// CPU [% of one core], and the replay's playback rate [s of log per s of wall time].
struct Second {
  double fps = 0, redraws = 0, cpu = 0, playback = 0;
};

// Takes a Second per wall second off one page's view and plots (and replay, when given).
class Meter {
 public:
  Meter(navigator::FlightView3D* view, navigator::TelemetryPlots* plots, navigator::LogReplay* replay = nullptr)
      : view_(view), plots_(plots), replay_(replay) {
    clock_.start();
    take();
  }
  Second take() {
    const double wall_s = double(clock_.nsecsElapsed()) * 1e-9;
    clock_.start();
    const double frames = double(view_->framesRendered()), cpu = threadCpuSeconds();
    double replots = 0;
    for (const navigator::LivePlot* p : plots_->plots()) replots += double(p->replotCount());
    const double position = replay_ ? double(replay_->positionUs()) * 1e-6 : 0.0;
    const double plots = double(std::max<qsizetype>(1, plots_->plots().size()));
    const Second s{(frames - frames_) / wall_s, (replots - replots_) / plots / wall_s, 100.0 * (cpu - cpu_) / wall_s,
                   (position - position_) / wall_s};
    frames_ = frames, replots_ = replots, cpu_ = cpu, position_ = position;
    return s;
  }

 private:
  navigator::FlightView3D* view_;
  navigator::TelemetryPlots* plots_;
  navigator::LogReplay* replay_;
  QElapsedTimer clock_;
  double frames_ = 0, replots_ = 0, cpu_ = 0, position_ = 0;
};

// `seconds` Seconds off `meter`, one a wall second; `print` says each (1-based).
std::vector<Second> measure(Meter& meter, int seconds, const std::function<void(int, const Second&)>& print) {
  std::vector<Second> out;
  QTimer timer;
  QObject::connect(&timer, &QTimer::timeout, [&] {
    out.push_back(meter.take());
    print(int(out.size()), out.back());
    std::fflush(stdout);
  });
  meter.take();
  timer.start(1000);
  waitFor([&] { return int(out.size()) >= seconds; }, (seconds + 10) * 1000);
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

void summarise(const char* name, std::vector<double> v, const char* unit) {
  std::sort(v.begin(), v.end());
  if (v.empty()) return;
  std::printf("%-28s median %8.2f  min %8.2f  max %8.2f %s\n", name, v[v.size() / 2], v.front(), v.back(), unit);
}

// Live against replay, a figure each: both spreads and the ratio of the medians.
void compare(const char* name, const std::vector<Second>& live, const std::vector<Second>& replay,
             double Second::*field, const char* unit) {
  std::vector<double> a, b;
  for (const Second& s : live) a.push_back(s.*field);
  for (const Second& s : replay) b.push_back(s.*field);
  std::printf("%s [%s]\n", name, unit);
  summarise("  live", a, "");
  summarise("  replay", b, "");
  std::printf("  %-26s %8.3f\n", "replay / live (medians)", median(a) > 0 ? median(b) / median(a) : 0.0);
}

int fail(const char* what) {
  std::fprintf(stderr, "bench_ground_station: %s\n", what);
  return 1;
}

struct Options {
  int seconds = 60;
  bool normal_priority = false;  // --normal-priority: do not ask for SCHED_FIFO (to compare)
  QString replay_file;           // --replay FILE: replay it instead of the flight just flown
  double from_s = 0;             // --from S: where in FILE the replay starts
  bool same_view_size = false;   // --same-view-size: the replay's 3-D view as many pixels as the live one
  double plot_window_s = 0;      // --plot-window S: the replay's plots' window (0: the page's own)
};

Options parseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--normal-priority") == 0)
      o.normal_priority = true;
    else if (std::strcmp(argv[i], "--replay") == 0 && i + 1 < argc)
      o.replay_file = QString::fromLocal8Bit(argv[++i]);
    else if (std::strcmp(argv[i], "--from") == 0 && i + 1 < argc)
      o.from_s = std::atof(argv[++i]);
    else if (std::strcmp(argv[i], "--same-view-size") == 0)
      o.same_view_size = true;
    else if (std::strcmp(argv[i], "--plot-window") == 0 && i + 1 < argc)
      o.plot_window_s = std::atof(argv[++i]);
    else
      o.seconds = std::max(5, std::atoi(argv[i]));
  }
  return o;
}

// Starts SITL (S500), arms from the panel, climbs to about 3 m at 80 % throttle on the pad,
// then holds it in ALT_HOLD with the throttle centred. "" or what went wrong.
QString flyToAHover(navigator::MainWindow& window, SDL_Joystick* pad, const Options& o, const QTemporaryDir& dir) {
  navigator::FlyPage* fly = window.flyPage();
  navigator::SitlSessionOptions options;
  options.gcs_port = 0;
  options.firmware_executable = QStringLiteral(NAVIGATOR_BIN_DIR "/vayu_sitl");
  options.params_file = dir.filePath("vayu_params.txt");
  if (o.normal_priority) options.realtime_priority = 0;
  const QString error = window.startSimulation(
      QStringLiteral(NAVIGATOR_BIN_DIR "/../share/navigator/airframes/s500.yaml"), QString(), options);
  if (!error.isEmpty()) return error;
  navigator::VehicleLink* link = window.station()->sitl()->link();
  if (!waitFor([&] { return link->linkState() == navigator::LinkState::Connected; }, 20000)) return "no link";
  QPushButton* arm = nullptr;
  for (auto* b : navigator::test::only<navigator::FlightPanel>(fly)->findChildren<QPushButton*>())
    if (b->text() == QLatin1String("Arm")) arm = b;
  for (int tries = 0; tries < 20 && !link->vehicle().armed; ++tries) {
    if (arm->isEnabled()) arm->click();
    waitFor([&] { return link->vehicle().armed; }, 1500);
  }
  if (!link->vehicle().armed) return navigator::test::only<navigator::FlightPanel>(fly)->messageText();
  SDL_JoystickSetVirtualAxis(pad, 1, -19660);  // 80 %
  if (!waitFor([&] { return window.station()->feed()->truePosition_NED_m()[2] < -3.0f; }, 20000)) return "no climb";
  link->setMode(VAYU_MODE_ALT_HOLD);
  SDL_JoystickSetVirtualAxis(pad, 1, 0);  // centred: hold the height
  waitFor([] { return false; }, 2000);
  return {};
}

// The live part's figures besides the Seconds: the page's real-time factor each second, the
// overruns and samples over the run, and whether the vehicle was still armed at the end.
struct LiveRun {
  std::vector<Second> seconds;
  std::vector<double> rtf;
  std::int64_t overruns = 0;
  std::uint64_t samples_lost = 0, produced = 0;
  bool still_armed = false;
};

LiveRun measureLive(navigator::MainWindow& window, int seconds) {
  navigator::FlyPage* fly = window.flyPage();
  auto* fly_view = navigator::test::only<navigator::FlightView3D>(fly);
  auto* fly_plots = navigator::test::only<navigator::TelemetryPlots>(fly);
  std::printf("%d s live: 3-D view (%dx%d) and %d plots (%.0f s window); simulator thread at %s\n", seconds,
              fly_view->width(), fly_view->height(), int(fly_plots->plots().size()),
              fly_plots->plots().front()->window_s(),
              window.station()->sitl()->worker()->realtimeScheduled() ? "SCHED_FIFO 20" : "normal priority");
  LiveRun run;
  navigator::FlyFigures figures;  // the page's once-a-second figures, as it publishes them
  const QMetaObject::Connection publications = QObject::connect(fly, &navigator::FlyPage::figuresUpdated, fly,
                                                                [&](const navigator::FlyFigures& f) { figures = f; });
  waitFor([] { return false; }, 1100);  // one publication
  const std::int64_t overruns_start = figures.overruns;
  const std::uint64_t produced_start = window.station()->sitl()->worker()->samplesProduced();
  Meter live_meter(fly_view, fly_plots);
  run.seconds = measure(live_meter, seconds, [&](int t, const Second& s) {
    const navigator::FlyFigures& f = figures;
    run.rtf.push_back(f.realtime_factor);
    std::printf(
        "live   t %3d s  fps %5.1f  redraws %4.1f/s  GUI CPU %5.1f %%  rtf %.3f  overruns %lld  lost %llu  height %.2f "
        "m\n",
        t, s.fps, s.redraws, s.cpu, f.realtime_factor, static_cast<long long>(f.overruns - overruns_start),
        static_cast<unsigned long long>(f.samples_lost), -window.station()->feed()->truePosition_NED_m()[2]);
  });
  QObject::disconnect(publications);  // `figures` ends with this function
  run.produced = window.station()->sitl()->worker()->samplesProduced() - produced_start;
  run.overruns = figures.overruns - overruns_start;
  run.samples_lost = figures.samples_lost;
  run.still_armed = window.station()->sitl()->link()->vehicle().armed;
  return run;
}

// The replay of `path` on the Logs page, measured as the live part was (the 3-D view widened to
// the live one's area with --same-view-size). Empty when the log cannot be opened (said).
std::vector<Second> measureReplay(navigator::MainWindow& window, const QString& path, const Options& o) {
  auto* fly_view = navigator::test::only<navigator::FlightView3D>(window.flyPage());
  navigator::LogsPage* logs = window.logsPage();
  auto* replay_view = navigator::test::only<navigator::LogReplayView>(logs);
  auto* view = navigator::test::only<navigator::FlightView3D>(replay_view);
  auto* plots = navigator::test::only<navigator::TelemetryPlots>(replay_view);
  window.tabs()->setCurrentWidget(logs);
  waitFor([] { return false; }, 200);  // laid out
  if (auto* views = qobject_cast<QSplitter*>(view->parentWidget()); views && o.same_view_size) {
    const int width = fly_view->width() * fly_view->height() / std::max(1, view->height());
    views->setSizes({width, std::max(1, views->width() - width)});
    waitFor([] { return false; }, 200);
  }
  QElapsedTimer opening;
  opening.start();
  logs->openLog(path);
  navigator::LogReplay* replay = replay_view->replay();
  if (!waitFor([&] { return !replay->isOpening(); }, 60000) || !replay->log()) {
    fail(qPrintable(navigator::test::part<QLabel>(logs, "messageLabel")->text()));
    return {};
  }
  const double opened_s = double(opening.elapsed()) * 1e-3;
  // The flight just flown: its last seconds, the hover measured live (a second to settle first).
  const double log_s = double(replay->log()->durationUs()) * 1e-6;
  const double start_s = o.replay_file.isEmpty() ? std::max(0.0, log_s - o.seconds - 1.5) : o.from_s;
  if (start_s + o.seconds + 1 > log_s)
    std::printf("(the log ends at %.1f s: the replay stops before %d s)\n", log_s, o.seconds);
  replay->seek(std::llround(start_s * 1e6));
  replay->play();
  if (o.plot_window_s > 0)
    for (navigator::LivePlot* p : plots->plots()) p->setWindow(o.plot_window_s);
  waitFor([] { return false; }, 1000);
  std::printf(
      "\n%d s replay at x%.2g of %s (%.1f s long, opened in %.2f s) from %.1f s: 3-D view (%dx%d) and %d plots (%.0f s "
      "window)\n",
      o.seconds, replay->speed(), qPrintable(path), log_s, opened_s, start_s + 1, view->width(), view->height(),
      int(plots->plots().size()), plots->plots().front()->window_s());
  Meter replay_meter(view, plots, replay);
  return measure(replay_meter, o.seconds, [&](int t, const Second& s) {
    const std::int64_t at = replay->positionUs();
    const navigator::TelemetrySample sample =
        replay->log()->sample(std::min(replay->log()->indexAt(at), replay->log()->sampleCount() - 1));
    std::printf(
        "replay t %3d s  fps %5.1f  redraws %4.1f/s  GUI CPU %5.1f %%  playback %.3f s/s at %.1f s  height %.2f m\n", t,
        s.fps, s.redraws, s.cpu, s.playback, double(at) * 1e-6, -double(sample.p_W_m[2]));
  });
}

void printSummary(const LiveRun& live, const std::vector<Second>& replayed) {
  std::printf("\nsummary over %zu s live and %zu s replay\n", live.seconds.size(), replayed.size());
  compare("3-D frames per second", live.seconds, replayed, &Second::fps, "fps");
  compare("redraws per second of a plot (mean of all)", live.seconds, replayed, &Second::redraws, "/s");
  compare("GUI thread CPU", live.seconds, replayed, &Second::cpu, "% of one core");
  std::vector<double> playback;
  for (const Second& s : replayed) playback.push_back(s.playback);
  summarise("replay playback rate", playback, "s of log per s (1 = x1)");
  summarise("live real-time factor", live.rtf, "");
  std::printf("%-28s %lld\n", "live physics overruns", static_cast<long long>(live.overruns));
  std::printf("%-28s %llu of %llu\n", "live samples lost", static_cast<unsigned long long>(live.samples_lost),
              static_cast<unsigned long long>(live.produced));
  std::printf("%-28s %d\n", "live still armed", live.still_armed ? 1 : 0);
}

}  // namespace

int main(int argc, char** argv) {
  QStandardPaths::setTestModeEnabled(true);
  qputenv("SDL_VIDEODRIVER", "dummy");
  QApplication app(argc, argv);
  const Options o = parseOptions(argc, argv);

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
  window.station()->recorder()->setFolder(dir.path());  // the flight's log, replayed below, goes with the run
  QString flown_log;
  QObject::connect(window.station()->recorder(), &navigator::FlightRecorder::flightSaved,
                   [&](const navigator::RecordedFlight& f) { flown_log = f.path; });
  if (const QString error = flyToAHover(window, pad, o, dir); !error.isEmpty()) return fail(qPrintable(error));
  const LiveRun live = measureLive(window, o.seconds);
  window.station()->stopSimulation();
  SDL_JoystickClose(pad);

  // The replay, on the Logs page, with the simulator stopped.
  const QString path = o.replay_file.isEmpty() ? flown_log : o.replay_file;
  if (path.isEmpty()) return fail("the flight was not recorded");
  const std::vector<Second> replayed = measureReplay(window, path, o);
  if (replayed.empty()) return 1;
  printSummary(live, replayed);
  return 0;
}
