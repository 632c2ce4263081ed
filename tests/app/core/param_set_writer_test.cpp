// ParamSetWriter against a scripted vehicle that keeps the firmware's tuned gains the way the
// flight firmware does (fc_link.c: a set echoed with the value in force, a refusal preceded
// by a STATUSTEXT): a set with any unacceptable value sends nothing at all; an acceptable one
// is written one parameter at a time, each confirmed by its echo, and the first refusal or
// silence stops it there, naming the parameter.
#include "app/core/param_set_writer.h"
#include "tests/app/link/scripted_vehicle.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace navigator;

namespace {

LinkTimings fast() {
  LinkTimings t;
  t.param_retry_ms = 60;
  t.param_list_gap_ms = 40;
  return t;
}

struct Entry {
  const char* name;
  double value, min, max;  // the vehicle's own range (may be narrower than the firmware's)
};

// The vehicle's side: lists its table, echoes a set with the value in force, refuses a value
// outside its range (STATUSTEXT first, as fc_link.c), or stays silent when told to.
class GainVehicle {
 public:
  explicit GainVehicle(MavlinkConnection* c) : v(c) {
    v.answer = [this](const mavlink_frame_t& f) { onFrame(f); };
  }

  void sendValue(int index) {
    const Entry& e = table[std::size_t(index)];
    mavlink_param_value_t m{};
    std::memcpy(m.param_id, e.name, std::min(std::strlen(e.name), sizeof m.param_id));
    m.param_type = ParamClient::kTypeReal32;
    m.param_value = float(e.value);
    m.param_count = std::uint16_t(table.size());
    m.param_index = std::uint16_t(index);
    v.send(m);
  }

  void onFrame(const mavlink_frame_t& f) {
    if (f.msgid == MAVLINK_MSG_ID_PARAM_REQUEST_LIST)
      for (int i = 0; i < int(table.size()); ++i) sendValue(i);
    mavlink_param_set_t s;
    if (!mavlink_param_set_decode(&f, &s)) return;
    char id[17] = {};
    std::memcpy(id, s.param_id, 16);
    set_names.push_back(QString::fromLatin1(id));
    if (silent) return;
    for (int i = 0; i < int(table.size()); ++i) {
      Entry& e = table[std::size_t(i)];
      if (std::strncmp(e.name, s.param_id, 16) != 0) continue;
      if (s.param_value >= e.min && s.param_value <= e.max)
        e.value = s.param_value;
      else
        v.statusText(4, (QByteArray(e.name) + " not set: value out of range").constData());
      sendValue(i);
    }
  }

  ScriptedVehicle v;
  // The firmware's defaults and ranges (fc_params.h), but RATE_RP_I capped at 0.5 here.
  std::vector<Entry> table = {
      {"RATE_RP_P", 0.15, 0, 10},
      {"RATE_RP_I", 0.2, 0, 0.5},
      {"RATE_RP_D", 0.003, 0, 1},
      {"ANG_RP_P", 8, 0, 30},
  };
  std::vector<QString> set_names;  // every PARAM_SET received, in order
  bool silent = false;
};

// A client that has read the vehicle's list.
struct Rig {
  MavlinkConnection connection;
  GainVehicle vehicle{&connection};
  ParamClient client{&connection, fast()};
  ParamSetWriter writer;

  bool listed() {
    client.setTarget(1, 1);
    QSignalSpy done(&client, &ParamClient::listComplete);
    client.requestAll();
    return done.wait(2000) || done.count() == 1;
  }
};

}  // namespace

class ParamSetWriterTest : public QObject {
  Q_OBJECT

 private slots:
  void everyValueConfirmedInOrder();
  void aValueOutOfRangeSendsNothing_data();
  void aValueOutOfRangeSendsNothing();
  void theFirstRefusalStopsTheWrite();
  void silenceStopsTheWrite();
};

void ParamSetWriterTest::everyValueConfirmedInOrder() {
  Rig rig;
  QVERIFY(rig.listed());
  QSignalSpy written(&rig.writer, &ParamSetWriter::written);
  QSignalSpy finished(&rig.writer, &ParamSetWriter::finished);
  const QList<ParamWrite> set = {{"RATE_RP_P", 0.168}, {"RATE_RP_I", 0.184}, {"ANG_RP_P", 10.49}};
  QCOMPARE(rig.writer.start(&rig.client, set, {}), QString());
  QVERIFY(rig.writer.isWriting());
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 3000);
  QCOMPARE(finished.at(0).at(0).toBool(), true);
  QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("All 3 parameters written, each confirmed by the vehicle."));
  QCOMPARE(written.count(), 3);
  for (int i = 0; i < 3; ++i) {
    QCOMPARE(written.at(i).at(0).toInt(), i);
    QCOMPARE(written.at(i).at(1).toString(), set[i].name);
  }
  QCOMPARE(written.at(0).at(2).toString(), QStringLiteral("RATE_RP_P = 0.168"));  // the vehicle's echo
  QCOMPARE(rig.vehicle.set_names, (std::vector<QString>{"RATE_RP_P", "RATE_RP_I", "ANG_RP_P"}));
  QCOMPARE(rig.vehicle.table[0].value, double(0.168f));
  QCOMPARE(rig.vehicle.table[3].value, double(10.49f));
  QVERIFY(!rig.writer.isWriting());
}

