// InstrumentFeed: what the primary flight display shows, gathered from the bound vehicle's
// link (ATTITUDE, VFR_HUD, HEARTBEAT, the link's own counts — so a board is shown the same as
// SITL) and, when a simulator flies the vehicle, its truth. Altitudes are above home: where
// the vehicle was when it armed (before the first arming, where it was first heard), for the
// estimate and the truth alike. GUI thread only.
#pragma once

#include "app/core/simulation_worker.h"
#include "app/link/vehicle_link.h"
#include "widgets/instruments/primary_flight_display.h"

#include <Eigen/Geometry>
#include <QList>
#include <QObject>
#include <QPointer>

#include <optional>
#include <utility>

namespace navigator {

class InstrumentFeed : public QObject {
  Q_OBJECT
 public:
  explicit InstrumentFeed(QObject* parent = nullptr);

  // Shows `link`'s vehicle from now on (null: none); the truth is kept.
  void bind(VehicleLink* link);
  // The simulator's latest sample (SITL or HIL); a sample without a true pose (a board's own
  // reports) clears the truth.
  void setTruth(const TelemetrySample& sample);
  void clearTruth();
  // The axes the vehicle's firmware reports its attitude in, from its body's (flight_axes.h:
  // identity for a multirotor; a lander stands with its body X up): the truth is shown in them.
  void setFlightAxes(const Eigen::Quaterniond& q_BF) { q_BF_ = q_BF; }
  // The throttle stick this station sends now (0..1; NaN: none is sent), shown beside the
  // thrust the vehicle reports.
  void setStickThrottle(double fraction);
  // Once a second: the link quality over the last second — the bound vehicle's frames that
  // arrived against those its sequence numbers say it sent (other vehicles on the same link,
  // and messages this station does not decode, neither count against it nor hide a loss).
  void updateLinkQuality();

  const PfdState& state() const { return state_; }
  // Whether anything on the display changed since the last call (so an idle display is not
  // repainted at the page's 60 Hz).
  bool takeChanged() { return std::exchange(changed_, false); }

 private:
  void onVehicle(const VehicleStatus& v);
  void onHud(const HudSample& hud);
  void onPosition(const GlobalPositionSample& position);

  PfdState state_;
  Eigen::Quaterniond q_BF_ = Eigen::Quaterniond::Identity();  // setFlightAxes
  QPointer<VehicleLink> link_;
  QList<QMetaObject::Connection> bound_;
  std::optional<double> home_altitude_m_;       // the estimate's, from VFR_HUD's altitude
  std::optional<double> home_true_altitude_m_;  // the truth's, −z of NED
  double last_altitude_m_ = PfdReading::kUnknown, last_true_altitude_m_ = PfdReading::kUnknown;
  // Heard GLOBAL_POSITION_INT: its relative_alt, the altitude above home as the autopilot
  // itself keeps home, is the one shown (ArduCopter's VFR_HUD altitude is above sea level, and
  // its first one comes before its GPS: the difference read 584 m on the ground).
  bool position_heard_ = false;
  bool was_armed_ = false;
  bool changed_ = true;
  // The vehicle's own frames and sequence gaps at the last update (MavlinkConnection::sourceCounts).
  std::uint8_t counted_system_ = 0;
  std::uint32_t frames_at_last_ = 0, gaps_at_last_ = 0;
};

}  // namespace navigator
