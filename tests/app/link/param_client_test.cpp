// ParamClient against a scripted vehicle that keeps a small parameter table the way the flight
// firmware does (fc_link.c): the list streamed, reads by index, a set echoed with the value in
// force, a refused set preceded by a STATUSTEXT saying why.
#include "app/link/param_client.h"
#include "tests/app/link/scripted_vehicle.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>
#include <set>

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
  std::uint8_t type;
  double value, min, max;
};

// The vehicle's side of the parameter protocol, with faults to switch on.
class ParamVehicle {
 public:
  explicit ParamVehicle(MavlinkConnection* c) : v(c) {
    v.answer = [this](const mavlink_frame_t& f) { onFrame(f); };
  }

  void sendValue(int index) {
    const Entry& e = table[std::size_t(index)];
    mavlink_param_value_t m{};
    std::memcpy(m.param_id, e.name, std::min(std::strlen(e.name), sizeof m.param_id));
    m.param_type = e.type;
    m.param_value = ParamClient::encode(e.type, e.value);
    m.param_count = std::uint16_t(table.size());
    m.param_index = std::uint16_t(index);
    v.send(m);
  }

  void onFrame(const mavlink_frame_t& f) {
    if (f.msgid == MAVLINK_MSG_ID_PARAM_REQUEST_LIST && answer_list) {
      for (int i = 0; i < int(table.size()); ++i)
        if (!lost_in_list.count(i)) sendValue(i);
    }
    mavlink_param_request_read_t r;
    if (mavlink_param_request_read_decode(&f, &r)) {
      reads.push_back(r.param_index);
      if (!never_answer.count(r.param_index)) sendValue(r.param_index);
    }
    mavlink_param_set_t s;
    if (mavlink_param_set_decode(&f, &s)) {
      ++sets;
      if (sets <= silent_sets) return;
      for (int i = 0; i < int(table.size()); ++i) {
        if (std::strncmp(table[std::size_t(i)].name, s.param_id, 16) != 0) continue;
        Entry& e = table[std::size_t(i)];
        set_types.push_back(s.param_type);
        const double value = ParamClient::decode(s.param_type, s.param_value);
        if (value >= e.min && value <= e.max) {
          e.value = value;
        } else {
          const QByteArray text = QByteArray(e.name) + " not set: value out of range";
          v.statusText(4, text.constData());
        }
        sendValue(i);
      }
    }
  }

  ScriptedVehicle v;
  std::vector<Entry> table = {
      {"RATE_RP_P", 9, 0.15, 0, 10},
      {"SENS_ROT", 6, 0, 0, 7},
      {"A_NAME_OF_16_CH", 9, 1.0, 0, 2},
      {"SIXTEEN_CHARS_ID", 9, 2.5, 0, 5},  // 16 characters: no terminator on the wire
      {"SYSID", 6, 1, 1, 250},
  };
  std::set<int> lost_in_list, never_answer;
  std::vector<int> reads;
  std::vector<std::uint8_t> set_types;
  bool answer_list = true;
  int sets = 0, silent_sets = 0;
};

}  // namespace

class ParamClientTest : public QObject {
  Q_OBJECT

 private slots:
  void encodingMatchesTheFirmware();
  void listAssembledWithTheMissingIndexReread();
  void listGivesUpNamingTheMissingIndices();
  void listWithoutAnyAnswerGivesUp();
  void setAcceptedFloatAndInteger();
  void setRefusedSaysWhatTheVehicleKept();
  void setRetriedOnSilenceThenGivesUp();
  void badSetsRefusedBeforeSending();
};

void ParamClientTest::encodingMatchesTheFirmware() {
  // fc_link.c puts an INT32 bytewise in the float field.
  const std::int32_t seven = 7;
  float field;
  std::memcpy(&field, &seven, sizeof field);
  QCOMPARE(std::memcmp(&field, &seven, 4), 0);
  const float encoded = ParamClient::encode(ParamClient::kTypeInt32, 7);
  QCOMPARE(std::memcmp(&encoded, &seven, 4), 0);
  QCOMPARE(ParamClient::decode(ParamClient::kTypeInt32, field), 7.0);
  QCOMPARE(ParamClient::decode(ParamClient::kTypeInt32, ParamClient::encode(ParamClient::kTypeInt32, -250)), -250.0);
  QCOMPARE(ParamClient::decode(ParamClient::kTypeUint8, ParamClient::encode(ParamClient::kTypeUint8, 200)), 200.0);
  QCOMPARE(ParamClient::decode(ParamClient::kTypeInt16, ParamClient::encode(ParamClient::kTypeInt16, -3)), -3.0);
  QCOMPARE(ParamClient::encode(ParamClient::kTypeReal32, 0.15), 0.15f);
}

