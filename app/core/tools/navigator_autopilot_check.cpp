// navigator-autopilot-check: flies a user's own PX4 or ArduPilot SITL build in Navigator's world,
// through the station's own code — the world the station starts (Station, as
// `navigator --autopilot px4|ardupilot` does), its autopilot link, its Takeoff and Land — and
// says, vehicle by vehicle and run by run, how each went (AutopilotFlightCheck). It runs the
// binary it is given; it builds nothing. Every run starts clean: a fresh world, a fresh working
// folder per instance (PX4's parameters and ArduPilot's eeprom start from their defaults).
//
//   navigator-autopilot-check --autopilot px4 --binary PX4/build/px4_sitl_default/bin/px4 --vehicles 3 --runs 3
//   navigator-autopilot-check --autopilot ardupilot --binary ardupilot/build/sitl/bin/arducopter
//       --defaults
//       ardupilot/Tools/autotest/default_params/copter.parm,ardupilot/Tools/autotest/default_params/copter-X.parm
//
// PX4 instance i: PX4_SYS_AUTOSTART (default 10016, none_iris) `px4 -i i -d ROOTFS` in its own
// folder; it connects to the world on TCP 4560+i and talks MAVLink to UDP 14550 as system 1+i.
// ArduPilot instance i: `arducopter --model JSON --defaults FILES --speedup 1 -I i`; the world
// answers its servo packets on UDP 9002+10·i; the station connects to one instance's SERIAL0 on
// TCP 5760, or hears several (each `--sysid 1+i --serial0 udpclient:127.0.0.1:14550`) on UDP 14550. Exit status 0 when
// every vehicle of every run passed, 1 otherwise, 2 for a usage error. The autopilots' own output is kept in each
// instance's folder (--keep, or on failure).
#include "app/core/autopilot_flight_check.h"
#include "app/core/param_set_writer.h"
#include "app/core/param_table_file.h"
#include "app/core/station.h"
#include "app/core/tools/autopilot_check_bench.h"
#include "app/core/tools/autopilot_check_fetches.h"
#include "cli/cli.h"
#include "cli/cli_util.h"
#include "sim/config/airframe_file.h"
#include "sim/config/world_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QPointer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

