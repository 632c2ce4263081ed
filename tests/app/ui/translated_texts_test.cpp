// The station in German where its texts come from elsewhere than a tr() beside a widget: the
// firmware's parameter descriptions and units, the Inertia Inspector's hint on a part's size,
// and the user guide, which is shown from docs/de/ page by page, in English where a page has
// no German yet. Each expected German text is the one translations/navigator_de.ts gives.
#include "app/link/param_metadata.h"
#include "app/link/vayu_param_texts.h"
#include "app/ui/help_dialog.h"
#include "app/ui/inertia_inspector.h"
#include "app/ui/main_window.h"
#include "app/ui/station_translations.h"
#include "app/ui/user_guide_window.h"
#include "app/core/mesh_loader.h"
#include "sim/geometry/mesh_builders.h"
#include "sim/geometry/stl_writer.h"
#include "widgets/parameter_editor.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

#include <memory>

namespace {

const QString kTranslations = QStringLiteral(NAVIGATOR_BIN_DIR "/../translations");

// The firmware's metadata as `vayu_sitl --param-metadata` wrote it into the build.
QJsonArray firmwareMetadata() {
  QFile file(navigator::defaultParamMetadataPath());
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).array();
}

// The guide window's tool button that reads `text`.
QToolButton* toolButtonNamed(const QWidget& window, const QString& text) {
  for (QToolButton* b : window.findChildren<QToolButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

}  // namespace

class TranslatedTextsTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void everyParameterTextOfTheFirmwareIsListed() {
    // The table lupdate reads must hold every description and unit of the firmware's table
    // (firmware/core/fc_params.h): a parameter added there without its text here would be shown
    // in English in every language.
    const QJsonArray list = firmwareMetadata();
    QVERIFY(list.size() >= 100);  // the firmware's 100-odd parameters (docs/fly.md)
    QStringList missing;
    for (const QJsonValue& v : list) {
      const QJsonObject o = v.toObject();
      for (const QString& text : {o.value("description").toString(), o.value("unit").toString()})
        if (!text.isEmpty() && !navigator::isListedVayuParamText(text))
          missing << o.value("name").toString() + ": " + text;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join('\n')));
    // Without a translation the texts are the firmware's own.
    const auto english = navigator::loadParamMetadata(navigator::defaultParamMetadataPath());
    QVERIFY2(english.error.isEmpty(), qPrintable(english.error));
    QCOMPARE(english.params.value("RATE_RP_P").unit, QStringLiteral("per rad/s"));
    QCOMPARE(english.params.value("RATE_RP_P").description, QStringLiteral("Roll/pitch rate P"));
    QCOMPARE(english.params.value("CA_ROTOR3_PX").description,
             QStringLiteral("Rotor 3: position forward of the centre of mass"));
  }

  void parameterTextsInGerman() {
    const navigator::StationTranslations german(QLocale(QLocale::German, QLocale::Germany), kTranslations);
    QVERIFY(german.navigatorLoaded());
    const auto loaded = navigator::loadParamMetadata(navigator::defaultParamMetadataPath());
    QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
    QCOMPARE(loaded.params.value("RATE_RP_P").unit, QStringLiteral("pro rad/s"));
    QCOMPARE(loaded.params.value("RATE_RP_P").description, QStringLiteral("Roll-/Nickrate P"));
    QCOMPARE(loaded.params.value("CA_ROTOR3_PX").description, QStringLiteral("Rotor 3: Position vor dem Schwerpunkt"));
    QCOMPARE(loaded.params.value("CA_ROTOR7_PX").description, QStringLiteral("Rotor 7: Position vor dem Schwerpunkt"));
    // Every description in German: none is left as the firmware wrote it.
    QStringList english;
    for (const QJsonValue& v : firmwareMetadata()) {
      const QString name = v.toObject().value("name").toString();
      if (loaded.params.value(name).description == v.toObject().value("description").toString())
        english << name + ": " + loaded.params.value(name).description;
    }
    QVERIFY2(english.isEmpty(), qPrintable(english.join('\n')));
    // In the Parameters tab's table as the station fills it (VehicleBinding::showParameters):
    // the unit column and the row's tooltip.
    const navigator::ParamInfo& info = loaded.params.value("RATE_RP_P");
    navigator::ParameterValue rate{"RATE_RP_P", 0.15, false};
    rate.min = info.min;
    rate.max = info.max;
    rate.unit = info.unit;
    rate.description = info.description;
    navigator::ParameterEditor editor;
    editor.setParameters({rate});
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QCOMPARE(editor.table()->item(0, 2)->text(), QStringLiteral("pro rad/s"));
    QVERIFY2(editor.table()->item(0, 0)->toolTip().contains(QStringLiteral("Roll-/Nickrate P")),
             qPrintable(editor.table()->item(0, 0)->toolTip()));
  }

  void tooSmallAPartIsSaidSoInGerman() {
    // Seen before: "kein Drohnenteil ist so groß" for a part far too small. A 2 × 1 × 1 box read
    // in millimetres is 0.002 m across, below the 5 mm a drone part has at least
    // (InertiaInspector::likelyUnit); read in centimetres it is 2 cm, plausible.
    const navigator::StationTranslations german(QLocale(QLocale::German, QLocale::Germany), kTranslations);
    QVERIFY(german.navigatorLoaded());
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));  // as a station started with LANG=de_DE
    const auto restore = qScopeGuard([] { QLocale::setDefault(QLocale::c()); });
    QTemporaryDir tmp;
    const QString small = tmp.filePath(QStringLiteral("small_part.stl"));
    const QString large = tmp.filePath(QStringLiteral("large_part.stl"));
    QVERIFY(vsim::writeBinaryStl(small.toStdString(), vsim::boxMesh({2, 1, 1}), "small").ok());
    QVERIFY(vsim::writeBinaryStl(large.toStdString(), vsim::boxMesh({400, 200, 100}), "large").ok());
    navigator::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    vsim::MassSpec spec;
    spec.unit = vsim::LengthUnit::Millimetre;
    spec.basis = vsim::MassSpec::Basis::Density;
    spec.value = 1000.0;
    window.inspector()->setMassSpec(spec);
    const auto open = [&window](const QString& path) {
      QSignalSpy loaded(window.meshLoader(), &navigator::MeshLoader::loaded);
      window.openMesh(path);
      return QTest::qWaitFor([&] { return loaded.count() > 0; }, 20000);
    };
    QVERIFY(open(small));
    QCOMPARE(window.inspector()->unitSuggestion(),
             QStringLiteral("In Millimeter (mm) misst dieses Teil 0,002 m — so klein ist kein Drohnenteil. "
                            "Wahrscheinlich wurde es in Zentimeter (cm) gezeichnet."));
    // 400 units across in metres: 400 m, too large; 400 mm is plausible.
    spec.unit = vsim::LengthUnit::Metre;
    window.inspector()->setMassSpec(spec);
    QVERIFY(open(large));
    QCOMPARE(window.inspector()->unitSuggestion(),
             QStringLiteral("In Meter (m) misst dieses Teil 400 m — so groß ist kein Drohnenteil. "
                            "Wahrscheinlich wurde es in Millimeter (mm) gezeichnet."));
  }

  void userGuideInGerman() {
    const navigator::StationTranslations german(QLocale(QLocale::German, QLocale::Germany), kTranslations);
    QVERIFY(german.navigatorLoaded());
    QCOMPARE(navigator::UserGuideWindow::guideLanguage(), QStringLiteral("de"));
    const QString home = QFileInfo(navigator::HelpDialog::userGuidePath()).absoluteFilePath();
    const QDir doc = QFileInfo(home).dir();
    navigator::UserGuideWindow guide(home);
    guide.show();
    QVERIFY(QTest::qWaitForWindowExposed(&guide));
    QTextBrowser* browser = guide.browser();
    // Help → User Guide opens docs/de/index.md, with no note: it is German.
    QCOMPARE(browser->source().toLocalFile(), doc.filePath(QStringLiteral("de/index.md")));
    QVERIFY2(guide.text().startsWith(QStringLiteral("Navigator – Benutzerhandbuch\n")),
             qPrintable(guide.text().left(80)));
    QVERIFY(!guide.text().contains(guide.englishPageNote()));
    QVERIFY(guide.grab().save(QDir::temp().filePath(QStringLiteral("navigator_user_guide_de.png"))));
    // The German Fly page.
    emit browser->anchorClicked(QUrl(QStringLiteral("fly.md")));
    QCOMPARE(browser->source().toLocalFile(), doc.filePath(QStringLiteral("de/fly.md")));
    QVERIFY2(guide.text().startsWith(QStringLiteral("Die Seite „Fliegen“\n")), qPrintable(guide.text().left(80)));
    // A page with no German yet: the English page, the note above its title.
    emit browser->anchorClicked(QUrl(QStringLiteral("../vehicles.md")));
    QCOMPARE(browser->source().toLocalFile(), doc.filePath(QStringLiteral("vehicles.md")));
    QCOMPARE(guide.englishPageNote(),
             QStringLiteral("Diese Seite gibt es noch nicht auf Deutsch: Hier steht der englische Text."));
    QVERIFY2(guide.text().startsWith(guide.englishPageNote() + QStringLiteral("\nVehicles\n")),
             qPrintable(guide.text().left(160)));
    QCOMPARE(browser->document()->begin().next().blockFormat().headingLevel(), 1);  // the title stays a title
    QVERIFY(guide.grab().save(QDir::temp().filePath(QStringLiteral("navigator_user_guide_de_fallback.png"))));
    // Its link to the Fly page leads back to the German one, and Back to the English page keeps its note.
    emit browser->anchorClicked(QUrl(QStringLiteral("fly.md")));
    QCOMPARE(browser->source().toLocalFile(), doc.filePath(QStringLiteral("de/fly.md")));
    browser->backward();
    QCOMPARE(browser->source().toLocalFile(), doc.filePath(QStringLiteral("vehicles.md")));
    QCOMPARE(guide.text().count(guide.englishPageNote()), 1);
    // The German Inspector page, from the home page's list.
    toolButtonNamed(guide, QStringLiteral("Inhalt"))->click();
    emit browser->anchorClicked(QUrl(QStringLiteral("inertia.md")));
    QCOMPARE(browser->source().toLocalFile(), doc.filePath(QStringLiteral("de/inertia.md")));
    QVERIFY2(guide.text().startsWith(QStringLiteral("Der Trägheits-Inspektor\n")), qPrintable(guide.text().left(80)));
    // English, asked for explicitly: the English home, no note.
    navigator::UserGuideWindow english(home, QStringLiteral("en"));
    QCOMPARE(english.browser()->source().toLocalFile(), home);
    QVERIFY(english.englishPageNote().isEmpty());
  }
};

QTEST_MAIN(TranslatedTextsTest)
#include "translated_texts_test.moc"
