#include "app/ui/airframe_chooser.h"

#include "app/core/tune_job.h"
#include "app/ui/rotor_marks.h"
#include "cli/cli_util.h"
#include "sim/config/airframe_file.h"
#include "widgets/rotor_layout_view.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace navigator {

namespace {

constexpr int kColumns = 3;
const QSize kPictureSize(220, 240);  // a card's picture: room for a lander's lean arrows

// The Motors tab's picture of `model` as an icon.
QPixmap rotorPicture(const vsim::VehicleModel& model, qreal pixel_ratio) {
  RotorLayoutView view;
  view.resize(kPictureSize);
  view.setLeanAnglesShown(false);                // (too small for them; the Motors tab has them)
  view.setRotors(rotorMarks(model), QString());  // (the card's text names it)
  QPixmap picture(kPictureSize * pixel_ratio);
  picture.setDevicePixelRatio(pixel_ratio);
  picture.fill(Qt::transparent);
  view.render(&picture);
  return picture;
}

}  // namespace

AirframeChooser::AirframeChooser(const QList<QPair<QString, QString>>& shipped, const QString& current_path, Fly fly,
                                 QWidget* parent)
    : QDialog(parent), fly_(std::move(fly)), current_path_(QFileInfo(current_path).absoluteFilePath()) {
  setObjectName(QStringLiteral("airframeChooser"));
  setWindowTitle(tr("Choose Airframe"));
  auto* intro =
      new QLabel(tr("The airframe the simulator and the SITL firmware fly. Another one starts the "
                    "simulation again, on the ground, disarmed; the choice is kept for the next start."));
  intro->setWordWrap(true);
  auto* grid = new QGridLayout;
  for (const auto& [name, path] : shipped) {
    QToolButton* card = makeCard(name, path);
    grid->addWidget(card, int(cards_.size()) / kColumns, int(cards_.size()) % kColumns);
    cards_.append(card);
  }
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("airframeChoiceStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  QPushButton* open = buttons->addButton(tr("Open Airframe File…"), QDialogButtonBox::ActionRole);
  open->setObjectName(QStringLiteral("openAirframeFile"));
  connect(open, &QPushButton::clicked, this, &AirframeChooser::openFile);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(grid);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  if (shipped.isEmpty())
    status_->setText(tr("No shipped airframes in %1; open an airframe file instead.")
                         .arg(QDir(QCoreApplication::applicationDirPath())
                                  .absoluteFilePath(QStringLiteral("../share/navigator/airframes"))));
}

QToolButton* AirframeChooser::makeCard(const QString& name, const QString& path) {
  auto* card = new QToolButton;
  card->setObjectName(QStringLiteral("airframe_") + name);
  card->setCheckable(true);
  card->setChecked(QFileInfo(path).absoluteFilePath() == current_path_);
  card->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
  card->setAutoRaise(true);
  const auto model = loadTuneAirframe(path);
  if (!model) {
    // Shown, not hidden: a broken shipped file is an installation to repair.
    card->setText(tr("%1\ndoes not load").arg(name));
    card->setToolTip(QString::fromStdString(model.error().message));
    card->setEnabled(false);
    return card;
  }
  card->setIcon(QIcon(rotorPicture(model.value(), devicePixelRatioF())));
  card->setIconSize(kPictureSize);
  card->setText(tr("%1\n%2 kg, %3 rotors")
                    .arg(name, QLocale().toString(model.value().mass_kg, 'f', 2))
                    .arg(model.value().rotor_count));
  card->setToolTip(QDir::toNativeSeparators(path));
  card->setProperty("airframePath", QFileInfo(path).absoluteFilePath());
  connect(card, &QToolButton::clicked, this, [this, card, path] {
    card->setChecked(QFileInfo(path).absoluteFilePath() == current_path_);  // checked only once it flies
    choose(path);
  });
  return card;
}

QToolButton* AirframeChooser::card(const QString& name) const {
  return findChild<QToolButton*>(QStringLiteral("airframe_") + name);
}

QString AirframeChooser::statusText() const { return status_->text(); }

void AirframeChooser::choose(const QString& path) {
  const QString refusal = fly_(path);
  if (!refusal.isEmpty()) {
    status_->setText(tr("Not changed: %1").arg(refusal));
    return;
  }
  current_path_ = QFileInfo(path).absoluteFilePath();
  for (QToolButton* c : cards_) c->setChecked(c->property("airframePath").toString() == current_path_);
  status_->clear();
  accept();
}

void AirframeChooser::openFile() {
  const QString dir = QSettings().value(QStringLiteral("fly/airframeDirectory"), QDir::homePath()).toString();
  auto* dialog =
      new QFileDialog(this, tr("Open Airframe File"), dir, tr("Airframe files (*.yaml *.yml *.json);;All files (*)"));
  dialog->setObjectName(QStringLiteral("airframeFileDialog"));
  dialog->setFileMode(QFileDialog::ExistingFile);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
    QSettings().setValue(QStringLiteral("fly/airframeDirectory"), QFileInfo(path).absolutePath());
    choose(path);
  });
  dialog->open();
}

QString resolveAirframeArgument(const QString& given, QString* error) {
  const std::string argv0 = QCoreApplication::applicationFilePath().toStdString();
  const QString found =
      QString::fromStdString(navigator::cli::airframePath(QFile::encodeName(given).toStdString(), argv0.c_str()));
  if (QFileInfo::exists(found)) return QFileInfo(found).absoluteFilePath();
  QStringList names;
  for (const auto& shipped : shippedAirframes()) names << shipped.first;
  if (error)
    *error = names.isEmpty() ? QCoreApplication::translate("main",
                                                           "--airframe: '%1' is no file, and no shipped airframes are "
                                                           "installed beside the program")
                                   .arg(given)
                             : QCoreApplication::translate("main",
                                                           "--airframe: '%1' is neither a file nor a shipped airframe; "
                                                           "the shipped ones: %2")
                                   .arg(given, names.join(QStringLiteral(", ")));
  return {};
}

}  // namespace navigator
