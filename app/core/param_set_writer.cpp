#include "app/core/param_set_writer.h"

#include "firmware/core/fc_params.h"

#include <QLocale>

namespace navigator {
namespace {

QString number(double v) {
  QLocale locale;
  locale.setNumberOptions(QLocale::OmitGroupSeparator);
  return locale.toString(v, 'g', 9);
}

}  // namespace

ParamSetWriter::ParamSetWriter(QObject* parent) : QObject(parent) {}

QString ParamSetWriter::check(const ParamClient& client, const QList<ParamWrite>& values,
                              const QHash<QString, ParamInfo>& metadata, int* bad) {
  if (bad) *bad = -1;
  if (values.isEmpty()) return tr("Nothing written: there are no values to write.");
  for (int i = 0; i < values.size(); ++i) {
    QString problem = checkOne(client, values[i], metadata);
    if (!problem.isEmpty()) {
      if (bad) *bad = i;
      return problem;
    }
  }
  return {};
}

QString ParamSetWriter::checkOne(const ParamClient& client, const ParamWrite& w,
                                 const QHash<QString, ParamInfo>& metadata) {
  if (!client.param(w.name))
    return tr("Nothing written: the vehicle has not listed %1 (read its parameters on the Fly page's Parameters "
              "tab, then write again).")
        .arg(w.name);
  // What the firmware itself would say, on the float it would hold.
  const QByteArray latin = w.name.toLatin1();
  const int id = fc_param_find(latin.constData());
  if (id < 0) return tr("Nothing written: %1 is not a parameter of the flight firmware.").arg(w.name);
  const float value = float(w.value);
  const fc_param_result_t r = fc_param_check(id, value);
  if (r == FC_PARAM_OUT_OF_RANGE) {
    const fc_param_info_t* info = fc_param_info(id);
    return tr("Nothing written: %1 = %2 is outside the firmware's range %3 … %4.")
        .arg(w.name, number(w.value), number(info->min), number(info->max));
  }
  if (r != FC_PARAM_OK)
    return tr("Nothing written: %1 = %2: %3.")
        .arg(w.name, number(w.value), QString::fromLatin1(fc_param_result_text(r)));
  if (const auto it = metadata.constFind(w.name); it != metadata.constEnd() && (value < it->min || value > it->max))
    return tr("Nothing written: %1 = %2 is outside the vehicle's range %3 … %4.")
        .arg(w.name, number(w.value), number(it->min), number(it->max));
  return {};
}

QString ParamSetWriter::start(ParamClient* client, const QList<ParamWrite>& values,
                              const QHash<QString, ParamInfo>& metadata, int* bad) {
  if (bad) *bad = -1;
  if (isWriting()) return tr("A write to the vehicle is already under way.");
  if (!client) return tr("Nothing written: no vehicle connected.");
  if (QString problem = check(*client, values, metadata, bad); !problem.isEmpty()) return problem;
  client_ = client;
  values_ = values;
  next_ = 0;
  connection_ = connect(client, &ParamClient::setFinished, this, &ParamSetWriter::onSetFinished);
  // Sent from the event loop: the caller hears "started" before the first echo, which a
  // problem found inside setParam would otherwise bring back synchronously.
  QMetaObject::invokeMethod(this, &ParamSetWriter::sendNext, Qt::QueuedConnection);
  return {};
}

void ParamSetWriter::sendNext() {
  if (next_ < 0) return;
  if (!client_) {
    finish(false, tr("Stopped before %1: the vehicle's link went away. %2 of %3 parameters were written; the rest "
                     "were not sent.")
                      .arg(values_[next_].name)
                      .arg(next_)
                      .arg(values_.size()));
    return;
  }
  client_->setParam(values_[next_].name, values_[next_].value);
}

void ParamSetWriter::onSetFinished(const QString& name, bool ok, const QString& message) {
  if (next_ < 0 || name != values_[next_].name) return;  // another writer's parameter (the editor's)
  if (!ok) {
    finish(false, tr("Stopped at %1: %2. %3 of %4 parameters were written before it; the rest were not sent.")
                      .arg(name, message)
                      .arg(next_)
                      .arg(values_.size()));
    return;
  }
  emit written(next_, name, message);
  if (++next_ == values_.size()) {
    finish(true, tr("All %1 parameters written, each confirmed by the vehicle.").arg(values_.size()));
    return;
  }
  sendNext();
}

void ParamSetWriter::finish(bool ok, const QString& message) {
  disconnect(connection_);
  next_ = -1;
  values_.clear();
  client_.clear();
  emit finished(ok, message);
}

}  // namespace navigator
