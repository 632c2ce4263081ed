// Parameter metadata from where each autopilot keeps it:
//  - PX4: from the vehicle (COMPONENT_METADATA, then the files over MAVLink FTP, xz-compressed),
//    against the PX4 stand-in (metadata_stand_in.h) on a driven clock: a known parameter's unit,
//    range, default, enumeration and bitmask as the served JSON gives them; a corrupt .xz, a file
//    not found, a dropped reply, a vehicle that does not answer; each failure said in words.
//  - ArduPilot: its published parameter definitions (apm.pdef.xml / apm.pdef.json), written
//    here in the format ArduPilot's param_parse.py emits.
// The served entries mirror PX4's parameter reference (docs.px4.io, "Parameter Reference"):
// MPC_XY_VEL_MAX (m/s, 0…20, default 12), COM_RC_IN_MODE (enumeration 0…4), and a bitmask
// parameter; the expected values below are those of the JSON the test serves.
#include "app/link/param_metadata.h"
#include "app/link/param_metadata_fetch.h"
#include "app/link/vehicle_roster.h"
#include "tests/app/link/metadata_stand_in.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace navigator;

namespace {

const QByteArray kPx4Parameters = QByteArray(R"json({"version": 1, "parameters": [
  {"name": "MPC_XY_VEL_MAX", "type": "Float", "default": 12.0, "group": "Multicopter Position Control",
   "shortDesc": "Maximum horizontal velocity", "longDesc": "Absolute maximum for all velocity controlled modes.",
   "units": "m/s", "min": 0.0, "max": 20.0, "decimalPlaces": 1},
  {"name": "COM_RC_IN_MODE", "type": "Int32", "default": 3, "group": "Commander",
   "shortDesc": "Manual control input source configuration", "min": 0, "max": 4,
   "values": [{"value": 0, "description": "RC Transmitter only"}, {"value": 1, "description": "Joystick only"},
              {"value": 2, "description": "RC and Joystick with fallback"},
              {"value": 3, "description": "RC or Joystick keep first"},
              {"value": 4, "description": "Stick input disabled"}]},
  {"name": "SDLOG_PROFILE", "type": "Int32", "default": 1, "group": "SD Logging",
   "shortDesc": "Logging topic profile (integer bitmask)", "min": 0, "max": 4095,
   "bitmask": [{"index": 0, "description": "Default set (general log analysis)"},
               {"index": 1, "description": "Estimator replay (EKF2)"},
               {"index": 2, "description": "Thermal calibration"}]}
]})json");

struct Bench {
  Bench() : vehicle({AutopilotStandIn::Kind::Px4, 1}), metadata(&vehicle), roster(&connection) {
    vehicle.attach(&connection);
    vehicle.heartbeat();
  }
  MavlinkConnection connection;
  AutopilotStandIn vehicle;
  MetadataStandIn metadata;
  VehicleRoster roster;
  ManualTickClock clock;

  // The fetch run to its end: events handled, the clock moved 50 ms a step (at most 20 s).
  std::unique_ptr<ParamMetadataFetch> fetch() {
    if (!QTest::qWaitFor([this] { return roster.selected() != nullptr; }, 2000)) return nullptr;
    auto f = std::make_unique<ParamMetadataFetch>(roster.selected());
    f->setClock(&clock);
    f->start();
    for (int i = 0; i < 400 && f->busy(); ++i) {
      for (int k = 0; k < 5; ++k) QCoreApplication::processEvents();
      clock.advance(50);
    }
    return f;
  }
};

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  QFile f(dir.filePath(name));
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(text);
  return f.fileName();
}

}  // namespace

class ParamMetadataTest : public QObject {
  Q_OBJECT

 private slots:
  void px4MetadataFromTheVehicle() {
    Bench b;
    b.metadata.serve(kPx4Parameters);
    const auto f = b.fetch();
    QVERIFY(f);
    QCOMPARE(f->state(), ParamMetadataFetch::State::Done);
    QCOMPARE(f->parameterUri(), QStringLiteral("mftp://etc/extras/parameters.json.xz"));
    QCOMPARE(b.metadata.requests, 1);
    QCOMPARE(f->params().size(), 3);
    const ParamInfo vel = f->params().value("MPC_XY_VEL_MAX");
    QCOMPARE(vel.unit, QStringLiteral("m/s"));
    QCOMPARE(vel.min, 0.0);
    QCOMPARE(vel.max, 20.0);
    QCOMPARE(vel.default_value.value_or(-1), 12.0);
    QCOMPARE(vel.description, QStringLiteral("Maximum horizontal velocity"));
    QCOMPARE(vel.long_description, QStringLiteral("Absolute maximum for all velocity controlled modes."));
    QCOMPARE(vel.decimal_places, 1);
    const ParamInfo rc = f->params().value("COM_RC_IN_MODE");
    QCOMPARE(rc.values.size(), 5);
    QCOMPARE(rc.values[4].first, 4.0);
    QCOMPARE(rc.values[4].second, QStringLiteral("Stick input disabled"));
    const ParamInfo log = f->params().value("SDLOG_PROFILE");
    QCOMPARE(log.bits.size(), 3);
    QCOMPARE(log.bits[1].first, 1);
    QCOMPARE(log.bits[1].second, QStringLiteral("Estimator replay (EKF2)"));
  }

