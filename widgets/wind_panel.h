// WindPanel: the steady wind and the turbulence intensity the simulated vehicle flies in, as a
// pilot states them (speed, the compass direction it blows FROM, an updraft) and turned into
// the NED vector the simulator takes. Every change is emitted at once: the wind applies live.
// Takes and gives plain values. GUI thread only.
#pragma once

#include <QWidget>

#include <array>

class QDoubleSpinBox;
class QLabel;

namespace navigator {

struct WindSetting {
  std::array<double, 3> wind_NED_mps{};  // air velocity over the ground, NED
  double turbulence_sigma_mps = 0.0;     // Dryden RMS per axis
};

// The air velocity of a wind of `speed_mps` blowing from compass bearing `from_deg` (0 north,
// 90 east) with an updraft of `updraft_mps` (up positive): it moves towards from_deg + 180°,
// and up is −z in NED.
std::array<double, 3> windFromBearing(double speed_mps, double from_deg, double updraft_mps);
// The other way: the compass bearing [0, 360) a wind of air velocity `wind_NED_mps` blows from.
double windFromBearing_deg(const std::array<double, 3>& wind_NED_mps);

class WindPanel : public QWidget {
  Q_OBJECT
 public:
  explicit WindPanel(QWidget* parent = nullptr);

  WindSetting setting() const;
  // Shows `s` without emitting (e.g. a setting restored at start). The bearing of a wind with
  // no horizontal part is kept as it was.
  void setSetting(const WindSetting& s);
  // A notice above the controls (in orange), e.g. that the wind was restored from the last
  // session; it goes when the user changes the wind. Empty hides it.
  void setNotice(const QString& text);
  QString notice() const;

 signals:
  void settingChanged(const navigator::WindSetting& setting);

 private:
  void changed();
  void showVector(const WindSetting& s);

  QDoubleSpinBox* speed_ = nullptr;
  QDoubleSpinBox* from_ = nullptr;
  QDoubleSpinBox* updraft_ = nullptr;
  QDoubleSpinBox* sigma_ = nullptr;
  QLabel* vector_ = nullptr;
  QLabel* notice_ = nullptr;
  bool quiet_ = false;
};

}  // namespace navigator
