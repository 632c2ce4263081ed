// The layering check of docs/architecture.md's layer table: the real tree has no forbidden
// #include, and a tree with planted violations has exactly those, each named by file and line.
#include "tests/architecture/layering.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace navigator::architecture;

namespace {

void write(const std::filesystem::path& root, const std::string& path, const std::string& text) {
  std::filesystem::create_directories((root / path).parent_path());
  std::ofstream(root / path) << text;
}

std::vector<std::string> lines(const std::vector<Violation>& vs) {
  std::vector<std::string> out;
  for (const auto& v : vs) out.push_back(describe(v));
  return out;
}

QString joined(const std::vector<Violation>& vs) {
  QString s;
  for (const auto& l : lines(vs)) s += QString::fromStdString(l) + "\n";
  return s;
}

}  // namespace

class LayeringTest : public QObject {
  Q_OBJECT

 private slots:
  void modulesAreFoldersLongestPrefixFirst() {
    QCOMPARE(moduleOf("sim/world/contact.h"), std::string("sim/world"));
    QCOMPARE(moduleOf("sim/simulator.h"), std::string("sim"));
    QCOMPARE(moduleOf("sim/service/sim_service.cpp"), std::string("sim/service"));
    QCOMPARE(moduleOf("firmware/hal/sitl/vayu_sitl.c"), std::string("firmware/hal/sitl"));
    QCOMPARE(moduleOf("app/main.cpp"), std::string("app"));
    QCOMPARE(moduleOf("widgets/flight_panel.h"), std::string("widgets"));
    QCOMPARE(moduleOf("widgets/plots/live_plot.h"), std::string("widgets/plots"));
    QCOMPARE(moduleOf("tests/sim/world/contact_test.cpp"), std::string());  // tests are not checked
    QCOMPARE(moduleOf("simulator.h"), std::string());
  }

  void theTreeKeepsToTheDesign() {
    const auto violations = checkTree(NAVIGATOR_SOURCE_DIR, NAVIGATOR_QT_INCLUDE_DIR);
    if (!violations.empty()) qWarning("%s", qPrintable(joined(violations)));
    QCOMPARE(violations.size(), std::size_t(0));
  }

  void plantedViolationsAreNamedByFileAndLine() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path root = dir.path().toStdString();
    // Allowed: each of these is an arrow of the layer table (directly or through lower layers).
    write(root, "sim/world/ok.h", "#pragma once\n#include \"sim/mass/mass_properties.h\"\n#include <Eigen/Core>\n");
    write(root, "app/ui/ok.cpp", "#include \"app/core/x.h\"\n#include \"sim/base/frames.h\"\n#include <QLabel>\n");
    write(root, "app/core/ok.cpp", "#include \"app/link/y.h\"\n#include <QString>\n#include \"ok.moc\"\n");
    write(root, "firmware/core/ok.c", "#include \"firmware/protocol/vayu_protocol.h\"\n#include <math.h>\n");
    // Forbidden, one per line named below.
    write(root, "widgets/planted_view.cpp", "// a widget\n\n#include \"sim/simulator.h\"\n");
    write(root, "sim/geometry/planted.h", "#pragma once\n#include \"sim/world/world.h\"\n");
    write(root, "sim/vehicle/planted.cpp", "#include <QString>\n");
    write(root, "firmware/core/planted.c", "#include <stdlib.h>\n#include \"firmware/link/fc_link.h\"\n");
    write(root, "app/core/planted.cpp", "#include <QLabel>\n#include \"widgets/flight_panel.h\"\n");
    write(root, "app/link/planted.cpp", "#include \"helper.h\"\n");
    write(root, "flight/planted.cpp", "#include \"tests/sim/shipped_airframes.h\"\n");

    const auto found = lines(checkTree(root, NAVIGATOR_QT_INCLUDE_DIR));
    qInfo("%s", qPrintable(joined(checkTree(root, NAVIGATOR_QT_INCLUDE_DIR))));
    const std::vector<std::string> expected_prefixes = {
        "app/core/planted.cpp:1: #include <QLabel>: app/core is the station's core",
        "app/core/planted.cpp:2: #include \"widgets/flight_panel.h\": app/core may not include widgets",
        "app/link/planted.cpp:1: #include \"helper.h\": not a header of a module",
        "firmware/core/planted.c:1: #include <stdlib.h>: firmware/core is portable firmware",
        "firmware/core/planted.c:2: #include \"firmware/link/fc_link.h\": firmware/core may not include firmware/link",
        "flight/planted.cpp:1: #include \"tests/sim/shipped_airframes.h\": not a header of a module",
        "sim/geometry/planted.h:2: #include \"sim/world/world.h\": sim/geometry may not include sim/world",
        "sim/vehicle/planted.cpp:1: #include <QString>: sim/vehicle never includes Qt",
        "widgets/planted_view.cpp:3: #include \"sim/simulator.h\": widgets may not include sim",
    };
    QCOMPARE(found.size(), expected_prefixes.size());
    for (std::size_t i = 0; i < found.size(); ++i)
      QVERIFY2(found[i].rfind(expected_prefixes[i], 0) == 0,
               (found[i] + "\n  expected: " + expected_prefixes[i]).c_str());
    // The message says what the module may include instead.
    QVERIFY(found[6].find("lets it include sim/base, sim/geometry)") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(LayeringTest)
#include "layering_test.moc"