namespace {

struct Options {
  std::string autopilot, binary, rootfs, defaults, airframe = "s500", world = "ground", work_dir;
  std::string link;                                // --link ADDRESS: the station's autopilot link there instead
  std::string dump_params;                         // --dump-params FILE: vehicle 1's table in run 1
  std::optional<navigator::ParamWrite> set_param;  // --set-param NAME=VALUE: written before the dump
  std::string download_log;                        // --download-log DIR: vehicle 1's newest log after run 1
  bool log_protocol_only = false;                  // --log-protocol-only: no MAVLink FTP for it
  std::string dump_metadata;                       // --dump-metadata FILE: vehicle 1's parameter metadata
  navigator::BenchRequest bench;                   // --calibrate, --motor-test: on the bench, not flown
  long long vehicles = 1, runs = 1, autostart = 10016;
  navigator::FlightCheckOptions check;
  bool keep = false;
};

// One autopilot instance as a child process that dies with this tool (PR_SET_PDEATHSIG).
std::unique_ptr<QProcess> startInstance(const Options& o, int i, const QString& folder) {
  auto p = std::make_unique<QProcess>();
  p->setWorkingDirectory(folder);
  p->setStandardOutputFile(folder + QStringLiteral("/output.log"));
  p->setProcessChannelMode(QProcess::MergedChannels);
  p->setStandardInputFile(QProcess::nullDevice());
  const pid_t parent = ::getpid();
  p->setChildProcessModifier([parent] {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    ::setpgid(0, 0);  // its own group: PX4 and ArduPilot start helpers of their own
  });
  QStringList args;
  if (o.autopilot == "px4") {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PX4_SYS_AUTOSTART"), QString::number(o.autostart));
    p->setProcessEnvironment(env);
    args << QStringLiteral("-i") << QString::number(i) << QStringLiteral("-d") << QString::fromStdString(o.rootfs);
  } else {
    args << QStringLiteral("--model") << QStringLiteral("JSON") << QStringLiteral("--speedup") << QStringLiteral("1")
         << QStringLiteral("-I") << QString::number(i);
    if (!o.defaults.empty()) args << QStringLiteral("--defaults") << QString::fromStdString(o.defaults);
    // Several: each its own system id, all sending to the station's UDP 14550 (Station).
    if (o.vehicles > 1)
      args << QStringLiteral("--sysid") << QString::number(i + 1) << QStringLiteral("--serial0")
           << QStringLiteral("udpclient:127.0.0.1:14550");
  }
  p->start(QString::fromStdString(o.binary), args);
  return p;
}

void stopInstances(std::vector<std::unique_ptr<QProcess>>& instances) {
  for (auto& p : instances)
    if (p->state() != QProcess::NotRunning) ::kill(-pid_t(p->processId()), SIGTERM);
  for (auto& p : instances)
    if (p->state() != QProcess::NotRunning && !p->waitForFinished(3000)) {
      ::kill(-pid_t(p->processId()), SIGKILL);
      p->waitForFinished(2000);
    }
  instances.clear();
}

// The flight check's options: the take-off altitude, the hold's tolerance and length, the
// arming timeout.
void addCheckOptions(CLI::App& app, navigator::FlightCheckOptions& check) {
  namespace cli = navigator::cli;
  cli::addNumber(
      app, "--altitude", check.altitude_m, [](double d) { return d >= 1 && d <= 100; }, "from 1 to 100 m",
      "take-off altitude above home (default 5)");
  cli::addNumber(
      app, "--tolerance", check.tolerance_m, [](double d) { return d > 0 && d <= 10; }, "from 0 to 10 m",
      "the hold passes within altitude ± this (default 1)");
  cli::addNumber(
      app, "--hold", check.hold_s, [](double d) { return d >= 1 && d <= 600; }, "from 1 to 600 s",
      "seconds held at altitude (default 10)");
  cli::addNumber(
      app, "--arm-timeout", check.arm_timeout_s, [](double d) { return d >= 10 && d <= 3600; }, "from 10 to 3600 s",
      "from its first position until a take-off is accepted (default 180)");
}

// --link ADDRESS, --dump-params FILE and --set-param NAME=VALUE (ParamDump).
void addParamOptions(CLI::App& app, Options& o) {
  app.add_option_function<std::string>(
         "--link",
         [&o](const std::string& v) {
           QString why;
           if (!navigator::LinkEndpoint::parse(QString::fromStdString(v), &why))
             throw navigator::cli::UsageError("--link '" + v + "': " + why.toStdString());
           o.link = v;
         },
         "the station's autopilot link opens here instead of where the world's autopilots talk "
         "(serial:/dev/ttyUSB0:57600, a pseudo-terminal, tcp:HOST:PORT, udp:PORT)")
      ->type_name("ADDRESS");
  app.add_option("--dump-params", o.dump_params,
                 "write vehicle 1's parameter table as the station read it (run 1): NAME, MAV_PARAM_TYPE, VALUE "
                 "per line")
      ->type_name("FILE");
  app.add_option_function<std::string>(
         "--set-param",
         [&o](const std::string& v) {
           const std::size_t eq = v.find('=');
           const auto value = eq == std::string::npos ? std::nullopt : navigator::cli::parseNumber(v.substr(eq + 1));
           if (eq == 0 || eq > 16 || !value)
             throw navigator::cli::UsageError(
                 "--set-param must be NAME=VALUE (a name of 1 to 16 characters, a number), got '" + v + "'");
           o.set_param = navigator::ParamWrite{QString::fromStdString(v.substr(0, eq)), *value};
         },
         "with --dump-params: write this value through the station first, confirmed by the vehicle's echo")
      ->type_name("NAME=VALUE");
  app.add_option("--download-log", o.download_log,
                 "after run 1's flight: list vehicle 1's logs and download the newest (the flight) into DIR (PX4: "
                 "over MAVLink FTP where it answers; otherwise over the MAVLink log protocol)")
      ->type_name("DIR");
  app.add_flag("--log-protocol-only", o.log_protocol_only,
               "with --download-log: over the MAVLink log protocol even where MAVLink FTP is offered (to compare)");
  app.add_option("--dump-metadata", o.dump_metadata,
                 "write vehicle 1's own parameter metadata (PX4: component information over MAVLink FTP) as NAME, "
                 "unit, min, max, default, description per line")
      ->type_name("FILE");
}

// --calibrate SENSORS and --motor-test MOTOR:PCT:SECONDS (autopilot_check_bench.h).
void addBenchOptions(CLI::App& app, Options& o) {
  app.add_option_function<std::string>(
         "--calibrate",
         [&o](const std::string& v) {
           std::string why;
           auto sensors = navigator::parseCalSensors(v, &why);
           if (!sensors) throw navigator::cli::UsageError(why);
           o.bench.calibrate = *sensors;
         },
         "instead of a flight: calibrate these sensors of vehicle 1 through the station, in this order, the "
         "simulator's hand doing what the vehicle asks; then the parameters they changed")
      ->type_name("gyro,accel,mag,level");
  app.add_option_function<std::string>(
         "--motor-test",
         [&o](const std::string& v) {
           std::string why;
           auto test = navigator::parseMotorTest(v, &why);
           if (!test) throw navigator::cli::UsageError(why);
           o.bench.motor_test = *test;
         },
         "instead of a flight (after --calibrate's): test one motor of vehicle 1 at a throttle for a time, and "
         "say which simulated rotors turned, and for how long")
      ->type_name("MOTOR:PCT:SECONDS");
}

// Starts the run's instances, each in its own folder ROOT/runR/instanceI; false (said on
// stderr, those started stopped) when one does not start.
bool startInstances(const Options& o, int run, const QString& root, std::vector<std::unique_ptr<QProcess>>& instances) {
  for (int i = 0; i < o.vehicles; ++i) {
    const QString folder = QStringLiteral("%1/run%2/instance%3").arg(root).arg(run).arg(i);
    QDir().mkpath(folder);
    instances.push_back(startInstance(o, i, folder));
    if (!instances.back()->waitForStarted(5000)) {
      std::fprintf(stderr, "navigator-autopilot-check: cannot start %s: %s\n", o.binary.c_str(),
                   qPrintable(instances.back()->errorString()));
      stopInstances(instances);
      return false;
    }
  }
  return true;
}

// --dump-params (and --set-param): vehicle 1's whole parameter table as the station reads it —
// its own ParamClient, PARAM_REQUEST_LIST and the reads of whatever the stream missed — and the
// one value asked for written and confirmed by the vehicle's echo, then the table written to
// the file (param_table_file.h), all while the flight check goes on.
class ParamDump : public QObject {
 public:
  ParamDump(navigator::ParamClient* client, const Options& o) : client_(client), o_(o) {
    connect(client, &navigator::ParamClient::listComplete, this, [this](int) { listed(); });
    connect(client, &navigator::ParamClient::listFailed, this, [](const QString& why) {
      std::fprintf(stderr, "navigator-autopilot-check: parameters: %s\n", qPrintable(why));
    });
    connect(client, &navigator::ParamClient::setFinished, this,
            [this](const QString& name, bool ok, const QString& why) {
              if (!o_.set_param || name != o_.set_param->name || written_) return;
              std::printf("parameter %s = %s: %s\n", qPrintable(name),
                          qPrintable(QString::number(o_.set_param->value, 'g', 17)),
                          ok ? "confirmed by the vehicle's echo" : qPrintable(QStringLiteral("not set: ") + why));
              dump();
            });
    client->requestAll();
  }

