// navigator: the ground station. Parses the command line, loads the user's language and
// opens the main window.
#include "app/ui/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace {

// The system locale's translation of Navigator's strings, when there is one.
void installTranslation(QCoreApplication& app, QTranslator& translator) {
  if (translator.load(QLocale(), QStringLiteral("navigator"), QStringLiteral("_"), QStringLiteral(":/i18n")))
    app.installTranslator(&translator);
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication::setOrganizationName(QStringLiteral("Navigator"));
  QCoreApplication::setApplicationName(QStringLiteral("navigator"));
  QCoreApplication::setApplicationVersion(QStringLiteral(NAVIGATOR_VERSION));

  // Parse first without a display, so --help and --version work on a headless machine.
  QString open_path;
  {
    QCoreApplication console(argc, argv);
    QTranslator translator;
    installTranslation(console, translator);
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Navigator: ground station with an embedded multirotor simulator."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption open(QStringLiteral("open"),
                                  QCoreApplication::translate("main", "Open FILE in the Inertia Inspector."),
                                  QCoreApplication::translate("main", "FILE"));
    parser.addOption(open);
    parser.process(console);  // exits on --help, --version and unknown options
    if (!parser.positionalArguments().isEmpty()) {
      std::fprintf(stderr, "%s\n",
                   qPrintable(QCoreApplication::translate("main", "Unexpected argument '%1'; did you mean --open %1?")
                                  .arg(parser.positionalArguments().first())));
      return 2;
    }
    if (parser.isSet(open)) open_path = QFileInfo(parser.value(open)).absoluteFilePath();
  }

  QApplication app(argc, argv);
  QTranslator translator;
  installTranslation(app, translator);
  app.setWindowIcon(QIcon(QStringLiteral(":/icons/navigator.svg")));
  app.setDesktopFileName(QStringLiteral("io.github.navigator.Navigator"));

  navigator::MainWindow window;
  window.resize(1280, 800);
  window.show();
  if (!open_path.isEmpty()) window.openMesh(open_path);
  return app.exec();
}
