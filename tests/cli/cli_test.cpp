// The command-line tools' shared parsing (cli/cli.h): the words of every kind of usage error,
// help, checked options, and JSON numbers (non-finite → null, as the README documents).
#include "cli/cli.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

using navigator::cli::ParseOutcome;

namespace {

// A tool with one of each kind of option, parsed from `args` (argv[0] is the tool's name).
struct Tool {
  CLI::App app{"a test tool", "tool"};
  std::string name;
  double duration = -1;
  long long seed = -1;
  std::vector<double> duty;
  std::array<double, 3> wind{};
  bool quiet = false;
  Tool() {
    app.add_option("--name", name)->required();
    navigator::cli::addNumber(
        app, "--duration", duration, [](double d) { return d > 0; }, "a positive number of seconds", "");
    navigator::cli::addWhole(app, "--seed", seed, 0, 100, "a whole number from 0 to 100", "");
    navigator::cli::addList(app, "--duty", duty, "a comma-separated list of numbers", "");
    navigator::cli::addTriple(app, "--wind", wind, "three numbers N,E,D", "");
    app.add_flag("--quiet", quiet);
  }
  ParseOutcome parse(std::vector<const char*> args) {
    args.insert(args.begin(), "tool");
    return navigator::cli::parseArguments(app, int(args.size()), args.data());
  }
};

}  // namespace

class CliTest : public QObject {
  Q_OBJECT

 private slots:
  void goodArgumentsAreTaken() {
    Tool t;
    const ParseOutcome o = t.parse(
        {"--name", "x", "--duration", "2.5", "--seed", "7", "--duty", "0.5,0.6", "--wind", "3,0,-1", "--quiet"});
    QVERIFY2(o.error.empty(), o.error.c_str());
    QVERIFY(!o.help);
    QCOMPARE(t.duration, 2.5);
    QCOMPARE(t.seed, 7LL);
    QCOMPARE(t.duty, (std::vector<double>{0.5, 0.6}));
    QCOMPARE(t.wind[2], -1.0);
    QVERIFY(t.quiet);
  }

  void usageErrorsReadTheSameInEveryTool_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("required") << QStringList{"--duration", "1"} << "--name is required";
    QTest::newRow("no value") << QStringList{"--name", "x", "--duration"} << "--duration needs a value";
    QTest::newRow("unknown option") << QStringList{"--name", "x", "--frobnicate"} << "unknown option '--frobnicate'";
    QTest::newRow("stray argument") << QStringList{"--name", "x", "extra"} << "unexpected argument 'extra'";
    QTest::newRow("check") << QStringList{"--name", "x", "--duration", "-3"}
                           << "--duration must be a positive number of seconds, got '-3'";
    QTest::newRow("nan") << QStringList{"--name", "x", "--duration", "nan"}
                         << "--duration must be a positive number of seconds, got 'nan'";
    QTest::newRow("trailing text") << QStringList{"--name", "x", "--duration", "12abc"}
                                   << "--duration must be a positive number of seconds, got '12abc'";
    QTest::newRow("not whole") << QStringList{"--name", "x", "--seed", "1.5"}
                               << "--seed must be a whole number from 0 to 100, got '1.5'";
    QTest::newRow("out of range") << QStringList{"--name", "x", "--seed", "101"}
                                  << "--seed must be a whole number from 0 to 100, got '101'";
    QTest::newRow("list") << QStringList{"--name", "x", "--duty", "0.5,,1"}
                          << "--duty must be a comma-separated list of numbers, got '0.5,,1'";
    QTest::newRow("triple") << QStringList{"--name", "x", "--wind", "1,2"}
                            << "--wind must be three numbers N,E,D, got '1,2'";
  }
  void usageErrorsReadTheSameInEveryTool() {
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    std::vector<QByteArray> bytes;
    for (const QString& a : args) bytes.push_back(a.toUtf8());
    std::vector<const char*> argv;
    for (const QByteArray& b : bytes) argv.push_back(b.constData());
    Tool t;
    QCOMPARE(QString::fromStdString(t.parse(argv).error), error);
  }

  void helpIsAskedNotAnError() {
    Tool t;
    const ParseOutcome o = t.parse({"--help"});
    QVERIFY(o.help);
    QVERIFY(o.error.empty());
    QVERIFY(t.app.help().find("--duration") != std::string::npos);
  }

  // JSON cannot carry NaN or infinity: the tools write null for them.
  void nonFiniteNumbersAreNull() {
    QCOMPARE(navigator::cli::number(1.5).dump(), std::string("1.5"));
    QCOMPARE(navigator::cli::number(std::numeric_limits<double>::quiet_NaN()).dump(), std::string("null"));
    QCOMPARE(navigator::cli::number(std::numeric_limits<double>::infinity()).dump(), std::string("null"));
    QCOMPARE(navigator::cli::number(-std::numeric_limits<double>::infinity()).dump(), std::string("null"));
    QCOMPARE(navigator::cli::number(0.1).dump(), std::string("0.1"));  // shortest round trip
  }
};

QTEST_GUILESS_MAIN(CliTest)
#include "cli_test.moc"