 private:
  void listed() {
    if (o_.set_param && !client_->param(o_.set_param->name)) {
      std::printf("parameter %s: the vehicle has no such parameter\n", qPrintable(o_.set_param->name));
      dump();
    } else if (o_.set_param) {
      client_->setParam(o_.set_param->name, o_.set_param->value);
    } else {
      dump();
    }
  }
  void dump() {
    if (written_) return;
    written_ = true;
    const QList<navigator::ParamValue> params = client_->params();
    const auto integers = std::count_if(params.begin(), params.end(), [](const auto& p) { return p.isInteger(); });
    const QString file = QString::fromStdString(o_.dump_params);
    if (const QString error = navigator::writeParamTable(params, file); !error.isEmpty())
      std::fprintf(stderr, "navigator-autopilot-check: %s\n", qPrintable(error));
    else
      std::printf("parameters: %lld read (%lld integers), written to %s\n", static_cast<long long>(params.size()),
                  static_cast<long long>(integers), qPrintable(file));
    std::fflush(stdout);
  }

  navigator::ParamClient* client_;
  const Options& o_;
  bool written_ = false;
};

// One run's flight checks, one per vehicle as it is heard on the station's autopilot link,
// until every vehicle has finished — or nobody is heard within the budget, an autopilot
// panics, or one ends by itself.
class RunChecks {
 public:
  RunChecks(const Options& o, int run, const QString& root)
      : o_(o), run_(run), root_(root), checks_(std::size_t(o.vehicles)) {
    clock_.start();
  }

