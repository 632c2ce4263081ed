// HilSession: a connected board flying this station's simulator (hardware in the loop). The
// HilBridge answers every frame of the board's link where that link parses — on the serial
// link's own thread — so a busy GUI never stalls the simulated world; this class starts and
// stops it there, gives the board what it needs to fly the simulated airframe (the field's
// declination as MAG_DECL_DEG, the rotor geometry) and counts the samples lost over every run.
// Thread contract: GUI thread; the bridge lives on the board link's thread while HIL runs.
#pragma once

#include "app/core/board_session.h"
#include "app/core/geometry_writer.h"
#include "app/core/hil_bridge.h"

#include <QObject>

#include <cstdint>
#include <vector>

namespace navigator {

// The HIL loop's own pace, from the bridge's counters read on the caller's clock (the Fly page
// once a second; a test drives one): HIL_SENSOR exchanges per second and the real-time factor
// (simulated time over the caller's time) since the previous take. The board's loop, not the
// station's: a slow link or a slow board shows here, while the station's own simulator may run
// at 1.0 beside it.
struct HilFigures {
  bool valid = false;  // false until two takes of the same run
  double exchanges_per_s = 0, realtime_factor = 0, sim_time_s = 0;
};

class HilRate {
 public:
  // The bridge's exchanges and simulated time [µs] at `now_s` [s]; the figures since the last
  // take (of the same run: counters that went back mean a new run, which starts again).
  HilFigures take(double now_s, std::uint64_t exchanges, std::int64_t sim_time_us);
  void reset() { has_last_ = false; }

 private:
  bool has_last_ = false;
  double last_s_ = 0;
  std::uint64_t last_exchanges_ = 0;
  std::int64_t last_sim_us_ = 0;
};

class HilSession : public QObject {
  Q_OBJECT
 public:
  HilSession(BoardSession* board, GeometryWriter* geometry, QObject* parent = nullptr);
  ~HilSession() override;

  // Starts HIL flying `model` in `config`'s world on the connected board (running already: nothing
  // to do). The problem in words (no board, a baud rate not yet known, the bridge refused), or
  // an empty string.
  QString start(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config);
  void stop();
  bool running() const { return bridge_ != nullptr; }
  HilBridge* bridge() const { return bridge_; }  // null while stopped

  // The simulated world's samples since the last call (nothing while stopped).
  void drainSamples(std::vector<TelemetrySample>& out);
  // Samples lost between the bridge and the station, over every run since construction.
  std::uint64_t samplesLost() const;

 signals:
  void stateChanged(bool running);
  void logLine(const QString& line);

 private:
  BoardSession* board_;
  GeometryWriter* geometry_;
  HilBridge* bridge_ = nullptr;
  std::uint64_t lost_in_ended_runs_ = 0;
};

}  // namespace navigator
