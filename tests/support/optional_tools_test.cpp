// tests/support/optional_tools.h: which missing tool skips a test and which fails it, the
// messages that say so, and the required tools' packages checked against scripts/setup.sh.
#include "tests/support/optional_tools.h"

#include <QFile>
#include <QtTest>

using navigator::test::findOnPath;
using navigator::test::kOptionalTools;
using navigator::test::kRequiredTools;
using navigator::test::MissingTool;
using navigator::test::missingTool;
using navigator::test::TestTool;

class OptionalToolsTest : public QObject {
  Q_OBJECT

 private slots:
  void aRequiredToolFailsWithItsPackage() {
    const MissingTool m = missingTool("socat");
    QVERIFY(!m.skip);
    QCOMPARE(QString::fromStdString(m.message),
             QStringLiteral("socat is missing, and the tests do not go without it: it is not on the list of optional "
                            "tools in tests/support/optional_tools.h. Run scripts/setup.sh: it installs the Debian "
                            "package(s) socat."));
  }

  void aMissingFileNamesTheToolThatMakesIt() {
    const MissingTool m = missingTool("arm-none-eabi-gcc", "no board image at /b/vayu_stm32f4.elf");
    QVERIFY(!m.skip);
    QVERIFY2(m.message.starts_with("arm-none-eabi-gcc is missing (no board image at /b/vayu_stm32f4.elf), and the "
                                   "tests do not go without it"),
             m.message.c_str());
    QVERIFY2(m.message.ends_with("gcc-arm-none-eabi libnewlib-arm-none-eabi. Then configure and build again."),
             m.message.c_str());
  }

  void aToolOnNoListFailsToo() {
    const MissingTool m = missingTool("navigator-unknown-tool");
    QVERIFY(!m.skip);
    QVERIFY2(m.message.ends_with("Install it; scripts/setup.sh installs what the tests need."), m.message.c_str());
  }

  void anOptionalToolSkipsWithItsReason() {
    // A list of this test's own, whatever the shipped one holds.
    constexpr std::array<TestTool, 1> optional = {TestTool{"px4", "a user's own PX4 build, not a Debian package"}};
    const MissingTool m = missingTool("px4", {}, optional);
    QVERIFY(m.skip);
    QCOMPARE(QString::fromStdString(m.message),
             QStringLiteral("px4 is missing; it is optional (tests/support/optional_tools.h): a user's own PX4 "
                            "build, not a Debian package"));
    QVERIFY(!missingTool("socat", {}, optional).skip);
  }

  void noToolIsBothOptionalAndRequired() {
    for (const TestTool& o : kOptionalTools) {
      for (const TestTool& r : kRequiredTools) QVERIFY2(o.name != r.name, std::string(o.name).c_str());
    }
  }

  void everyRequiredPackageIsInstalledBySetup() {
    // scripts/setup.sh's package list, word by word: each package a message names must be in it.
    QFile setup(QStringLiteral(NAVIGATOR_SOURCE_DIR "/scripts/setup.sh"));
    QVERIFY(setup.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString text = QString::fromUtf8(setup.readAll());
    const qsizetype begin = text.indexOf(QStringLiteral("packages=("));
    const qsizetype end = text.indexOf(QStringLiteral("\n)"), begin);
    QVERIFY(begin >= 0 && end > begin);
    QStringList words;
    for (const QString& line : text.mid(begin, end - begin).split(QLatin1Char('\n')))
      words += line.section(QLatin1Char('#'), 0, 0).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const TestTool& r : kRequiredTools) {
      for (const QString& package : QString::fromUtf8(r.why_or_packages.data(), qsizetype(r.why_or_packages.size()))
                                        .split(QLatin1Char(' '), Qt::SkipEmptyParts))
        QVERIFY2(words.contains(package), qPrintable(package + QStringLiteral(" is not in scripts/setup.sh")));
    }
  }

  void findOnPathLooksInEachFolder() {
    QVERIFY(!findOnPath("sh").empty());
    QVERIFY(findOnPath("navigator-no-such-program").empty());
    QVERIFY(findOnPath("").empty());
  }

  void aPresentToolLetsTheTestGoOn() {
    bool reached = false;
    [&] {
      NAVIGATOR_REQUIRE_PROGRAM("sh");
      NAVIGATOR_REQUIRE_TOOL("socat", true, std::string_view());
      reached = true;
    }();
    QVERIFY(reached);
  }
};

QTEST_GUILESS_MAIN(OptionalToolsTest)
#include "optional_tools_test.moc"