  // Vehicle `vehicle` (0-based) heard on `link`: its check starts (once).
  void take(int vehicle, navigator::VehicleLink* link) {
    if (vehicle < 0 || vehicle >= o_.vehicles || checks_[std::size_t(vehicle)]) return;
    auto check = std::make_unique<navigator::AutopilotFlightCheck>(link, &clock_, o_.check);
    const int run = run_;
    QObject::connect(check.get(), &navigator::AutopilotFlightCheck::progress, [run, vehicle](const QString& text) {
      std::fprintf(stderr, "  run %d vehicle %d: %s\n", run, vehicle + 1, qPrintable(text));
    });
    QObject::connect(check.get(), &navigator::AutopilotFlightCheck::finished,
                     [this, run, vehicle](const navigator::FlightCheckResult& r) {
                       std::printf("run %d vehicle %d: %s\n", run, vehicle + 1, qPrintable(r.summary()));
                       std::fflush(stdout);
                       passed_ += r.passed;
                       ++done_;
                       if (vehicle == 0) first_passed_ = r.passed;
                       if (vehicle == 0 && run_ == 1 && !o_.download_log.empty()) fetchLog();
                       quitWhenDone();
                     });
    check->start();
    checks_[std::size_t(vehicle)] = std::move(check);
    if (vehicle != 0 || run_ != 1) return;
    first_ = link;
    if (!o_.dump_params.empty()) dump_ = std::make_unique<ParamDump>(link->params(), o_);
    if (!o_.dump_metadata.empty()) {
      metadata_ = std::make_unique<navigator::MetadataDump>(link, QString::fromStdString(o_.dump_metadata));
      follow(metadata_.get());
      metadata_->start();
    }
  }

  // The reads besides the flight that failed (--download-log, --dump-metadata).
  int fetchesFailed() const { return (metadata_ && !metadata_->ok()) + (log_ && !log_->ok()); }

  // Each vehicle the roster adds is taken: system 1+i is vehicle i (a single vehicle whatever
  // its id).
  void listen(navigator::VehicleRoster* roster) {
    QObject::connect(roster, &navigator::VehicleRoster::vehicleAdded, &loop_, [this](navigator::VehicleLink* link) {
      take(o_.vehicles == 1 ? 0 : int(link->vehicle().system_id) - 1, link);
    });
  }

  // Nobody heard at all: the whole budget for a position, plus the flight's own; then every
  // vehicle never heard fails.
  void giveUpOnSilence() {
    const double budget_s =
        o_.check.arm_timeout_s * 2 + o_.check.climb_timeout_s + o_.check.hold_s + o_.check.land_timeout_s;
    QTimer::singleShot(int(budget_s * 1000), &loop_, [this] {
      for (int v = 0; v < o_.vehicles; ++v)
        if (!checks_[std::size_t(v)]) std::printf("run %d vehicle %d: FAILED: never heard on its link\n", run_, v + 1);
      loop_.quit();
    });
  }