void ParamSetWriterTest::aValueOutOfRangeSendsNothing_data() {
  QTest::addColumn<QString>("name");
  QTest::addColumn<double>("value");
  QTest::addColumn<QString>("metadata_name");  // a vehicle range narrower than the firmware's, or none
  QTest::addColumn<double>("metadata_max");
  QTest::addColumn<QString>("message");
  // fc_params.h: RATE_RP_P 0 … 10, RATE_D_LPF_HZ 1 … 200.
  QTest::newRow("above the firmware's maximum")
      << "RATE_RP_P" << 10.5 << QString() << 0.0
      << "Nothing written: RATE_RP_P = 10.5 is outside the firmware's range 0 … 10.";
  QTest::newRow("negative") << "RATE_RP_D" << -0.001 << QString() << 0.0
                            << "Nothing written: RATE_RP_D = -0.001 is outside the firmware's range 0 … 1.";
  QTest::newRow("not a number") << "RATE_RP_I" << std::numeric_limits<double>::quiet_NaN() << QString() << 0.0
                                << "Nothing written: RATE_RP_I = nan: value is not a finite number.";
  QTest::newRow("outside the vehicle's metadata")
      << "RATE_RP_I" << 0.7 << "RATE_RP_I" << 0.5
      << "Nothing written: RATE_RP_I = 0.7 is outside the vehicle's range 0 … 0.5.";
  QTest::newRow("not listed by the vehicle")
      << "ALT_VEL_P" << 3.0 << QString() << 0.0
      << "Nothing written: the vehicle has not listed ALT_VEL_P (read its parameters on the Fly page's Parameters tab, "
         "then write again).";
}

void ParamSetWriterTest::aValueOutOfRangeSendsNothing() {
  QFETCH(QString, name);
  QFETCH(double, value);
  QFETCH(QString, metadata_name);
  QFETCH(double, metadata_max);
  QFETCH(QString, message);
  Rig rig;
  QVERIFY(rig.listed());
  QHash<QString, ParamInfo> metadata;
  if (!metadata_name.isEmpty()) {
    ParamInfo info;
    info.min = 0.0;
    info.max = metadata_max;
    metadata.insert(metadata_name, info);
  }
  QSignalSpy written(&rig.writer, &ParamSetWriter::written);
  QSignalSpy finished(&rig.writer, &ParamSetWriter::finished);
  // The bad value last: the good ones before it must not go out either.
  const QList<ParamWrite> set = {{"RATE_RP_P", 0.2}, {"ANG_RP_P", 9}, {name, value}};
  QCOMPARE(rig.writer.start(&rig.client, set, metadata), message);
  QVERIFY(!rig.writer.isWriting());
  // The writer never started, so no set is pending in the client and no timer of its could send
  // one; the frames the station sends are recorded as they are sent (ScriptedVehicle).
  QVERIFY(!rig.client.setPending());
  QCoreApplication::processEvents();
  QVERIFY(rig.vehicle.v.sentOf(MAVLINK_MSG_ID_PARAM_SET).empty());
  QVERIFY(rig.vehicle.set_names.empty());
  QCOMPARE(written.count(), 0);
  QCOMPARE(finished.count(), 0);
  QCOMPARE(rig.vehicle.table[0].value, 0.15);
}

void ParamSetWriterTest::theFirstRefusalStopsTheWrite() {
  Rig rig;
  QVERIFY(rig.listed());
  QSignalSpy written(&rig.writer, &ParamSetWriter::written);
  QSignalSpy finished(&rig.writer, &ParamSetWriter::finished);
  // 0.7 is within the firmware's 0 … 5 but beyond this vehicle's 0.5: only the vehicle knows.
  const QList<ParamWrite> set = {{"RATE_RP_P", 0.17}, {"RATE_RP_I", 0.7}, {"RATE_RP_D", 0.004}, {"ANG_RP_P", 9}};
  QCOMPARE(rig.writer.start(&rig.client, set, {}), QString());
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 3000);
  QCOMPARE(finished.at(0).at(0).toBool(), false);
  QCOMPARE(
      finished.at(0).at(1).toString(),
      QStringLiteral("Stopped at RATE_RP_I: RATE_RP_I = 0.7 refused, vehicle kept 0.2 (RATE_RP_I not set: value out "
                     "of range). 1 of 4 parameters were written before it; the rest were not sent."));
  QCOMPARE(written.count(), 1);
  // The writer has finished and the client holds no set: nothing more can be sent.
  QVERIFY(!rig.client.setPending());
  QCoreApplication::processEvents();
  QCOMPARE(rig.vehicle.set_names, (std::vector<QString>{"RATE_RP_P", "RATE_RP_I"}));  // RATE_RP_D, ANG_RP_P never sent
  QCOMPARE(rig.vehicle.table[2].value, 0.003);
}

void ParamSetWriterTest::silenceStopsTheWrite() {
  Rig rig;
  QVERIFY(rig.listed());
  rig.vehicle.silent = true;
  QSignalSpy finished(&rig.writer, &ParamSetWriter::finished);
  QCOMPARE(rig.writer.start(&rig.client, {{"RATE_RP_P", 0.17}, {"ANG_RP_P", 9}}, {}), QString());
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 3000);
  QCOMPARE(finished.at(0).at(0).toBool(), false);
  QCOMPARE(
      finished.at(0).at(1).toString(),
      QStringLiteral("Stopped at RATE_RP_P: RATE_RP_P: no answer from the vehicle after 3 tries. 0 of 2 parameters "
                     "were written before it; the rest were not sent."));
  QCOMPARE(rig.vehicle.set_names, (std::vector<QString>{"RATE_RP_P", "RATE_RP_P", "RATE_RP_P"}));  // its 3 tries only
}

QTEST_GUILESS_MAIN(ParamSetWriterTest)
#include "param_set_writer_test.moc"
