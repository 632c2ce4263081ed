#include "app/joystick/calibration_store.h"

#include <cmath>
#include <optional>

namespace navigator::joystick {
namespace {

// Reads one stored value, or says what is wrong with it (naming the full key).
class Reader {
 public:
  Reader(const QSettings& s, QString group, QStringList& problems)
      : s_(s), group_(std::move(group)), problems_(problems) {}

  std::optional<int> integer(const QString& key, int lo, int hi) {
    const auto text = raw(key);
    if (!text) return std::nullopt;
    bool ok = false;
    const qlonglong v = text->toLongLong(&ok);
    if (!ok) return refuse(key, QStringLiteral("'%1' is not an integer").arg(*text));
    if (v < lo || v > hi) return refuse(key, QStringLiteral("%1 is outside %2..%3").arg(v).arg(lo).arg(hi));
    return int(v);
  }

  std::optional<double> real(const QString& key, double lo, double hi) {
    const auto text = raw(key);
    if (!text) return std::nullopt;
    bool ok = false;
    const double v = text->toDouble(&ok);
    if (!ok) return refuse(key, QStringLiteral("'%1' is not a number").arg(*text));
    if (!std::isfinite(v)) return refuse(key, QStringLiteral("%1 is not finite").arg(*text));
    if (v < lo || v > hi) return refuse(key, QStringLiteral("%1 is outside %2..%3").arg(v).arg(lo).arg(hi));
    return v;
  }

  std::optional<bool> boolean(const QString& key) {
    const auto text = raw(key);
    if (!text) return std::nullopt;
    if (text->compare(QLatin1String("true"), Qt::CaseInsensitive) == 0) return true;
    if (text->compare(QLatin1String("false"), Qt::CaseInsensitive) == 0) return false;
    return refuse(key, QStringLiteral("'%1' is not true or false").arg(*text));
  }

  QString path(const QString& key) const { return group_ + QLatin1Char('/') + key; }

 private:
  std::optional<QString> raw(const QString& key) {
    const QString full = path(key);
    if (!s_.contains(full)) {
      problems_ << QStringLiteral("%1: missing").arg(full);
      return std::nullopt;
    }
    return s_.value(full).toString().trimmed();
  }

  std::nullopt_t refuse(const QString& key, const QString& why) {
    problems_ << QStringLiteral("%1: %2").arg(path(key), why);
    return std::nullopt;
  }

  const QSettings& s_;
  QString group_;
  QStringList& problems_;
};

bool hasGroup(const QSettings& s, const QString& group) {
  for (const QString& key : s.allKeys())
    if (key.startsWith(group + QLatin1Char('/'))) return true;
  return false;
}

std::optional<AxisCalibration> loadAxis(const QSettings& s, const QString& group, QStringList& problems) {
  const qsizetype before = problems.size();
  Reader r(s, group, problems);
  const auto lo = r.integer(QStringLiteral("min"), kRawAxisMin, kRawAxisMax);
  const auto centre = r.integer(QStringLiteral("centre"), kRawAxisMin, kRawAxisMax);
  const auto hi = r.integer(QStringLiteral("max"), kRawAxisMin, kRawAxisMax);
  const auto deadband = r.real(QStringLiteral("deadband"), 0.0, kMaxDeadband);
  const auto expo = r.real(QStringLiteral("expo"), 0.0, 1.0);
  const auto reversed = r.boolean(QStringLiteral("reversed"));
  if (problems.size() != before) return std::nullopt;
  const AxisCalibration a{*lo, *centre, *hi, *deadband, *expo, *reversed};
  if (const QString why = validate(a); !why.isEmpty()) {
    problems << QStringLiteral("%1: %2").arg(group, why);
    return std::nullopt;
  }
  return a;
}

std::optional<JoystickMapping> loadMapping(const QSettings& s, const QString& group, int axis_count, int button_count,
                                           QStringList& problems) {
  const qsizetype before = problems.size();
  JoystickMapping m;
  Reader axes(s, group + QStringLiteral("/map"), problems);
  for (int i = 0; i < kStickRoleCount; ++i)
    if (const auto a = axes.integer(roleName(StickRole(i)), -1, 255)) m.axis[std::size_t(i)] = *a;
  Reader buttons(s, group + QStringLiteral("/button"), problems);
  for (int i = 0; i < kPilotActionCount; ++i)
    if (const auto b = buttons.integer(actionName(PilotAction(i)), -1, 255)) m.button[std::size_t(i)] = *b;
  if (problems.size() != before) return std::nullopt;
  const QStringList invalid = validate(m, axis_count, button_count);
  for (const QString& why : invalid) problems << QStringLiteral("%1/map: %2").arg(group, why);
  if (!invalid.isEmpty()) return std::nullopt;
  return m;
}

}  // namespace

CalibrationLoad CalibrationStore::load(const QString& guid, int axis_count, int button_count,
                                       const JoystickCalibration& defaults) const {
  CalibrationLoad out;
  out.calibration = defaults;
  const QString group = groupFor(guid);
  for (int i = 0; i < axis_count && i < defaults.axes.size(); ++i) {
    const QString axis_group = group + QStringLiteral("/axis%1").arg(i);
    if (!hasGroup(settings_, axis_group)) continue;
    out.stored = true;
    QStringList problems;
    if (const auto a = loadAxis(settings_, axis_group, problems))
      out.calibration.axes[i] = *a;
    else
      out.problems << problems << QStringLiteral("%1: defaults used for this axis").arg(axis_group);
  }
  if (hasGroup(settings_, group + QStringLiteral("/map")) || hasGroup(settings_, group + QStringLiteral("/button"))) {
    out.stored = true;
    QStringList problems;
    if (const auto m = loadMapping(settings_, group, axis_count, button_count, problems))
      out.calibration.mapping = *m;
    else
      out.problems << problems << QStringLiteral("%1: default mapping used").arg(group);
  }
  return out;
}

void CalibrationStore::save(const QString& guid, const JoystickCalibration& c) {
  const QString group = groupFor(guid);
  settings_.remove(group);
  settings_.beginGroup(group);
  for (int i = 0; i < c.axes.size(); ++i) {
    const AxisCalibration& a = c.axes[i];
    settings_.beginGroup(QStringLiteral("axis%1").arg(i));
    settings_.setValue(QStringLiteral("min"), a.raw_min);
    settings_.setValue(QStringLiteral("centre"), a.raw_centre);
    settings_.setValue(QStringLiteral("max"), a.raw_max);
    settings_.setValue(QStringLiteral("deadband"), a.deadband);
    settings_.setValue(QStringLiteral("expo"), a.expo);
    settings_.setValue(QStringLiteral("reversed"), a.reversed);
    settings_.endGroup();
  }
  for (int i = 0; i < kStickRoleCount; ++i)
    settings_.setValue(QStringLiteral("map/") + roleName(StickRole(i)), c.mapping.axis[std::size_t(i)]);
  for (int i = 0; i < kPilotActionCount; ++i)
    settings_.setValue(QStringLiteral("button/") + actionName(PilotAction(i)), c.mapping.button[std::size_t(i)]);
  settings_.endGroup();
}

QString CalibrationStore::preferredDevice() const {
  return settings_.value(QStringLiteral("joystick/selected")).toString();
}

void CalibrationStore::setPreferredDevice(const QString& guid) {
  settings_.setValue(QStringLiteral("joystick/selected"), guid);
}

}  // namespace navigator::joystick
