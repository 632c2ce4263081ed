// Parameter files in QGroundControl's (.params) and Mission Planner's (.param) formats: written
// and read back exactly (integers at the INT32 and UINT32 limits, above 2^24 where a float would
// round), comments, CRLF line ends, a byte-order mark, every bad line named by its number, an
// empty file, and the comparison of a file with a vehicle's table. The layouts are the two
// programs' own: QGroundControl's ParameterManager::writeParametersToStream (five tab-separated
// fields, type as the MAV_PARAM_TYPE number of common.xml, header comments), Mission Planner's
// ParamFile.cs (NAME,VALUE; its reader splits on commas, spaces and tabs, skips '#').
#include "app/vehicle/param_file.h"

#include <QtTest>

#include <cmath>

using namespace navigator::paramfile;
using Kind = LineProblem::Kind;

namespace {

// A table with each type's limits. 16777217 = 2^24 + 1: the first integer a float cannot hold
// (float(16777217) == 16777216), so any trip through a float would show.
std::vector<VehicleParam> limits() {
  return {
      {"I32_MIN", -2147483648.0, kInt32},
      {"I32_MAX", 2147483647.0, kInt32},
      {"U32_MAX", 4294967295.0, kUint32},
      {"U32_ODD", 16777217.0, kUint32},
      {"U32_BIG", 4000000001.0, kUint32},
      {"U8_MAX", 255, kUint8},
      {"I8_MIN", -128, kInt8},
      {"U16_MAX", 65535, kUint16},
      {"I16_MIN", -32768, kInt16},
      {"GAIN", double(0.15f), kReal32},
      {"TINY", double(1e-7f), kReal32},
      {"NEG", double(-3.5f), kReal32},
  };
}

const Entry* entry(const ParsedFile& f, const std::string& name) {
  for (const Entry& e : f.entries)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace

class ParamFileTest : public QObject {
  Q_OBJECT

 private slots:
  void formatsByExtension() {
    QCOMPARE(formatOfFileName("/home/a/quad.params"), std::optional(Format::QGroundControl));
    QCOMPARE(formatOfFileName("C:\\x\\copter.PARAM"), std::optional(Format::MissionPlanner));
    QCOMPARE(formatOfFileName("old.parm"), std::optional(Format::MissionPlanner));
    QVERIFY(!formatOfFileName("notes.txt"));
    QVERIFY(!formatOfFileName("noext"));
  }

  // Integers as their digits, never through a float; REAL32 as the shortest text of the float.
  void valuesAreWrittenExactly() {
    QCOMPARE(valueText(4294967295.0, kUint32), std::string("4294967295"));
    QCOMPARE(valueText(-2147483648.0, kInt32), std::string("-2147483648"));
    QCOMPARE(valueText(16777217.0, kUint32), std::string("16777217"));  // a float would say 16777216
    QCOMPARE(valueText(double(0.15f), kReal32), std::string("0.15"));
    QCOMPARE(valueText(double(1e-7f), kReal32), std::string("1e-07"));
  }

  void qgroundcontrolRoundTrip() {
    const std::string text = write(Format::QGroundControl, {7, 1, "PX4"}, limits());
    QVERIFY(text.find("# Onboard parameters for Vehicle 7\n") == 0);
    QVERIFY(text.find("7\t1\tU32_MAX\t4294967295\t5\n") != std::string::npos);
    QVERIFY(text.find("7\t1\tGAIN\t0.15\t9\n") != std::string::npos);
    const ParsedFile back = parse(text, Format::MissionPlanner);
    QCOMPARE(back.format, Format::QGroundControl);
    QVERIFY(back.problems.empty());
    QCOMPARE(back.entries.size(), limits().size());
    for (const VehicleParam& p : limits()) {
      const Entry* e = entry(back, p.name);
      QVERIFY2(e, p.name.c_str());
      QCOMPARE(e->value, p.value);  // exact: double == double
      QCOMPARE(e->mav_type, p.mav_type);
      QCOMPARE(e->system_id, 7);
      QCOMPARE(e->component_id, 1);
    }
    const Comparison c = compare(back.entries, limits(), {1, false});
    QCOMPARE(c.same.size(), limits().size());
    QVERIFY(c.changed.empty() && c.refused.empty() && c.only_in_file.empty() && c.only_on_vehicle.empty());
  }

  void missionPlannerRoundTrip() {
    const std::string text = write(Format::MissionPlanner, {2, 1, "ArduCopter"}, limits());
    QVERIFY(text.find("\nI32_MIN,-2147483648\n") != std::string::npos);  // sorted: after the comment
    const ParsedFile back = parse(text, Format::QGroundControl);
    QCOMPARE(back.format, Format::MissionPlanner);
    QVERIFY(back.problems.empty());
    QCOMPARE(back.entries.size(), limits().size());
    QCOMPARE(entry(back, "U32_ODD")->value, 16777217.0);
    QCOMPARE(entry(back, "U32_BIG")->value, 4000000001.0);
    QCOMPARE(entry(back, "I32_MAX")->mav_type, std::uint8_t(0));  // the format carries no types
    const Comparison c = compare(back.entries, limits(), {1, false});
    QCOMPARE(c.same.size(), limits().size());
  }

  // A file as QGroundControl writes it (header, 18 decimals), saved with CRLF and a BOM.
  void qgroundcontrolFileWithCommentsAndCrlf() {
    const std::string text =
        "\xEF\xBB\xBF# Onboard parameters for Vehicle 1\r\n#\r\n# Stack: PX4 Pro\r\n"
        "# Vehicle-Id Component-Id Name Value Type\r\n"
        "1\t1\tMC_ROLLRATE_P\t0.150000005960464478\t9\r\n"
        "\r\n"
        "1\t1\tSYS_AUTOSTART\t4001\t6\r\n";
    const ParsedFile f = parse(text, Format::MissionPlanner);
    QCOMPARE(f.format, Format::QGroundControl);
    QVERIFY(f.problems.empty());
    QCOMPARE(f.data_lines, 2);
    QCOMPARE(f.entries.size(), std::size_t(2));
    QCOMPARE(float(f.entries[0].value), 0.15f);  // 18 decimals of the float's value: that float
    QCOMPARE(f.entries[0].line, 5);
    QCOMPARE(f.entries[1].value, 4001.0);
    QCOMPARE(f.entries[1].line, 7);
  }

  // Mission Planner's reader takes a comma, a space or a tab (and runs of them).
  void missionPlannerSeparators() {
    const ParsedFile f = parse("#NOTE: 28.11.2026\nA,1\r\nB 2\nC\t3\nD, -4.5\n\n# end\n", Format::QGroundControl);
    QCOMPARE(f.format, Format::MissionPlanner);
    QVERIFY(f.problems.empty());
    QCOMPARE(f.entries.size(), std::size_t(4));
    QCOMPARE(f.entries[3].name, std::string("D"));
    QCOMPARE(f.entries[3].value, -4.5);
    QCOMPARE(f.entries[3].line, 5);
  }

  // Every bad line by its number and what is wrong; the good lines are still read.
  void badLinesAreNamed() {
    const std::string text =
        "# header\n"                       // 1
        "1\t1\tGOOD\t5\t6\n"               // 2
        "1\t1\tSHORT\t5\n"                 // 3: four fields
        "1\t1\tWORD\tabc\t9\n"             // 4: not a number
        "1\t1\tODD_TYPE\t1\t42\n"          // 5: no MAV_PARAM_TYPE 42
        "1\t1\tHALF\t1.5\t6\n"             // 6: INT32 with a fraction
        "1\t1\tBYTE\t256\t1\n"             // 7: UINT8 holds 0..255
        "1\t1\tGOOD\t6\t6\n"               // 8: again (first on 2)
        "1\t1\tA_NAME_TOO_LONG_X\t1\t6\n"  // 9: 17 characters
        "300\t1\tSYSID\t1\t6\n"            // 10: vehicle id above 255
        "MP_STYLE,3\n"                     // 11: Mission Planner's line
        "1\t1\tINF\tinf\t9\n"              // 12: not finite
        "1\t1\tLAST\t-2147483648\t6\n";    // 13: good
    const ParsedFile f = parse(text, Format::QGroundControl);
    QCOMPARE(f.entries.size(), std::size_t(2));
    QCOMPARE(f.entries[0].name, std::string("GOOD"));
    QCOMPARE(f.entries[1].value, -2147483648.0);
    const std::vector<std::pair<int, Kind>> expected{
        {3, Kind::FieldCount},   {4, Kind::NotANumber}, {5, Kind::UnknownType}, {6, Kind::NotWhole},
        {7, Kind::OutsideType},  {8, Kind::Duplicate},  {9, Kind::LongName},    {10, Kind::BadId},
        {11, Kind::OtherFormat}, {12, Kind::NotFinite}};
    QCOMPARE(f.problems.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      QCOMPARE(f.problems[i].line, expected[i].first);
      QVERIFY2(f.problems[i].kind == expected[i].second, qPrintable(QString::number(f.problems[i].line)));
    }
    QCOMPARE(f.problems[0].count, 4);                  // fields found
    QCOMPARE(f.problems[1].text, std::string("abc"));  // what the file says
    QCOMPARE(f.problems[5].count, 2);                  // where GOOD was first
    QCOMPARE(f.problems[6].name, std::string("A_NAME_TOO_LONG_X"));
  }

  void missionPlannerBadLines() {
    const ParsedFile f = parse("A,1\nB\nC,x\nD,1,2\n1\t1\tE\t1\t6\n", Format::MissionPlanner);
    QCOMPARE(f.entries.size(), std::size_t(1));
    QCOMPARE(f.problems.size(), std::size_t(4));
    QCOMPARE(f.problems[0].line, 2);
    QVERIFY(f.problems[0].kind == Kind::FieldCount);
    QCOMPARE(f.problems[1].line, 3);
    QVERIFY(f.problems[1].kind == Kind::NotANumber);
    QCOMPARE(f.problems[2].count, 3);
    QVERIFY(f.problems[3].kind == Kind::OtherFormat);
  }

  void emptyFiles() {
    for (const char* text : {"", "\n\r\n", "# only a comment\n#\n"}) {
      const ParsedFile f = parse(text, Format::MissionPlanner);
      QVERIFY(f.entries.empty() && f.problems.empty());
      QCOMPARE(f.data_lines, 0);
      QCOMPARE(f.format, Format::MissionPlanner);  // the caller's, from the file name
    }
  }

  // Each file line in one list: changed (old → new), same, only in the file, refused, another
  // component's; then what only the vehicle has.
  void comparisonSortsEveryLine() {
    std::vector<VehicleParam> vehicle{{"A", 1, kInt32},  {"B", double(0.5f), kReal32}, {"C", 7, kInt32},
                                      {"D", 10, kUint8}, {"R", 2, kReal32, 0, 5},      {"W", 0, kInt64}};
    const ParsedFile f = parse("A,2\nB,0.5\nE,3\nD,300\nR,6\nW,1\n", Format::MissionPlanner);
    Comparison c = compare(f.entries, vehicle, {});
    QCOMPARE(c.changed.size(), std::size_t(1));
    QCOMPARE(c.changed[0].name, std::string("A"));
    QCOMPARE(c.changed[0].vehicle_value, 1.0);
    QCOMPARE(c.changed[0].file_value, 2.0);
    QCOMPARE(c.changed[0].line, 1);
    QCOMPARE(c.same.size(), std::size_t(1));
    QCOMPARE(c.only_in_file.size(), std::size_t(1));
    QCOMPARE(c.only_in_file[0].name, std::string("E"));
    QCOMPARE(c.only_on_vehicle.size(), std::size_t(1));
    QCOMPARE(c.only_on_vehicle[0].name, std::string("C"));
    QCOMPARE(c.refused.size(), std::size_t(3));
    QVERIFY(c.refused[0].refusal == Difference::Refusal::OutsideType);     // D: UINT8 holds 0..255
    QVERIFY(c.refused[1].refusal == Difference::Refusal::OutsideRange);    // R: metadata 0..5
    QVERIFY(c.refused[2].refusal == Difference::Refusal::TypeNotCarried);  // W: INT64

    // Another component's line (a camera's parameters in QGroundControl's file) is not the vehicle's.
    const ParsedFile q = parse("1\t1\tA\t1\t6\n1\t100\tA\t5\t6\n", Format::QGroundControl);
    c = compare(q.entries, vehicle, {1, false});
    QCOMPARE(c.same.size(), std::size_t(1));
    QCOMPARE(c.other_component.size(), std::size_t(1));
    QCOMPARE(c.other_component[0].component_id, 100);
  }

  // ArduPilot carries integers as a float (C cast): above 2^24 only the even ones (to 2^25)
  // reach it exactly; bytewise (PX4) every 32-bit integer does.
  void castIntegersAboveTwoToThe24() {
    const std::vector<VehicleParam> vehicle{{"BIG", 0, kInt32}, {"EVEN", 0, kInt32}};
    const ParsedFile f = parse("BIG,16777217\nEVEN,16777218\n", Format::MissionPlanner);
    Comparison c = compare(f.entries, vehicle, {-1, true});
    QCOMPARE(c.refused.size(), std::size_t(1));
    QVERIFY(c.refused[0].refusal == Difference::Refusal::InexactFloat);
    QCOMPARE(c.changed.size(), std::size_t(1));
    QCOMPARE(c.changed[0].file_value, 16777218.0);
    c = compare(f.entries, vehicle, {-1, false});
    QCOMPARE(c.changed.size(), std::size_t(2));
  }

  // Only the types PARAM_VALUE carries are written (a 64-bit one's value is not known).
  void writeLeavesOutUncarriedTypes() {
    const std::string text = write(Format::MissionPlanner, {1, 1, ""}, {{"A", 1, kInt32}, {"W", 0, kInt64}});
    QVERIFY(text.find("A,1\n") != std::string::npos);
    QVERIFY(text.find("W,") == std::string::npos);
  }
};

QTEST_APPLESS_MAIN(ParamFileTest)
#include "param_file_test.moc"
