#include "app/ui/help_dialog.h"

#include "app/joystick/keyboard_sticks.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace navigator {
namespace {

QString row(const QString& keys, const QString& action) {
  return QStringLiteral("<tr><td style='padding-right:16px'><b>%1</b></td><td>%2</td></tr>").arg(keys, action);
}

QString section(const QString& title, const QStringList& rows) {
  return QStringLiteral("<h3>%1</h3><table>%2</table>").arg(title, rows.join(QString()));
}

}  // namespace

QString HelpDialog::userGuidePath() {
  return QDir::cleanPath(QDir(QCoreApplication::applicationDirPath()).filePath("../share/navigator/doc/index.md"));
}

HelpDialog::HelpDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Keyboard and mouse"));
  text_ = new QTextBrowser;
  text_->setOpenLinks(false);
  connect(text_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    if (url.isLocalFile() && QFileInfo(url.toLocalFile()) == QFileInfo(userGuidePath()))
      emit userGuideRequested();
    else
      QDesktopServices::openUrl(url);
  });
  const double rate_pct = joystick::kKeyboardThrottleRate_per_s * 100.0;
  const double deflection_pct = joystick::kKeyboardDeflection * 100.0;
  QString html;
  html +=
      section(tr("Flying with the keyboard (Sticks tab: Sticks from Keyboard)"),
              {row(tr("W / S"), tr("Throttle up / down: ramps %L1 % a second and stays where you leave it, or, in "
                                   "the centred mode for ALT_HOLD and POSITION, climbs / descends while held")
                                    .arg(rate_pct, 0, 'f', 0)),
               row(tr("A / D"), tr("Yaw left / right while held (%L1 % deflection)").arg(deflection_pct, 0, 'f', 0)),
               row(tr("↑ / ↓"), tr("Pitch forward (nose down) / back while held")),
               row(tr("← / →"), tr("Roll left / right while held")),
               row(QString(), tr("The keys fly only while the station's window has the focus and no text field, "
                                 "number box, list, drop-down or dialog has it. Click the 3-D view to fly again."))});
  html +=
      section(tr("Window"), {row(tr("Ctrl+O"), tr("Open a mesh in the Inertia Inspector")),
                             row(tr("Ctrl+Q"), tr("Quit (the simulator and the SITL firmware stop with the station)")),
                             row(tr("F1 / Help"), tr("This page"))});
  html += section(tr("3-D views (Fly and Inertia Inspector)"),
                  {row(tr("Drag (left or right button)"), tr("Orbit the camera around the vehicle or the part")),
                   row(tr("Wheel"), tr("Zoom in / out")),
                   row(tr("Camera (Fly)"), tr("Follow behind the vehicle, orbit around it, or watch from a fixed "
                                              "point on the ground")),
                   row(tr("Double-click (Inspector)"), tr("Back to the whole part, as it opened"))});
  html += section(tr("Plots"), {row(tr("Pause button"), tr("Freeze the samples on show; recording goes on")),
                                row(tr("Wheel, drag"), tr("Zoom and pan in time while paused (and in y when autoscale "
                                                          "is off)")),
                                row(tr("Y↕"), tr("Autoscale y to the data on show")),
                                row(tr("CSV"), tr("Export the samples in the visible time range")),
                                row(tr("Right click"), tr("The same as a menu")),
                                row(tr("Hover"), tr("Every series with its unit, when the legend does not fit"))});
  const QString guide = userGuidePath();
  html += QStringLiteral("<h3>%1</h3><p>%2</p>")
              .arg(tr("User guide"), QFileInfo::exists(guide)
                                         ? tr("<a href=\"%1\">The user guide</a> (%2)")
                                               .arg(QUrl::fromLocalFile(guide).toString(), guide.toHtmlEscaped())
                                         : tr("The user guide is not installed at %1.").arg(guide.toHtmlEscaped()));
  text_->setHtml(html);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text_);
  layout->addWidget(buttons);
  resize(640, 620);
}

QString HelpDialog::html() const { return text_->toHtml(); }

}  // namespace navigator