  // An autopilot that gives up but stays alive (ArduPilot's "PANIC: Failed to load defaults"
  // loops forever): its output is watched, and the run ends at once with its own words; one
  // that ends by itself ends the run too.
  void watch(const std::vector<std::unique_ptr<QProcess>>& instances) {
    read_to_.assign(instances.size(), 0);
    QObject::connect(&panic_watch_, &QTimer::timeout, &loop_, [this] { checkForPanic(); });
    panic_watch_.start(250);
    for (auto& p : instances)
      QObject::connect(p.get(), &QProcess::finished, &loop_, [this](int code, QProcess::ExitStatus) {
        std::printf("run %d: an autopilot ended by itself (exit %d); its output is in %s\n", run_, code,
                    qPrintable(root_));
        loop_.quit();
      });
  }

  // Runs until the run ends; how many vehicles passed.
  int exec() {
    loop_.exec();
    panic_watch_.stop();
    if (first_passed_ && fetchesFailed() > 0) {
      std::printf("run %d vehicle 1: FAILED: what was to be read off it (said above)\n", run_);
      --passed_;
    }
    return passed_;
  }

 private:
  // Reads each instance's output on from where it was left, for a line starting "PANIC".
  void checkForPanic() {
    for (std::size_t i = 0; i < read_to_.size(); ++i) {
      QFile log(QStringLiteral("%1/run%2/instance%3/output.log").arg(root_).arg(run_).arg(i));
      if (!log.open(QIODevice::ReadOnly) || !log.seek(read_to_[i])) continue;
      while (!log.atEnd()) {
        const QByteArray line = log.readLine();
        if (!line.endsWith('\n')) break;  // the rest of it next time
        read_to_[i] += line.size();
        if (!line.startsWith("PANIC")) continue;
        std::printf("run %d vehicle %zu: FAILED: the autopilot panicked: %s\n", run_, i + 1,
                    line.trimmed().constData());
        loop_.quit();
        return;
      }
    }
  }

  // Vehicle 1's newest log, once its flight has ended (run 1).
  void fetchLog() {
    if (!first_) return;
    QDir().mkpath(QString::fromStdString(o_.download_log));
    log_ = std::make_unique<navigator::LogFetch>(first_, QString::fromStdString(o_.download_log));
    log_->setFtpAllowed(!o_.log_protocol_only);
    follow(log_.get());
    log_->start();
  }
  template <class Fetch>
  void follow(Fetch* fetch) {
    ++pending_;
    QObject::connect(fetch, &Fetch::done, &loop_, [this] {
      --pending_;
      quitWhenDone();
    });
  }
  void quitWhenDone() {
    if (done_ == o_.vehicles && pending_ == 0) loop_.quit();
  }