  void droppedReplyIsAskedForAgain() {
    Bench b;
    b.metadata.serve(kPx4Parameters);
    b.metadata.ftp.drop_replies = 2;  // the first two FTP replies (the open of the general file and its read)
    const auto f = b.fetch();
    QVERIFY(f);
    QCOMPARE(f->state(), ParamMetadataFetch::State::Done);
    QCOMPARE(b.metadata.ftp.replies_dropped, 2);
    QCOMPARE(f->params().size(), 3);
  }

  void corruptXzIsSaid() {
    Bench b;
    b.metadata.serve(kPx4Parameters, true, /*corrupt=*/true);
    const auto f = b.fetch();
    QVERIFY(f);
    QCOMPARE(f->state(), ParamMetadataFetch::State::Failed);
    QVERIFY2(f->error().contains("mftp://etc/extras/parameters.json.xz from the vehicle is corrupt"),
             qPrintable(f->error()));
    QVERIFY(f->error().contains("shown without metadata"));
    QVERIFY(f->params().isEmpty());
  }

  void fileNotFoundIsSaid() {
    Bench b;
    b.metadata.serve(kPx4Parameters, /*serve_parameters=*/false);
    const auto f = b.fetch();
    QVERIFY(f);
    QCOMPARE(f->state(), ParamMetadataFetch::State::Failed);
    QVERIFY2(f->error().contains("reading mftp://etc/extras/parameters.json.xz from the vehicle failed: file not "
                                 "found (FileNotFound)"),
             qPrintable(f->error()));
  }

  void silentVehicleIsSaid() {
    Bench b;
    b.metadata.answers_request = false;
    const auto f = b.fetch();
    QVERIFY(f);
    QCOMPARE(f->state(), ParamMetadataFetch::State::Failed);
    QCOMPARE(b.metadata.requests, ParamMetadataFetch::kRequestTries);
    QVERIFY2(f->error().contains("did not answer the request for COMPONENT_METADATA"), qPrintable(f->error()));
  }

  void brokenPx4JsonIsSaid() {
    const ParamMetadataLoad truncated = parsePx4ParamMetadata(kPx4Parameters.left(200), "parameters.json");
    QVERIFY(truncated.params.isEmpty());
    QVERIFY2(truncated.error.startsWith("parameters.json: not parameter metadata"), qPrintable(truncated.error));
    const ParamMetadataLoad backwards =
        parsePx4ParamMetadata(R"({"parameters": [{"name": "A", "min": 5, "max": 1}]})", "parameters.json");
    QVERIFY(backwards.params.isEmpty());
    QVERIFY2(backwards.error.contains("parameter 1 (A): its range is not two numbers, low to high"),
             qPrintable(backwards.error));
    // Only a minimum: a range open above.
    const ParamMetadataLoad open = parsePx4ParamMetadata(R"({"parameters": [{"name": "B", "min": 1}]})", "p");
    QVERIFY(open.error.isEmpty());
    QCOMPARE(open.params.value("B").min, 1.0);
    QVERIFY(std::isinf(open.params.value("B").max));
  }

  void uriHelpers() {
    QCOMPARE(ParamMetadataFetch::ftpPath("mftp://etc/extras/a.json.xz"), QStringLiteral("etc/extras/a.json.xz"));
    QCOMPARE(ParamMetadataFetch::ftpPath("mftp://[;comp=1]etc/a.json"), QStringLiteral("etc/a.json"));
    QCOMPARE(ParamMetadataFetch::ftpPath("https://example.org/a.json"), QString());
    QString why;
    QCOMPARE(ParamMetadataFetch::parameterUriIn(R"({"metadataTypes": [{"type": 4, "uri": "x"}]})", &why), QString());
    QCOMPARE(why, QStringLiteral("it lists no parameter metadata (type 1)"));
  }

