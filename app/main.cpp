// navigator: the ground station. Parses the command line, loads the user's language and
// opens the main window.
#include "app/core/stop_signals.h"
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
#include <QStyle>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>

int main(int argc, char** argv) {
  QCoreApplication::setOrganizationName(QStringLiteral("Navigator"));
  QCoreApplication::setApplicationName(QStringLiteral("navigator"));
  QCoreApplication::setApplicationVersion(QStringLiteral(NAVIGATOR_VERSION));

  // Parse first without a display, so --help and --version work on a headless machine.
  QString open_path, log_path, airframe_path, world_path, attach_dir;
  bool simulate = true;
  navigator::SitlSessionOptions sitl;
  std::optional<navigator::AutopilotSessionOptions> autopilots;  // --autopilot px4|ardupilot
  {
    QCoreApplication console(argc, argv);
    const navigator::StationTranslations translations;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Navigator: ground station with an embedded multirotor simulator."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption open(QStringLiteral("open"),
                                  QCoreApplication::translate("main", "Open FILE in the Inertia Inspector."),
                                  QCoreApplication::translate("main", "FILE"));
    parser.addOption(open);
    const QCommandLineOption log(
        QStringLiteral("log"),
        QCoreApplication::translate("main",
                                    "Replay the flight log FILE (ULog, Navigator's or PX4's) on the Logs page."),
        QCoreApplication::translate("main", "FILE"));
    parser.addOption(log);
    const QCommandLineOption no_sim(
        QStringLiteral("no-sim"),
        QCoreApplication::translate("main", "Do not start the simulator and the SITL firmware."));
    const QCommandLineOption airframe(
        QStringLiteral("airframe"),
        QCoreApplication::translate("main", "Fly the airframe in FILE (default: the S500)."),
        QCoreApplication::translate("main", "FILE"));
    const QCommandLineOption world(
        QStringLiteral("world"),
        QCoreApplication::translate("main",
                                    "Fly in the world in FILE, or 'none' for empty space (default: flat ground)."),
        QCoreApplication::translate("main", "FILE"));
    const QCommandLineOption gcs_port(
        QStringLiteral("gcs-port"),
        QCoreApplication::translate("main", "Listen for the firmware's MAVLink on UDP PORT (default 14550)."),
        QCoreApplication::translate("main", "PORT"), QStringLiteral("14550"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QCoreApplication::translate("main", "The simulator's random seed (default 0)."),
                                  QCoreApplication::translate("main", "N"), QStringLiteral("0"));
    const QCommandLineOption rt_priority(
        QStringLiteral("rt-priority"),
        QCoreApplication::translate("main",
                                    "Run the simulator's thread under SCHED_FIFO at priority N when the system "
                                    "allows it (default 20; 0: never)."),
        QCoreApplication::translate("main", "N"), QStringLiteral("20"));
    const QCommandLineOption attach(
        QStringLiteral("attach"),
        QCoreApplication::translate("main",
                                    "Fly with the simulator (vsim_d) serving DIR — scripts/sitl.sh's is "
                                    "/tmp/navigator-sitl — and its firmware on --gcs-port, instead of starting "
                                    "them; give the same --airframe and --world it flies."),
        QCoreApplication::translate("main", "DIR"));
    const QCommandLineOption autopilot(
        QStringLiteral("autopilot"),
        QCoreApplication::translate("main",
                                    "Who flies the simulated vehicles: vayu (this project's firmware, default), px4 "
                                    "(PX4 instance i connects to TCP 4560+i) or ardupilot (JSON on UDP 9002+10*i)."),
        QCoreApplication::translate("main", "NAME"), QStringLiteral("vayu"));
    const QCommandLineOption vehicles(
        QStringLiteral("vehicles"),
        QCoreApplication::translate("main",
                                    "With --autopilot px4 or ardupilot: this many vehicles, 2 m apart (default 1)."),
        QCoreApplication::translate("main", "N"), QStringLiteral("1"));
    const QCommandLineOption listen(
        QStringLiteral("listen"),
        QCoreApplication::translate("main",
                                    "With --autopilot px4 or ardupilot: the IPv4 address the simulator's ports "
                                    "listen on (default 127.0.0.1, this machine only; 0.0.0.0 opens them to every "
                                    "network, for an autopilot in a container or on another machine)."),
        QCoreApplication::translate("main", "ADDRESS"), QStringLiteral("127.0.0.1"));
    parser.addOptions({no_sim, attach, airframe, world, gcs_port, seed, rt_priority, autopilot, vehicles, listen});
    parser.process(console);  // exits on --help, --version and unknown options
    bool port_ok = false, seed_ok = false, rt_ok = false;
    const uint port = parser.value(gcs_port).toUInt(&port_ok);
    sitl.seed = parser.value(seed).toULongLong(&seed_ok);
    sitl.realtime_priority = parser.value(rt_priority).toInt(&rt_ok);
    QString bad;
    if (!port_ok || port < 1 || port > 65535)
      bad = QCoreApplication::translate("main", "--gcs-port must be a whole number from 1 to 65535, got '%1'")
                .arg(parser.value(gcs_port));
    else if (!seed_ok)
      bad = QCoreApplication::translate("main", "--seed must be a whole number ≥ 0, got '%1'").arg(parser.value(seed));
    else if (!rt_ok || sitl.realtime_priority < 0 || sitl.realtime_priority > 99)
      bad = QCoreApplication::translate("main", "--rt-priority must be a whole number from 0 to 99, got '%1'")
                .arg(parser.value(rt_priority));
    bool vehicles_ok = false;
    const int vehicle_count = parser.value(vehicles).toInt(&vehicles_ok);
    const QString flown_by = parser.value(autopilot);
    if (bad.isEmpty() && flown_by != QLatin1String("vayu") && flown_by != QLatin1String("px4") &&
        flown_by != QLatin1String("ardupilot"))
      bad = QCoreApplication::translate("main", "--autopilot must be vayu, px4 or ardupilot, got '%1'").arg(flown_by);
    else if (bad.isEmpty() && (!vehicles_ok || vehicle_count < 1 || vehicle_count > 64))
      bad = QCoreApplication::translate("main", "--vehicles must be a whole number from 1 to 64, got '%1'")
                .arg(parser.value(vehicles));
    else if (bad.isEmpty() && flown_by != QLatin1String("vayu") && (parser.isSet(attach) || parser.isSet(no_sim)))
      bad = QCoreApplication::translate("main", "--autopilot %1 starts its own world: not with --attach or --no-sim")
                .arg(flown_by);
    const std::string listen_address = parser.value(listen).toStdString();
    if (bad.isEmpty() && parser.isSet(listen) && flown_by == QLatin1String("vayu"))
      bad = QCoreApplication::translate("main",
                                        "--listen is for the ports of --autopilot px4 or ardupilot; this station's own "
                                        "firmware talks to it on this machine");
    else if (auto ip = vsim::parseListenAddress(listen_address); bad.isEmpty() && !ip)
      bad = QStringLiteral("--listen: ") + QString::fromStdString(ip.error().message);
    if (bad.isEmpty() && flown_by != QLatin1String("vayu")) {
      autopilots.emplace();
      autopilots->autopilot =
          flown_by == QLatin1String("px4") ? vsim::AutopilotKind::Px4 : vsim::AutopilotKind::ArduPilot;
      autopilots->vehicles = vehicle_count;
      autopilots->seed = sitl.seed;
      autopilots->listen_address = listen_address;
    }
    if (!bad.isEmpty()) {
      std::fprintf(stderr, "navigator: %s\n", qPrintable(bad));
      return 2;
    }
    sitl.gcs_port = quint16(port);
    simulate = !parser.isSet(no_sim);
    if (parser.isSet(attach)) {
      if (!simulate) {
        std::fprintf(stderr, "navigator: %s\n",
                     qPrintable(QCoreApplication::translate("main", "--attach and --no-sim cannot go together")));
        return 2;
      }
      attach_dir = QFileInfo(parser.value(attach)).absoluteFilePath();
    }
    if (parser.isSet(airframe)) airframe_path = QFileInfo(parser.value(airframe)).absoluteFilePath();
    if (parser.isSet(world))
      world_path = vsim::isWorldKeyword(parser.value(world).toStdString())
                       ? parser.value(world)
                       : QFileInfo(parser.value(world)).absoluteFilePath();
    if (!parser.positionalArguments().isEmpty()) {
      std::fprintf(stderr, "%s\n",
                   qPrintable(QCoreApplication::translate("main", "Unexpected argument '%1'; did you mean --open %1?")
                                  .arg(parser.positionalArguments().first())));
      return 2;
    }
    if (parser.isSet(open)) open_path = QFileInfo(parser.value(open)).absoluteFilePath();
    if (parser.isSet(log)) log_path = QFileInfo(parser.value(log)).absoluteFilePath();
  }

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
  // with the title bar and frame (estimated before the window manager adds them); where it was
  // last closed only when that still fits.
  const QRect screen = app.primaryScreen() ? app.primaryScreen()->availableGeometry() : QRect(0, 0, 1280, 800);
  const int title_bar = window.style()->pixelMetric(QStyle::PM_TitleBarHeight);
  window.setGeometry(
      navigator::openingGeometry(window.savedGeometry(), screen, QMargins(4, title_bar + 4, 4, 4), QSize(1600, 1000)));
  window.show();
  if (!attach_dir.isEmpty()) {
    window.attachSimulator(airframe_path.isEmpty() ? navigator::MainWindow::defaultAirframePath() : airframe_path,
                           world_path, attach_dir, sitl);
  } else if (autopilots) {
    window.startAutopilotWorld(airframe_path.isEmpty() ? navigator::MainWindow::defaultAirframePath() : airframe_path,
                               world_path, *autopilots);
  } else if (simulate) {
    // The firmware keeps its parameters where the user's application data lives.
    sitl.params_file =
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/vayu_params.txt");
    window.startSimulation(airframe_path.isEmpty() ? navigator::MainWindow::defaultAirframePath() : airframe_path,
                           world_path, sitl);
  }
  if (!open_path.isEmpty()) window.openMesh(open_path);
  if (!log_path.isEmpty()) window.openLog(log_path);
  return app.exec();
}
