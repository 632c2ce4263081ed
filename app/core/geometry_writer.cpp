#include "app/core/geometry_writer.h"

#include "flight/flight_runner.h"

#include <cmath>

namespace navigator {

GeometryWriter::GeometryWriter(QObject* parent) : QObject(parent) {
  connect(&writer_, &ParamSetWriter::finished, this, [this](bool ok, const QString& message) {
    const QString name = QString::fromStdString(model_.name);
    emit logLine(ok ? tr("Rotor geometry of %1 on the vehicle: it allocates its %2 rotors from it (MIXER 1).")
                          .arg(name)
                          .arg(model_.rotor_count)
                    : tr("Rotor geometry of %1 not written: %2").arg(name, message));
    emit finished(ok, message);
  });
}

QList<ParamWrite> GeometryWriter::writesFor(const ParamClient& client, const vsim::VehicleModel& model) {
  // The vehicle holds floats: the same when the float of the value is what it has.
  const auto differs = [&client](const QString& key, double value) {
    const auto now = client.param(key);
    return !now || float(now->value) != float(value);
  };
  QList<ParamWrite> rotors;
  bool mixer_differs = false;
  for (const auto& [name, value] : vsim::geometryParams(model)) {
    const QString key = QString::fromStdString(name);
    if (key == QLatin1String("MIXER"))
      mixer_differs = differs(key, value);
    else if (differs(key, value))
      rotors.push_back({key, value});
  }
  QList<ParamWrite> out;
  // The gyro's range, the pilot's stick mapping and the gains need no switch of the mixer around them.
  for (const auto& [name, value] : vsim::airframeParams(model))
    if (differs(QString::fromStdString(name), value)) out.push_back({QString::fromStdString(name), value});
  if (rotors.isEmpty() && !mixer_differs) return out;
  const auto mixer = client.param(QStringLiteral("MIXER"));
  if (!rotors.isEmpty() && mixer && mixer->value == 1.0) out.push_back({QStringLiteral("MIXER"), 0.0});
  out += rotors;
  out.push_back({QStringLiteral("MIXER"), 1.0});
  return out;
}

void GeometryWriter::give(VehicleLink* link, const vsim::VehicleModel& model) {
  disconnect(waiting_);
  link_ = link;
  model_ = model;
  if (!link) return;
  if (link->params()->complete()) {
    writeNow();
    return;
  }
  waiting_ = connect(link->params(), &ParamClient::listComplete, this, [this] {
    disconnect(waiting_);
    writeNow();
  });
}

void GeometryWriter::writeNow() {
  if (!link_) return;
  VehicleLink* link = link_;
  link_.clear();
  if (auto ok = vsim::checkAllocation(model_); !ok) {
    emit logLine(tr("Rotor geometry not written: %1").arg(QString::fromStdString(ok.error().message)));
    emit finished(false, QString::fromStdString(ok.error().message));
    return;
  }
  const QList<ParamWrite> writes = writesFor(*link->params(), model_);
  if (writes.isEmpty()) {
    emit logLine(tr("Rotor geometry of %1: the vehicle has it already.").arg(QString::fromStdString(model_.name)));
    emit finished(true, {});
    return;
  }
  if (const QString problem = writer_.start(link->params(), writes, {}); !problem.isEmpty()) {
    emit logLine(tr("Rotor geometry not written: %1").arg(problem));
    emit finished(false, problem);
  }
}

}  // namespace navigator