  void arduPilotXml() {
    // As ArduPilot's xmlemit.py writes apm.pdef.xml: vehicle parameters named "ArduCopter:NAME",
    // library ones by their full name; fields Range "low high", Units, Bitmask "bit:name,…";
    // enumerations as <values>. Entries from ArduPilot's Copter parameter list.
    QTemporaryDir dir;
    const QString path = write(dir, "apm.pdef.xml", R"(<?xml version="1.0" encoding="utf-8"?>
<paramfile><vehicles><parameters name="ArduCopter">
<param humanName="Pilot maximum vertical speed ascending" name="ArduCopter:PILOT_SPEED_UP" documentation="The maximum vertical ascending velocity the pilot may request in cm/s" user="Standard">
<field name="Range">50 500</field><field name="Units">cm/s</field><field name="Increment">10</field></param>
<param humanName="Frame Class" name="ArduCopter:FRAME_CLASS" documentation="Controls major frame class for multicopter component" user="Standard">
<values><value code="0">Undefined</value><value code="1">Quad</value><value code="2">Hexa</value></values></param>
</parameters></vehicles><libraries><parameters name="LOG_">
<param humanName="Log bitmask" name="LOG_BITMASK" documentation="Bitmap of what on-board log types to enable">
<field name="Bitmask">0:Fast Attitude,1:Medium Attitude,2:GPS</field></param>
</parameters></libraries></paramfile>)");
    const ParamMetadataLoad load = loadArduPilotParamMetadata(path);
    QVERIFY2(load.error.isEmpty(), qPrintable(load.error));
    QCOMPARE(load.params.size(), 3);
    const ParamInfo up = load.params.value("PILOT_SPEED_UP");
    QCOMPARE(up.min, 50.0);
    QCOMPARE(up.max, 500.0);
    QCOMPARE(up.unit, QStringLiteral("cm/s"));
    QCOMPARE(up.description, QStringLiteral("Pilot maximum vertical speed ascending"));
    QCOMPARE(load.params.value("FRAME_CLASS").values.size(), 3);
    QCOMPARE(load.params.value("FRAME_CLASS").values[1].second, QStringLiteral("Quad"));
    QCOMPARE(load.params.value("LOG_BITMASK").bits.size(), 3);
    QCOMPARE(load.params.value("LOG_BITMASK").bits[2].second, QStringLiteral("GPS"));
  }

  void arduPilotJson() {
    // As ArduPilot's jsonemit.py writes apm.pdef.json.
    QTemporaryDir dir;
    const QString path = write(dir, "apm.pdef.json", R"({"json": {"version": 0},
      "ArduCopter": {"PILOT_SPEED_UP": {"DisplayName": "Pilot maximum vertical speed ascending",
        "Description": "The maximum vertical ascending velocity", "Range": {"low": "50", "high": "500"},
        "Units": "cm/s", "User": "Standard"},
       "FRAME_CLASS": {"DisplayName": "Frame Class", "Values": {"0": "Undefined", "1": "Quad"}}},
      "LOG_": {"LOG_BITMASK": {"DisplayName": "Log bitmask", "Bitmask": {"0": "Fast Attitude", "2": "GPS"}}}})");
    const ParamMetadataLoad load = loadArduPilotParamMetadata(path);
    QVERIFY2(load.error.isEmpty(), qPrintable(load.error));
    QCOMPARE(load.params.size(), 3);
    QCOMPARE(load.params.value("PILOT_SPEED_UP").max, 500.0);
    QCOMPARE(load.params.value("FRAME_CLASS").values.size(), 2);
    QCOMPARE(load.params.value("LOG_BITMASK").bits[1].first, 2);
  }

  void arduPilotBrokenFilesAreSaid() {
    QTemporaryDir dir;
    const QString cut = write(dir, "cut.xml", R"(<paramfile><vehicles><parameters name="ArduCopter">
<param name="ArduCopter:A"><field name="Range">1 2</field>)");
    const ParamMetadataLoad a = loadArduPilotParamMetadata(cut);
    QVERIFY(a.params.isEmpty());
    QVERIFY2(a.error.startsWith(cut + ", line") && a.error.contains("not readable XML"), qPrintable(a.error));
    const QString range =
        write(dir, "range.xml",
              R"(<paramfile><param name="ArduCopter:A"><field name="Range">9 x</field></param></paramfile>)");
    const ParamMetadataLoad r = loadArduPilotParamMetadata(range);
    QVERIFY2(r.error.contains("parameter \"A\": Range \"9 x\" is not \"low high\""), qPrintable(r.error));
    const ParamMetadataLoad missing = loadArduPilotParamMetadata(dir.filePath("none.xml"));
    QVERIFY2(missing.error.contains("cannot read the parameter definitions"), qPrintable(missing.error));
    const ParamMetadataLoad other = loadArduPilotParamMetadata(write(dir, "x.txt", "PARAM 1"));
    QVERIFY2(other.error.contains("neither XML"), qPrintable(other.error));
  }
};

QTEST_MAIN(ParamMetadataTest)
#include "param_metadata_test.moc"