  const Options& o_;
  const int run_;
  const QString root_;
  navigator::SteadyTickClock clock_{100};
  std::vector<std::unique_ptr<navigator::AutopilotFlightCheck>> checks_;
  std::unique_ptr<ParamDump> dump_;
  QPointer<navigator::VehicleLink> first_;
  std::unique_ptr<navigator::MetadataDump> metadata_;
  std::unique_ptr<navigator::LogFetch> log_;
  int done_ = 0, passed_ = 0, pending_ = 0;
  bool first_passed_ = false;
  QEventLoop loop_;
  std::vector<qint64> read_to_;
  QTimer panic_watch_;
};

// Vehicle 1 on the bench (--calibrate, --motor-test) once it is heard and its autopilot has had
// kBenchStartMs to start its sensors; whether it passed.
bool benchOnce(const Options& o, navigator::Station& session, const vsim::VehicleModel& model) {
  constexpr int kBenchStartMs = 10'000, kBudgetMs = 900'000;
  QEventLoop loop;
  std::unique_ptr<navigator::BenchCheck> bench;
  QObject::connect(session.autopilots()->link()->roster(), &navigator::VehicleRoster::vehicleAdded, &loop,
                   [&](navigator::VehicleLink* link) {
                     if (bench) return;
                     bench = std::make_unique<navigator::BenchCheck>(&session, link, o.bench, model);
                     QObject::connect(bench.get(), &navigator::BenchCheck::done, &loop, &QEventLoop::quit);
                     QTimer::singleShot(kBenchStartMs, bench.get(), &navigator::BenchCheck::start);
                   });
  QTimer::singleShot(kBudgetMs, &loop, &QEventLoop::quit);
  loop.exec();
  if (!bench) std::printf("vehicle 1: FAILED: never heard on its link\n");
  return bench && bench->ok();
}

// One run: the world, the instances, one check per vehicle. Returns how many passed.
int flyOnce(const Options& o, int run, const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
            const QString& root) {
  const bool px4 = o.autopilot == "px4";
  navigator::Station session;
  navigator::AutopilotSessionOptions world;
  world.autopilot = px4 ? vsim::AutopilotKind::Px4 : vsim::AutopilotKind::ArduPilot;
  world.vehicles = int(o.vehicles);
  world.seed = std::uint64_t(run) * 100;
  if (const QString error = session.startAutopilotWorld(model, config, world); !error.isEmpty()) {
    std::fprintf(stderr, "navigator-autopilot-check: run %d: %s\n", run, qPrintable(error));
    return 0;
  }
  if (!o.link.empty()) session.autopilots()->open(QString::fromStdString(o.link));  // checked in parseOptions
  std::vector<std::unique_ptr<QProcess>> instances;
  if (!startInstances(o, run, root, instances)) return 0;
  int passed = 0;
  if (!o.bench.empty()) {
    passed = benchOnce(o, session, model) ? 1 : 0;
  } else {
    RunChecks checks(o, run, root);
    // Every vehicle on the station's own autopilot link: PX4's on UDP 14550 as system 1+i; one
    // ArduPilot on TCP 5760, several on UDP 14550 as system 1+i.
    checks.listen(session.autopilots()->link()->roster());
    checks.giveUpOnSilence();
    checks.watch(instances);
    passed = checks.exec();
  }
  for (auto& p : instances) p->disconnect();
  stopInstances(instances);
  session.stopSimulation();
  return passed;
}

// Parses the command line into `o` and checks the binary and PX4's ROMFS (made absolute); an
// exit code when the run ends here.
std::optional<int> parseOptions(int argc, char** argv, Options& o) {
  namespace cli = navigator::cli;
  CLI::App app(
      "Flies your own PX4 or ArduPilot SITL build in Navigator's world through the station's own link, "
      "Takeoff and Land, and says how each vehicle went. It runs the binary given; it builds nothing.",
      "navigator-autopilot-check");
  app.add_option_function<std::string>(
         "--autopilot",
         [&o](const std::string& v) {
           if (v != "px4" && v != "ardupilot")
             throw cli::UsageError("--autopilot must be px4 or ardupilot, got '" + v + "'");
           o.autopilot = v;
         },
         "px4 or ardupilot")
      ->required()
      ->type_name("px4|ardupilot");
  app.add_option("--binary", o.binary,
                 "the autopilot's SITL executable (PX4: build/px4_sitl_default/bin/px4; ArduPilot: "
                 "build/sitl/bin/arducopter)")
      ->required()
      ->type_name("FILE");
  app.add_option("--rootfs", o.rootfs, "PX4: its ROMFS folder (default: the binary's ../etc)")->type_name("DIR");
  app.add_option("--defaults", o.defaults,
                 "ArduPilot: its --defaults parameter files, comma-separated (copter.parm,copter-X.parm)")
      ->type_name("FILES");
  cli::addWhole(app, "--autostart", o.autostart, 1, 9999999, "an airframe number",
                "PX4: PX4_SYS_AUTOSTART (default 10016, none_iris)");
  cli::addWhole(app, "--vehicles", o.vehicles, 1, 8, "a whole number from 1 to 8",
                "instances flown at once in one world (default 1)");
  cli::addWhole(app, "--runs", o.runs, 1, 100, "a whole number from 1 to 100",
                "times in a row, each from a clean start (default 1)");
  app.add_option("--airframe", o.airframe, "the vehicle (default s500)")->type_name("NAME|FILE");
  app.add_option("--world", o.world, "the world (default ground)")->type_name("NAME|FILE");
  addCheckOptions(app, o.check);
  app.add_option("--work-dir", o.work_dir, "where the instances' folders go (default: a temporary folder)")
      ->type_name("DIR");
  app.add_flag("--keep", o.keep, "keep the instances' folders (their output) after a run that passed");
  addParamOptions(app, o);
  addBenchOptions(app, o);
  if (const auto code = cli::parse(app, argc, argv)) return code;
  if (!QFileInfo(QString::fromStdString(o.binary)).isExecutable())
    return cli::usageError(app, "--binary '" + o.binary + "' is not an executable file");
  if (!o.bench.empty() && (o.vehicles != 1 || o.runs != 1))
    return cli::usageError(app, "--calibrate and --motor-test take one vehicle and one run");
  if (o.set_param && o.dump_params.empty())
    return cli::usageError(app, "--set-param needs --dump-params FILE (the table read back after the write)");
  if (o.autopilot == "px4" && o.rootfs.empty())
    o.rootfs =
        QFileInfo(QString::fromStdString(o.binary)).absoluteDir().filePath(QStringLiteral("../etc")).toStdString();
  if (o.autopilot == "px4" && !QFileInfo(QString::fromStdString(o.rootfs)).isDir())
    return cli::usageError(app, "--rootfs '" + o.rootfs + "' is not a folder (PX4's build/px4_sitl_default/etc)");
  o.binary = QFileInfo(QString::fromStdString(o.binary)).absoluteFilePath().toStdString();
  o.rootfs = o.rootfs.empty() ? o.rootfs : QFileInfo(QString::fromStdString(o.rootfs)).absoluteFilePath().toStdString();
  return std::nullopt;
}

// The tool itself; main() turns what it throws into an error message.
int toolMain(int argc, char** argv) {
  QCoreApplication qt(argc, argv);
  Options o;
  if (const auto code = parseOptions(argc, argv, o)) return *code;
  auto model = vsim::loadAirframe(navigator::cli::airframePath(o.airframe, argv[0]));
  if (!model) {
    std::fprintf(stderr, "navigator-autopilot-check: %s\n", model.error().message.c_str());
    return 1;
  }
  auto world = vsim::worldFromArgument(navigator::cli::worldPath(o.world, argv[0]));
  if (!world) {
    std::fprintf(stderr, "navigator-autopilot-check: %s\n", world.error().message.c_str());
    return 1;
  }
  vsim::SimulatorConfig config;
  config.world = std::move(world).value();
  QTemporaryDir temporary;
  const QString root = o.work_dir.empty() ? temporary.path() : QString::fromStdString(o.work_dir);
  std::fprintf(stderr, "navigator-autopilot-check: %s, %lld vehicle(s), %lld run(s); instances in %s\n",
               o.binary.c_str(), o.vehicles, o.runs, qPrintable(root));
  int passed = 0;
  for (int run = 1; run <= o.runs; ++run) passed += flyOnce(o, run, *model, config, root);
  const long long flights = o.vehicles * o.runs;
  if (o.bench.empty())
    std::printf("%d of %lld flights passed\n", passed, flights);
  else
    std::printf("on the bench: %s\n", passed == 1 ? "passed" : "FAILED");
  if ((passed < flights || o.keep) && o.work_dir.empty()) {
    temporary.setAutoRemove(false);
    std::printf("the autopilots' output: %s\n", qPrintable(root));
  }
  return passed == flights ? 0 : 1;
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "navigator-autopilot-check: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return toolMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "navigator-autopilot-check: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "navigator-autopilot-check: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
