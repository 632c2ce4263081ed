// AirframeChooser: the station's airframe chooser (File → Choose Airframe…, and the airframe
// button beside the pages' tabs). The shipped airframes by name, each with its rotors drawn by
// the Motors tab's picture (RotorLayoutView), its mass and rotor count, and Open Airframe File…
// for any other file. Clicking one asks the window to fly it; a refusal (armed, a file that does
// not load) is said in the dialog, which stays open, and nothing changes. GUI thread only.
//
// Beside it, the one way the station reads --airframe: a file, or a shipped airframe's name as
// the command-line tools take it (cli/cli_util.h airframePath).
#pragma once

#include <QDialog>
#include <QList>
#include <QPair>
#include <QString>

#include <functional>

class QLabel;
class QToolButton;

namespace navigator {

class AirframeChooser : public QDialog {
  Q_OBJECT
 public:
  // Flies the airframe in the file at `path`; the reason it did not, in words, or empty.
  using Fly = std::function<QString(const QString& path)>;

  // `shipped`: name and path of each shipped airframe (shippedAirframes()); `current_path`: the
  // one flying now (its card is checked).
  AirframeChooser(const QList<QPair<QString, QString>>& shipped, const QString& current_path, Fly fly,
                  QWidget* parent = nullptr);

  // The card of the shipped airframe `name` (objectName "airframe_NAME"), or null.
  QToolButton* card(const QString& name) const;
  // What the dialog says under the cards: the refusal or the error of the last choice.
  QString statusText() const;

  // Asks to fly the file at `path`: closes the dialog when it flies, else says why not.
  void choose(const QString& path);
  // Open Airframe File…: a file dialog (not blocking), its choice flown as a card's is.
  void openFile();

 private:
  QToolButton* makeCard(const QString& name, const QString& path);

  Fly fly_;
  QString current_path_;
  QList<QToolButton*> cards_;
  QLabel* status_ = nullptr;
};

// --airframe's FILE-or-NAME as an absolute path: the file when `given` names one, else the
// shipped airframe of that name (with or without .yaml), as the command-line tools find it.
// Neither: `error` says so and lists the shipped names.
QString resolveAirframeArgument(const QString& given, QString* error);

}  // namespace navigator
