// FlightRecorder: every flight the station sees, one ULog file per flight — from arming to
// disarming, with a margin before and after (the margin before comes from a buffer of the
// last seconds). It is fed on the GUI thread with what the Fly page is shown: the simulator's
// samples (SITL, HIL; a board's own IMU reports) and the active link's telemetry (armed state
// and mode, the estimated attitude, STATUSTEXT). Writing happens on the log's writer thread
// (ulog_recorder.h): feeding never waits for the disk (a flight's start writes its few kB of
// definitions, its end waits for the writer's last block); what a slow disk made it drop is counted
// and said (problem()).
// Flight clock: the samples' time [µs] (simulated time for SITL and HIL); link telemetry is
// stamped with the latest sample's time when it arrived, or, before any sample, with the clock
// given (a board that sends no IMU reports). A log's time never runs backwards.
// A reset or a change of vehicle (a new run of the simulation, TelemetrySample::run), or samples
// whose time goes back, end the flight being written there; the vehicle armed again (or still
// armed a heartbeat after the new run began) starts the next one.
// Thread contract: GUI thread.
#pragma once

#include "app/clock/tick_clock.h"
#include "app/core/simulation_worker.h"
#include "app/link/vehicle_link.h"
#include "firmware/mavlink/mavlink_codec.h"
#include "log/flight_log.h"

#include <QObject>
#include <QString>

#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace navigator {

struct FlightIdentityInput {
  QString source;  // ulog::kSourceSitl, kSourceBoard, kSourceHil
  QString airframe;
  std::optional<std::uint64_t> seed;  // a simulated flight's
  bool simulated_world = true;        // its samples carry the simulator's truth (SITL, HIL), not a board's IMU
  QString mass_properties;            // where they came from when not the airframe's own ("mesh frame.stl: 1.25 kg")
};

// A flight written.
struct RecordedFlight {
  QString path;
  double duration_s = 0;      // first to last message
  std::uint64_t dropped = 0;  // messages a slow disk lost
};

class FlightRecorder : public QObject {
  Q_OBJECT
 public:
  explicit FlightRecorder(QObject* parent = nullptr);
  ~FlightRecorder() override;

  void setEnabled(bool enabled);  // off: nothing is recorded; a flight being written is closed
  bool enabled() const { return enabled_; }
  void setFolder(const QString& folder);
  QString folder() const { return folder_; }
  void setMarginS(double seconds);  // before arming and after disarming, ≥ 0
  double marginS() const { return margin_s_; }
  void setClock(TickClock* clock);  // for a flight without samples (null: the steady clock)
  void setSoftwareVersion(const QString& version) { version_ = version; }
  // Who flies; read when a flight starts.
  void setIdentity(const FlightIdentityInput& identity) { identity_ = identity; }
  // The vehicle's parameters as known when a flight starts (the active link's ParamClient).
  void setParameterSource(std::function<std::vector<std::pair<QString, float>>()> params) {
    params_ = std::move(params);
  }

  void addSamples(const std::vector<TelemetrySample>& samples);
  void addVehicle(const VehicleStatus& vehicle);
  void addAttitude(const AttitudeSample& attitude);
  void addStatusText(int severity, const QString& text);
  // A frame of the recorded vehicle's link that carries what the log keeps beside the above:
  // LOCAL_POSITION_NED (vehicle_local_position), ATTITUDE_TARGET (vehicle_attitude_setpoint and
  // vehicle_rates_setpoint), DEBUG_VECT "GYRO_BIAS" (estimator_sensor_bias); others are ignored.
  void addLinkFrame(const mavlink_frame_t& frame);
  static bool isLoggedFrame(const mavlink_frame_t& frame);
  // The flight's source went away (the simulator stopped, the board closed): a flight being
  // written ends now.
  void finish();

  bool recording() const { return log_ != nullptr; }
  QString currentPath() const { return current_path_; }
  std::uint64_t droppedNow() const;
  // A warning in words when the folder cannot hold a long flight (log_folder.h), or nothing.
  std::optional<QString> checkDiskSpace() const;

 signals:
  void flightStarted(const QString& path);
  void flightSaved(const navigator::RecordedFlight& flight);
  void problem(const QString& text);

 private:
  struct Pending {  // a link message before arming, kept for the margin
    std::uint64_t t_us;
    std::optional<VehicleStatus> vehicle;
    std::optional<AttitudeSample> attitude;
    std::optional<std::pair<int, QString>> text;
    std::optional<mavlink_frame_t> frame;  // addLinkFrame's
    bool arming_or_mode_changed = false;   // a vehicle status that a LOGGING line announces
  };
  std::uint64_t nowUs() const;
  void start(std::uint64_t t_us);
  void close();
  void writeSample(const TelemetrySample& s);
  void writePending(const Pending& p);
  void trimBuffers(std::uint64_t now_us);
  void checkEnd(std::uint64_t now_us);
  void takeOntoTheSamplesClock(std::uint64_t first_sample_us);
  void beginRun(std::uint32_t run, std::uint64_t t_us);
  void startIfStillArmed(std::uint64_t now_us);

  bool enabled_ = true;
  QString folder_;
  double margin_s_ = 5.0;
  QString version_;
  FlightIdentityInput identity_;
  std::function<std::vector<std::pair<QString, float>>()> params_;
  SteadyTickClock steady_clock_{1000};
  TickClock* clock_ = nullptr;
  std::optional<std::uint64_t> latest_sample_us_;
  std::deque<TelemetrySample> sample_buffer_;  // the last margin_s of samples, while not recording
  std::deque<Pending> pending_;                // the last margin_s of link messages
  std::optional<VehicleStatus> last_vehicle_;
  std::unique_ptr<ulog::FlightLog> log_;
  QString current_path_;
  std::uint64_t first_us_ = 0, last_us_ = 0;
  std::optional<std::uint64_t> disarmed_at_us_;
  float heading_rad_ = std::numeric_limits<float>::quiet_NaN();  // the last attitude estimate's yaw, as written
  std::int64_t last_gps_time_us_ = -1;                           // the last fix logged, on its run's clock
  std::uint32_t run_ = 0;                                        // the run the samples come from
  std::optional<std::uint64_t> new_run_since_us_;                // a new run began; the link has not spoken since
  std::uint64_t dropped_reported_ = 0;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::RecordedFlight)
