// ParamSetWriter: writes a set of parameters to a vehicle as one act (the Tune page's "Write to
// vehicle"). First every value is checked — the vehicle has listed the parameter, the flight
// firmware's own check (fc_param_set: finite, within its min … max, whole for an integer) and
// the vehicle's metadata range when known — so nothing is sent unless the whole set is
// acceptable. Then one parameter at a time through the ParamClient, each confirmed by the
// vehicle's echo (ParamClient::setFinished) before the next is sent; the first refusal or
// silence stops the write and names the parameter.
// Thread contract: GUI thread, with a ParamClient living there (VehicleLink's, for SITL and a
// board alike).
#pragma once

#include "app/link/param_client.h"
#include "app/link/param_metadata.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

namespace navigator {

struct ParamWrite {
  QString name;
  double value = 0.0;
};

class ParamSetWriter : public QObject {
  Q_OBJECT
 public:
  explicit ParamSetWriter(QObject* parent = nullptr);

  // The first reason the vehicle behind `client` must not get `values` ("Nothing written: …"),
  // or empty when every value is acceptable; `bad`, when given, receives the index of the value
  // at fault (-1: none). `metadata`: the vehicle's ranges by name (may be empty; the firmware's
  // own table is always checked).
  static QString check(const ParamClient& client, const QList<ParamWrite>& values,
                       const QHash<QString, ParamInfo>& metadata, int* bad = nullptr);

  // Checks the set (check()) and, when acceptable, starts writing it: the problem is returned
  // and nothing is sent, or an empty string and the writes are under way.
  QString start(ParamClient* client, const QList<ParamWrite>& values, const QHash<QString, ParamInfo>& metadata,
                int* bad = nullptr);
  bool isWriting() const { return next_ >= 0; }

 signals:
  // Value `index` of the set was confirmed by the vehicle's echo ("RATE_RP_P = 0.168").
  void written(int index, const QString& name, const QString& message);
  // The write ended: every value confirmed, or stopped at the parameter the message names.
  void finished(bool ok, const QString& message);

 private:
  static QString checkOne(const ParamClient& client, const ParamWrite& w, const QHash<QString, ParamInfo>& metadata);
  void sendNext();
  void onSetFinished(const QString& name, bool ok, const QString& message);
  void finish(bool ok, const QString& message);

  QPointer<ParamClient> client_;
  QList<ParamWrite> values_;
  int next_ = -1;  // the value whose echo is awaited; -1: idle
  QMetaObject::Connection connection_;
};

}  // namespace navigator
