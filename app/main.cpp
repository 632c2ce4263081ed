// navigator: the ground station. Parses the command line, loads the user's language and
// opens the main window.
#include "app/core/stop_signals.h"
#include "app/ui/airframe_chooser.h"
#include "app/ui/main_window.h"
#include "app/ui/station_translations.h"
#include "app/ui/window_fit.h"
#include "sim/config/world_file.h"
#include "sim/service/sockets.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QLocale>
#include <QScreen>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>

namespace {

// The command line's options, in the order --help lists them.
struct Options {
  QCommandLineOption open, log, no_sim, airframe, world, gcs_port, seed, rt_priority, attach, autopilot, vehicles,
      listen, transmitter, sitl_arg;
};

// The options of the station's command line, with their help texts.
Options stationOptions() {
  return {
      QCommandLineOption(QStringLiteral("open"),
                         QCoreApplication::translate("main", "Open FILE in the Inertia Inspector."),
                         QCoreApplication::translate("main", "FILE")),
      QCommandLineOption(QStringLiteral("log"),
                         QCoreApplication::translate(
                             "main", "Replay the flight log FILE (ULog, Navigator's or PX4's) on the Logs page."),
                         QCoreApplication::translate("main", "FILE")),
      QCommandLineOption(QStringLiteral("no-sim"),
                         QCoreApplication::translate("main", "Do not start the simulator and the SITL firmware.")),
      QCommandLineOption(QStringLiteral("airframe"),
                         QCoreApplication::translate(
                             "main",
                             "Fly the airframe in FILE, or the shipped airframe NAME (s500, hex_550, lander_004, …); "
                             "default: the one chosen last in File → Choose Airframe…, else the S500."),
                         QCoreApplication::translate("main", "FILE|NAME")),
      QCommandLineOption(QStringLiteral("world"),
                         QCoreApplication::translate(
                             "main", "Fly in the world in FILE, or 'none' for empty space (default: flat ground)."),
                         QCoreApplication::translate("main", "FILE")),
      QCommandLineOption(
          QStringLiteral("gcs-port"),
          QCoreApplication::translate("main", "Listen for the firmware's MAVLink on UDP PORT (default 14550)."),
          QCoreApplication::translate("main", "PORT"), QStringLiteral("14550")),
      QCommandLineOption(QStringLiteral("seed"),
                         QCoreApplication::translate("main", "The simulator's random seed (default 0)."),
                         QCoreApplication::translate("main", "N"), QStringLiteral("0")),
      QCommandLineOption(
          QStringLiteral("rt-priority"),
          QCoreApplication::translate("main",
                                      "Run the simulator's thread under SCHED_FIFO at priority N when the system "
                                      "allows it (default 20; 0: never)."),
          QCoreApplication::translate("main", "N"), QStringLiteral("20")),
      QCommandLineOption(
          QStringLiteral("attach"),
          QCoreApplication::translate("main",
                                      "Fly with the simulator (vsim_d) serving DIR — scripts/sitl.sh's is "
                                      "/tmp/navigator-sitl — and its firmware on --gcs-port, instead of starting "
                                      "them; give the same --airframe and --world it flies."),
          QCoreApplication::translate("main", "DIR")),
      QCommandLineOption(
          QStringLiteral("autopilot"),
          QCoreApplication::translate("main",
                                      "Who flies the simulated vehicles: vayu (this project's firmware, default), px4 "
                                      "(PX4 instance i connects to TCP 4560+i) or ardupilot (JSON on UDP 9002+10*i)."),
          QCoreApplication::translate("main", "NAME"), QStringLiteral("vayu")),
      QCommandLineOption(QStringLiteral("vehicles"),
                         QCoreApplication::translate(
                             "main", "With --autopilot px4 or ardupilot: this many vehicles, 2 m apart (default 1)."),
                         QCoreApplication::translate("main", "N"), QStringLiteral("1")),
      QCommandLineOption(
          QStringLiteral("listen"),
          QCoreApplication::translate("main",
                                      "With --autopilot px4 or ardupilot: the IPv4 address the simulator's ports "
                                      "listen on (default 127.0.0.1, this machine only; 0.0.0.0 opens them to every "
                                      "network, for an autopilot in a container or on another machine)."),
          QCoreApplication::translate("main", "ADDRESS"), QStringLiteral("127.0.0.1")),
      QCommandLineOption(QStringLiteral("transmitter"),
                         QCoreApplication::translate(
                             "main",
                             "Fit the SITL firmware with a CRSF radio receiver (vayu_sitl --sensors chips --chip-fault "
                             "crsf:none) and fly it from the pilot input as a radio transmitter: the firmware decodes "
                             "the sticks with its own receiver driver. With --attach: that firmware was started so.")),
      QCommandLineOption(QStringLiteral("sitl-arg"),
                         QCoreApplication::translate("main",
                                                     "One more option for the SITL firmware, repeatable: "
                                                     "--sitl-arg=--sensors --sitl-arg=chips --sitl-arg=--chip-fault "
                                                     "--sitl-arg=bmx160:stuck@5 (see vayu_sitl --help)."),
                         QCoreApplication::translate("main", "ARG")),
  };
}

// What the command line asks for.
struct CommandLine {
  QString open_path, log_path, airframe_path, world_path, attach_dir;
  bool simulate = true;
  navigator::SitlSessionOptions sitl;
  std::optional<navigator::AutopilotSessionOptions> autopilots;  // --autopilot px4|ardupilot
};

// --gcs-port, --seed and --rt-priority read into `c` (the port into `port`); the first that is
// out of range, said, or "".
QString checkNumbers(const QCommandLineParser& parser, const Options& o, CommandLine& c, uint& port) {
  bool port_ok = false, seed_ok = false, rt_ok = false;
  port = parser.value(o.gcs_port).toUInt(&port_ok);
  c.sitl.seed = parser.value(o.seed).toULongLong(&seed_ok);
  c.sitl.realtime_priority = parser.value(o.rt_priority).toInt(&rt_ok);
  if (!port_ok || port < 1 || port > 65535)
    return QCoreApplication::translate("main", "--gcs-port must be a whole number from 1 to 65535, got '%1'")
        .arg(parser.value(o.gcs_port));
  if (!seed_ok)
    return QCoreApplication::translate("main", "--seed must be a whole number ≥ 0, got '%1'").arg(parser.value(o.seed));
  if (!rt_ok || c.sitl.realtime_priority < 0 || c.sitl.realtime_priority > 99)
    return QCoreApplication::translate("main", "--rt-priority must be a whole number from 0 to 99, got '%1'")
        .arg(parser.value(o.rt_priority));
  return {};
}

// Who flies: --autopilot, --vehicles and --listen checked (and what they cannot go with); for
// px4 or ardupilot, `c.autopilots` set. The first problem, said, or "".
QString checkAutopilot(const QCommandLineParser& parser, const Options& o, CommandLine& c) {
  bool vehicles_ok = false;
  const int vehicle_count = parser.value(o.vehicles).toInt(&vehicles_ok);
  const QString flown_by = parser.value(o.autopilot);
  const bool vayu = flown_by == QLatin1String("vayu");
  if (!vayu && flown_by != QLatin1String("px4") && flown_by != QLatin1String("ardupilot"))
    return QCoreApplication::translate("main", "--autopilot must be vayu, px4 or ardupilot, got '%1'").arg(flown_by);
  if (!vehicles_ok || vehicle_count < 1 || vehicle_count > 64)
    return QCoreApplication::translate("main", "--vehicles must be a whole number from 1 to 64, got '%1'")
        .arg(parser.value(o.vehicles));
  if (!vayu && (parser.isSet(o.attach) || parser.isSet(o.no_sim)))
    return QCoreApplication::translate("main", "--autopilot %1 starts its own world: not with --attach or --no-sim")
        .arg(flown_by);
  const std::string listen_address = parser.value(o.listen).toStdString();
  if (parser.isSet(o.listen) && vayu)
    return QCoreApplication::translate("main",
                                       "--listen is for the ports of --autopilot px4 or ardupilot; this station's own "
                                       "firmware talks to it on this machine");
  if (auto ip = vsim::parseListenAddress(listen_address); !ip)
    return QStringLiteral("--listen: ") + QString::fromStdString(ip.error().message);
  if (!vayu) {
    c.autopilots.emplace();
    c.autopilots->autopilot =
        flown_by == QLatin1String("px4") ? vsim::AutopilotKind::Px4 : vsim::AutopilotKind::ArduPilot;
    c.autopilots->vehicles = vehicle_count;
    c.autopilots->seed = c.sitl.seed;
    c.autopilots->listen_address = listen_address;
  }
  return {};
}

// The paths and modes: whether to simulate, the folder to attach to, the airframe, world, mesh
// and log files (absolute); an exit code for a combination that cannot be.
std::optional<int> readPaths(const QCommandLineParser& parser, const Options& o, CommandLine& c) {
  c.simulate = !parser.isSet(o.no_sim);
  if (parser.isSet(o.attach)) {
    if (!c.simulate) {
      std::fprintf(stderr, "navigator: %s\n",
                   qPrintable(QCoreApplication::translate("main", "--attach and --no-sim cannot go together")));
      return 2;
    }
    c.attach_dir = QFileInfo(parser.value(o.attach)).absoluteFilePath();
  }
  if (parser.isSet(o.airframe)) {
    QString error;
    c.airframe_path = navigator::resolveAirframeArgument(parser.value(o.airframe), &error);
    if (c.airframe_path.isEmpty()) {
      std::fprintf(stderr, "navigator: %s\n", qPrintable(error));
      return 2;
    }
  }
  if (parser.isSet(o.world))
    c.world_path = vsim::isWorldKeyword(parser.value(o.world).toStdString())
                       ? parser.value(o.world)
                       : QFileInfo(parser.value(o.world)).absoluteFilePath();
  if (!parser.positionalArguments().isEmpty()) {
    std::fprintf(stderr, "%s\n",
                 qPrintable(QCoreApplication::translate("main", "Unexpected argument '%1'; did you mean --open %1?")
                                .arg(parser.positionalArguments().first())));
    return 2;
  }
  if (parser.isSet(o.open)) c.open_path = QFileInfo(parser.value(o.open)).absoluteFilePath();
  if (parser.isSet(o.log)) c.log_path = QFileInfo(parser.value(o.log)).absoluteFilePath();
  return std::nullopt;
}

// Parses the command line without a display, so --help and --version work on a headless
// machine; an exit code when the run ends here.
std::optional<int> parseCommandLine(int argc, char** argv, CommandLine& c) {
  QCoreApplication console(argc, argv);
  const navigator::StationTranslations translations;
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QCoreApplication::translate("main", "Navigator: ground station with an embedded multirotor simulator."));
  parser.addHelpOption();
  parser.addVersionOption();
  const Options o = stationOptions();
  parser.addOption(o.open);
  parser.addOption(o.log);
  parser.addOptions({o.no_sim, o.attach, o.airframe, o.world, o.gcs_port, o.seed, o.rt_priority, o.autopilot,
                     o.vehicles, o.listen, o.transmitter, o.sitl_arg});
  parser.process(console);  // exits on --help, --version and unknown options
  uint port = 0;
  QString bad = checkNumbers(parser, o, c, port);
  if (bad.isEmpty()) bad = checkAutopilot(parser, o, c);
  if (!bad.isEmpty()) {
    std::fprintf(stderr, "navigator: %s\n", qPrintable(bad));
    return 2;
  }
  c.sitl.gcs_port = quint16(port);
  c.sitl.firmware_arguments = parser.values(o.sitl_arg);
  c.sitl.receiver = parser.isSet(o.transmitter);
  return readPaths(parser, o, c);
}