void ParamClientTest::listAssembledWithTheMissingIndexReread() {
  MavlinkConnection c;
  ParamVehicle vehicle(&c);
  ParamClient params(&c, fast());
  params.setTarget(1, 1);
  vehicle.lost_in_list = {2};
  QSignalSpy done(&params, &ParamClient::listComplete);
  QSignalSpy progress(&params, &ParamClient::progress);
  params.requestAll();
  QVERIFY(params.downloading());
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 2000);
  QCOMPARE(done.at(0).at(0).toInt(), 5);
  QVERIFY(params.complete());
  QCOMPARE(vehicle.reads, std::vector<int>{2});  // only the missing one was asked for
  QCOMPARE(progress.last().at(0).toInt(), 5);
  QCOMPARE(progress.last().at(1).toInt(), 5);
  const QList<ParamValue> all = params.params();
  QCOMPARE(all.size(), 5);
  QCOMPARE(all[2].name, QStringLiteral("A_NAME_OF_16_CH"));
  QCOMPARE(all[3].name, QStringLiteral("SIXTEEN_CHARS_ID"));
  QCOMPARE(all[3].value, 2.5);
  QCOMPARE(all[1].name, QStringLiteral("SENS_ROT"));
  QVERIFY(all[1].isInteger());
  QCOMPARE(params.param("SYSID")->value, 1.0);
  QCOMPARE(params.param("RATE_RP_P")->text(), QStringLiteral("0.15"));
  QVERIFY(!params.downloading());
}

void ParamClientTest::listGivesUpNamingTheMissingIndices() {
  MavlinkConnection c;
  ParamVehicle vehicle(&c);
  ParamClient params(&c, fast());
  params.setTarget(1, 1);
  vehicle.lost_in_list = {1, 4};
  vehicle.never_answer = {4};
  QSignalSpy failed(&params, &ParamClient::listFailed);
  params.requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 3000);
  QCOMPARE(failed.at(0).at(0).toString(),
           QStringLiteral("Parameter list incomplete: 4 of 5 received; indices 4 still missing after 3 re-reads"));
  QCOMPARE(std::count(vehicle.reads.begin(), vehicle.reads.end(), 4), 3);
  QCOMPARE(std::count(vehicle.reads.begin(), vehicle.reads.end(), 1), 1);
  QVERIFY(!params.complete());
}

void ParamClientTest::listWithoutAnyAnswerGivesUp() {
  MavlinkConnection c;
  ParamVehicle vehicle(&c);
  vehicle.answer_list = false;
  ParamClient params(&c, fast());
  QSignalSpy failed(&params, &ParamClient::listFailed);
  params.requestAll();  // no target yet
  QCOMPARE(failed.count(), 1);
  QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("Cannot read the parameters: no vehicle connected"));
  params.setTarget(1, 1);
  params.requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 2000);
  QCOMPARE(failed.at(1).at(0).toString(), QStringLiteral("No answer to the parameter list request after 3 tries"));
  QCOMPARE(vehicle.v.sentOf(MAVLINK_MSG_ID_PARAM_REQUEST_LIST).size(), std::size_t(3));
}

void ParamClientTest::setAcceptedFloatAndInteger() {
  MavlinkConnection c;
  ParamVehicle vehicle(&c);
  ParamClient params(&c, fast());
  params.setTarget(1, 1);
  QSignalSpy done(&params, &ParamClient::listComplete);
  QSignalSpy sets(&params, &ParamClient::setFinished);
  params.requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 2000);
  params.setParam("RATE_RP_P", 0.2);
  params.setParam("SENS_ROT", 3);
  params.setParam("SIXTEEN_CHARS_ID", 4.25);
  QTRY_COMPARE_WITH_TIMEOUT(sets.count(), 3, 2000);
  QCOMPARE(sets.at(0).at(1).toBool(), true);
  QCOMPARE(sets.at(0).at(2).toString(), QStringLiteral("RATE_RP_P = 0.2"));
  QCOMPARE(sets.at(1).at(2).toString(), QStringLiteral("SENS_ROT = 3"));
  QCOMPARE(sets.at(2).at(1).toBool(), true);
  QCOMPARE(vehicle.set_types, (std::vector<std::uint8_t>{9, 6, 9}));
  QCOMPARE(vehicle.table[1].value, 3.0);  // arrived bytewise as INT32, decoded by the vehicle
  QCOMPARE(params.param("SENS_ROT")->value, 3.0);
  QCOMPARE(params.param("RATE_RP_P")->value, double(0.2f));
}

