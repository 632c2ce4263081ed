// ParamFileFlow: the parameter editor's Save…, Load… and Compare… for the vehicle on show —
// Navigator's firmware, PX4 or ArduPilot alike. Save writes the vehicle's whole table (as its
// parameter client holds it, with each value's MAV_PARAM_TYPE) in QGroundControl's format
// (.params) or Mission Planner's (.param, .parm), chosen by the extension, else by the file
// dialog's filter. Load and Compare read either format (whichever the file's lines are) and show
// ParamFileDialog; Load's Apply sends PARAM_SET through the vehicle's ParamClient for the changed
// values only and tells the dialog, per name, what the vehicle did: confirmed (its echo holds the
// value), refused (its echo holds another), no answer (the client gave up after its retries),
// or not sent (refused by the station, with the client's reason). File errors (cannot open, not
// text, too large, cannot write) are said in the editor's status line; a file being written is
// replaced only when complete (QSaveFile), so an existing one is never left half written.
// GUI thread only.
#pragma once

#include "app/ui/param_file_dialog.h"

#include <QHash>
#include <QList>
#include <QMetaObject>
#include <QObject>
#include <QPointer>

#include <functional>

namespace navigator {

class ParameterEditor;
class VehicleLink;

class ParamFileFlow : public QObject {
  Q_OBJECT
 public:
  // `shown`: the vehicle on show when the user asks (null: none). The editor is the parent of
  // the file and preview dialogs it opens.
  ParamFileFlow(ParameterEditor* editor, std::function<VehicleLink*()> shown, QObject* parent = nullptr);

  // The largest file read (a table of 2,000 parameters is about 80 kB).
  static constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;

  // What the buttons do once a file is chosen (public: the dialogs call them; so can a test).
  void saveTo(const QString& path, paramfile::Format format);
  void open(const QString& path, bool may_apply);

 private:
  enum class Action { Save, Load, Compare };
  void chooseFile(Action action);
  // The vehicle's table, or null with the reason said in the editor.
  VehicleLink* readyVehicle();
  void apply(VehicleLink* link, const QList<ParamFileDialog::Change>& changes);
  void onValue(const QString& name);
  void onFinished(const QString& name, bool ok, const QString& message);
  void endBatch();

  ParameterEditor* editor_;
  std::function<VehicleLink*()> shown_;
  QPointer<ParamFileDialog> batch_dialog_;
  QHash<QString, bool> batch_;  // sent, not answered yet: name → the vehicle echoed it
  QString sending_;             // the name inside setParam (an answer now: refused before sending)
  QList<QMetaObject::Connection> batch_connections_;
};

}  // namespace navigator