// The world the command line asks for, started in the window: an attached simulator, an
// autopilot world, or the station's own simulation (none with --no-sim).
void startFlying(navigator::MainWindow& window, CommandLine& c) {
  // --airframe for this run; else the one chosen last in the station (said when it is gone).
  QString note;
  const QString airframe =
      c.airframe_path.isEmpty() ? navigator::MainWindow::chosenAirframePath(&note) : c.airframe_path;
  if (!note.isEmpty()) window.statusBar()->showMessage(note, 15000);
  if (!c.attach_dir.isEmpty()) {
    window.attachSimulator(airframe, c.world_path, c.attach_dir, c.sitl);
  } else if (c.autopilots) {
    window.startAutopilotWorld(airframe, c.world_path, *c.autopilots);
  } else if (c.simulate) {
    // The firmware keeps its parameters where the user's application data lives.
    c.sitl.params_file =
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/vayu_params.txt");
    window.startSimulation(airframe, c.world_path, c.sitl);
  }
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication::setOrganizationName(QStringLiteral("Navigator"));
  QCoreApplication::setApplicationName(QStringLiteral("navigator"));
  QCoreApplication::setApplicationVersion(QStringLiteral(NAVIGATOR_VERSION));
  CommandLine c;
  if (const auto code = parseCommandLine(argc, argv, c)) return *code;

  QApplication app(argc, argv);
  const navigator::StationTranslations translations;
  app.setWindowIcon(QIcon(QStringLiteral(":/icons/navigator.svg")));
  app.setDesktopFileName(QStringLiteral("io.github.navigator.Navigator"));

  navigator::MainWindow window;
  // SIGTERM (a session's logout), SIGINT and SIGHUP quit as closing the window does: the
  // simulation stopped, the firmware stopped, the settings saved.
  navigator::StopSignals stop_signals;
  QObject::connect(&stop_signals, &navigator::StopSignals::stopRequested, &app, [](int signal_number) {
    std::fprintf(stderr, "navigator: %s: quitting\n", sigdescr_np(signal_number));
    QApplication::closeAllWindows();  // the main window's closeEvent runs
    QCoreApplication::quit();
  });
  // Big enough for the 3-D view and seven plots, never bigger than the screen's available area
  // with the title bar and frame; where it was last closed only when that still fits.
  navigator::placeOnScreen(window, window.savedGeometry(), QSize(1600, 1000));
  window.show();
  startFlying(window, c);
  if (!c.open_path.isEmpty()) window.openMesh(c.open_path);
  if (!c.log_path.isEmpty()) window.openLog(c.log_path);
  return app.exec();
}