void ParamClientTest::setRefusedSaysWhatTheVehicleKept() {
  MavlinkConnection c;
  ParamVehicle vehicle(&c);
  ParamClient params(&c, fast());
  params.setTarget(1, 1);
  QSignalSpy done(&params, &ParamClient::listComplete);
  QSignalSpy sets(&params, &ParamClient::setFinished);
  params.requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 2000);
  params.setParam("RATE_RP_P", 99);
  QTRY_COMPARE_WITH_TIMEOUT(sets.count(), 1, 2000);
  QCOMPARE(sets.at(0).at(0).toString(), QStringLiteral("RATE_RP_P"));
  QCOMPARE(sets.at(0).at(1).toBool(), false);
  QCOMPARE(sets.at(0).at(2).toString(),
           QStringLiteral("RATE_RP_P = 99 refused, vehicle kept 0.15 (RATE_RP_P not set: value out of range)"));
  QCOMPARE(params.param("RATE_RP_P")->value, double(0.15f));
  QCOMPARE(vehicle.sets, 1);  // a refusal is an answer: not resent
}

void ParamClientTest::setRetriedOnSilenceThenGivesUp() {
  MavlinkConnection c;
  ParamVehicle vehicle(&c);
  ParamClient params(&c, fast());
  params.setTarget(1, 1);
  QSignalSpy done(&params, &ParamClient::listComplete);
  QSignalSpy sets(&params, &ParamClient::setFinished);
  params.requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 2000);
  vehicle.silent_sets = 1;  // the first PARAM_SET is lost
  params.setParam("SYSID", 2);
  QTRY_COMPARE_WITH_TIMEOUT(sets.count(), 1, 2000);
  QCOMPARE(sets.at(0).at(1).toBool(), true);
  QCOMPARE(vehicle.sets, 2);

  vehicle.silent_sets = 100;
  params.setParam("SYSID", 3);
  QTRY_COMPARE_WITH_TIMEOUT(sets.count(), 2, 2000);
  QCOMPARE(sets.at(1).at(1).toBool(), false);
  QCOMPARE(sets.at(1).at(2).toString(), QStringLiteral("SYSID: no answer from the vehicle after 3 tries"));
  QCOMPARE(vehicle.sets, 5);
}

void ParamClientTest::badSetsRefusedBeforeSending() {
  MavlinkConnection c;
  ParamVehicle vehicle(&c);
  ParamClient params(&c, fast());
  QSignalSpy sets(&params, &ParamClient::setFinished);
  params.setParam("RATE_RP_P", 1);
  QCOMPARE(sets.last().at(2).toString(), QStringLiteral("RATE_RP_P: no vehicle connected"));
  params.setTarget(1, 1);
  QSignalSpy done(&params, &ParamClient::listComplete);
  params.requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 2000);
  params.setParam("NO_SUCH", 1);
  QCOMPARE(sets.last().at(2).toString(), QStringLiteral("NO_SUCH: unknown parameter (read the parameter list first)"));
  params.setParam("SENS_ROT", 2.5);
  QCOMPARE(sets.last().at(2).toString(), QStringLiteral("SENS_ROT is an integer parameter; 2.5 is not a whole number"));
  params.setParam("RATE_RP_P", std::nan(""));
  QCOMPARE(sets.last().at(2).toString(), QStringLiteral("RATE_RP_P: the value is not a finite number"));
  params.setParam("SEVENTEEN_CHARS_X", 1);
  QCOMPARE(sets.last().at(2).toString(),
           QStringLiteral("SEVENTEEN_CHARS_X: a parameter name has at most 16 characters"));
  QCOMPARE(sets.count(), 5);
  QCOMPARE(vehicle.sets, 0);
}

QTEST_GUILESS_MAIN(ParamClientTest)
#include "param_client_test.moc"
