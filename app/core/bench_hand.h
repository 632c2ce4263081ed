// BenchHand: the person at the bench during a sensor calibration, played by the simulator's hand
// (SitlSession::holdByHand; in the station's own simulator or a PX4/ArduPilot world). It does
// what the vehicle asks, as a person reading QGroundControl's pictures would:
//   - gyroscope, level horizon: held still and level;
//   - accelerometer, PX4's protocol (PX4 and Navigator's firmware): held still on the first side
//     the vehicle still lists as pending, until it says that side is done;
//   - accelerometer, ArduPilot's protocol: held still on the side the vehicle asks for, and
//     confirmed placed (SensorCalibration::confirmPlaced) once held still there for kSettle_s;
//   - compass, PX4's protocol: held still on the first pending side until the vehicle detects it,
//     then turned about the world's vertical until it says the side is done;
//   - compass, ArduPilot's protocol: turned a full turn about the vertical on each of 26
//     orientations in turn (tumbleAttitude_rpy_deg) until the vehicle reports its fit, which is
//     then accepted.
// The hand acts only on what the vehicle said and on the simulator's truth (see()); the
// calibration's verdict is the vehicle's. Thread contract: GUI thread.
#pragma once

#include "app/core/simulation_worker.h"
#include "app/core/sitl_session.h"
#include "app/vehicle/sensor_calibration.h"

#include <Eigen/Core>

#include <QObject>
#include <QString>

#include <optional>

namespace navigator {

class BenchHand : public QObject {
  Q_OBJECT

 public:
  static constexpr double kSettle_s = 0.5;     // held still this long (simulator time) before confirming
  static constexpr double kTurn_dps = 45.0;    // a slow turn, as a person's
  static constexpr double kTumble_dps = 90.0;  // ArduPilot's compass: a turn a side

  BenchHand(SitlSession* sitl, SensorCalibration* calibration, QObject* parent = nullptr);

  // The hand's attitude (roll, pitch, yaw [°], z-y-x) for each side the protocol names (the side
  // facing the ground): down level, up upside down, left / right rolled onto that side, front
  // nose down, back tail down.
  static Eigen::Vector3d sideAttitude_rpy_deg(CalSide side);
  // ArduPilot's compass: the k-th of the 26 orientations it is turned on (bench_hand.cpp).
  static Eigen::Vector3d tumbleAttitude_rpy_deg(int k);

  // The simulator's truth as it comes (the caller drains the flight feed and hands each sample
  // on); the hand acts on it and on the calibration's state.
  void see(const TelemetrySample& truth);

 signals:
  void did(const QString& what);  // what the hand does, in words for the user

 private:
  enum class Grip { None, Still, Turning };
  void act(std::int64_t now_us);
  void holdStill(const Eigen::Vector3d& rpy_deg, const QString& what);
  void turnAboutVertical(const QString& what, double dps);
  void arduPilotCompass(std::int64_t now_us);
  bool stillFor(std::int64_t now_us, double seconds) const;

  SitlSession* sitl_;
  SensorCalibration* calibration_;
  Grip grip_ = Grip::None;
  Eigen::Vector3d target_rpy_deg_ = Eigen::Vector3d::Zero();  // Still: where it is held
  std::int64_t still_since_us_ = -1;                          // the truth still at the target since
  std::optional<CalSide> confirmed_;                          // ArduPilot: the side confirmed placed
  std::int64_t side_since_us_ = -1;                           // ArduPilot's compass: this turn's start
  bool accepted_ = false;                                     // ArduPilot's compass: the fit accepted
  int compass_side_ = 0;                                      // ArduPilot's compass: which orientation
};

}  // namespace navigator
