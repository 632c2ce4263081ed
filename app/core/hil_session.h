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
