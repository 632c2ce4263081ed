#include "app/core/flight_feed.h"

#include <algorithm>
#include <limits>

namespace navigator {

FlightFeed::FlightFeed(const FlightFeedSources& sources, QObject* parent) : QObject(parent), in_(sources) {
  keepBoardReports();
  for (VehicleOrigin origin : {VehicleOrigin::Sitl, VehicleOrigin::Board})
    if (Vehicle* own = in_.vehicles->own(origin)) follow(own->link());
  connect(in_.vehicles, &VehicleManager::shownChanged, this, &FlightFeed::onShownChanged);
  recorded_ = recordedVehicle();
  in_.recorder->setParameterSource([this] {
    std::vector<std::pair<QString, float>> out;
    if (Vehicle* recorded = recordedVehicle())
      for (const ParamValue& p : recorded->parameters()->params()) out.emplace_back(p.name, float(p.value));
    return out;
  });
}

void FlightFeed::keepBoardReports() {
  // A board flying its own sensors: its IMU reports go to the plots (what it does not report —
  // wind, motors, the true attitude and position — is a gap, not a zero) and its attitude
  // estimate to the view.
  VehicleLink* board = in_.board->link();
  connect(board, &VehicleLink::imuUpdated, this, [this](const ImuSample& m) {
    if (in_.hil->running() || !in_.board->connected()) return;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    TelemetrySample t;
    t.time_us = std::int64_t(m.time_us);
    t.accel_S_mps2 = m.accel_mps2;
    t.gyro_S_radps = m.gyro_radps;
    t.mag_S_gauss = m.mag_gauss;
    t.wind_NED_mps = t.turbulence_NED_mps = {nan, nan, nan};
    t.airspeed_mps = nan;
    t.attitude_WB_wxyz = {nan, nan, nan, nan};
    t.p_W_m = {nan, nan, nan};
    board_samples_.push_back(t);
  });
  connect(board, &VehicleLink::attitudeUpdated, this, [this](const AttitudeSample& a) {
    if (!in_.hil->running() && in_.board->connected()) board_attitude_ = a.q_WB_wxyz;
  });
}

void FlightFeed::forgetBoardSamples() {
  board_samples_.clear();
  board_attitude_.reset();
}

void FlightFeed::follow(VehicleLink* link) {
  if (followed_.contains(link)) return;
  followed_.insert(link);
  connect(link, &QObject::destroyed, this, [this, link] { followed_.remove(link); });
  auto recorded = [this, link] { return recordedVehicle() && recordedVehicle()->link() == link; };
  connect(link, &VehicleLink::vehicleChanged, this, [this, recorded](const VehicleStatus& v) {
    if (recorded()) in_.recorder->addVehicle(v);
  });
  connect(link, &VehicleLink::attitudeUpdated, this, [this, recorded](const AttitudeSample& a) {
    if (recorded()) in_.recorder->addAttitude(a);
  });
  connect(link, &VehicleLink::statusText, this, [this, recorded](int severity, const QString& text) {
    if (recorded()) in_.recorder->addStatusText(severity, text);
  });
  // The firmware's estimate, setpoints and gyro bias, for the log only: the vehicle's own frames.
  connect(
      link->connection(), &MavlinkConnection::frameReceived, this,
      [this, guard = QPointer<VehicleLink>(link), recorded](const mavlink_frame_t& frame) {
        if (guard && FlightRecorder::isLoggedFrame(frame) && frame.sysid == guard->vehicle().system_id && recorded())
          in_.recorder->addLinkFrame(frame);
      });
}

void FlightFeed::onShownChanged(Vehicle* shown) {
  if (shown) {
    follow(shown->link());
    if (shown == in_.vehicles->chosen() && isWorldVehicle(shown))
      in_.sitl->autopilots()->setSelectedVehicle(int(shown->status().system_id) - 1);
  }
  // A flight is one vehicle's: another one recorded from now on ends the one being written.
  Vehicle* now = recordedVehicle();
  if (now != recorded_) in_.recorder->finish();
  recorded_ = now;
  in_.recorder->setIdentity(recordedIdentity());
}

bool FlightFeed::isWorldVehicle(const Vehicle* vehicle) const {
  // PX4's and ArduPilot's SITL instance i is MAVLink system 1 + i.
  if (!vehicle || !in_.sitl->flyingAutopilots()) return false;
  const int system_id = vehicle->status().system_id;
  return system_id >= 1 && system_id <= in_.sitl->autopilots()->vehicleCount();
}

Vehicle* FlightFeed::recordedVehicle() const {
  Vehicle* chosen = in_.vehicles->chosen();
  return isWorldVehicle(chosen) ? chosen : in_.vehicles->active();
}

FlightSource FlightFeed::source() const {
  if (in_.hil->running()) return FlightSource::Hil;
  return in_.board->connected() ? FlightSource::Board : FlightSource::Sitl;
}

FlightDrain FlightFeed::drain() {
  FlightDrain out;
  // Every source is drained, so what is not on show does not pile up; only one is shown.
  std::vector<TelemetrySample> sitl_samples;
  in_.sitl->worker()->drain(sitl_samples);
  in_.sitl->autopilots()->drain(sitl_samples);
  if (in_.sitl->flyingAutopilots()) {
    out.world_vehicles = in_.sitl->autopilots()->poses();
    out.selected_vehicle = in_.sitl->autopilots()->selectedVehicle();
  }
  switch (source()) {
    case FlightSource::Hil:
      in_.hil->drainSamples(out.samples);
      break;
    case FlightSource::Board:
      out.samples.swap(board_samples_);
      // Attitude only (a board reports no position here), as the board estimates it.
      out.board_attitude_WB_wxyz = board_attitude_;
      break;
    case FlightSource::Sitl:
      out.samples.swap(sitl_samples);
      if (in_.sitl->attached()) drainAttached(out.samples);
      break;
  }
  board_samples_.clear();
  if (!out.samples.empty()) last_position_NED_m_ = out.samples.back().p_W_m;
  in_.recorder->setIdentity(recordedIdentity());
  in_.recorder->addSamples(out.samples);
  return out;
}

FlightIdentityInput FlightFeed::recordedIdentity() const {
  FlightIdentityInput id;
  const FlightSource shown = source();
  const FlownAirframe& flown = *in_.airframe;
  id.source = QString::fromUtf8(shown == FlightSource::Sitl  ? ulog::kSourceSitl
                                : shown == FlightSource::Hil ? ulog::kSourceHil
                                                             : ulog::kSourceBoard);
  id.airframe = shown == FlightSource::Board ? QStringLiteral("board") : QString::fromStdString(flown.model.name);
  if (shown == FlightSource::Sitl) id.mass_properties = flown.mass_source;
  if (shown == FlightSource::Sitl) id.seed = flown.seed;
  if (shown == FlightSource::Sitl && in_.sitl->flyingAutopilots()) {
    // World vehicle i flies with seed + i (SitlSession::startAutopilots).
    id.source = QString::fromUtf8(in_.sitl->autopilotKind() == vsim::AutopilotKind::Px4 ? ulog::kSourcePx4World
                                                                                        : ulog::kSourceArduPilotWorld);
    if (flown.seed) id.seed = *flown.seed + std::uint64_t(in_.sitl->autopilots()->selectedVehicle());
  }
  id.simulated_world = shown != FlightSource::Board;
  return id;
}

void FlightFeed::drainAttached(std::vector<TelemetrySample>& out) {
  std::vector<mavlink_hil_state_quaternion_t> poses;
  in_.sitl->poseReader()->drain(poses);
  for (const mavlink_hil_state_quaternion_t& pose : poses) {
    TelemetrySample t = telemetryFromPose(pose, in_.airframe->model);
    const std::int64_t run_time_us = t.time_us;
    t.time_us = attached_timeline_.place(run_time_us);
    t.run_start_us = t.time_us - run_time_us;  // the firmware's clock is the run's
    t.run = std::uint32_t(std::max(attached_timeline_.runs() - 1, 0));
    out.push_back(t);
  }
}

FlightFigures FlightFeed::figures() {
  FlightFigures f;
  SitlSession* sitl = in_.sitl;
  const vsim::ServiceStatus st = sitl->worker()->status();
  f.sim_time_s = sitl->attached() ? double(attached_timeline_.lastRunTimeUs()) * 1e-6 : st.sim_time_s;
  f.realtime_factor = st.realtime_factor;
  if (sitl->flyingAutopilots()) {
    const vsim::AutopilotWorldStatus world = sitl->autopilots()->status();
    f.sim_time_s = world.sim_time_s;
    f.realtime_factor = world.realtime_factor;
  }
  f.overruns = st.overruns;
  f.nan_resets = st.nan_resets;
  f.samples_lost = sitl->worker()->samplesLost() + sitl->autopilots()->samplesLost() + in_.hil->samplesLost();
  // The status bar's link figures are the shown vehicle's link: in a PX4/ArduPilot world (or with
  // any autopilot-link vehicle on show) that is the autopilot link, not the idle SITL one.
  f.shown_link = in_.vehicles->chosen() ? in_.autopilots->link()->connection()->stats() : sitl->connection()->stats();
  if (in_.board->connected()) f.board_link = in_.board->connection()->stats();
  f.scheduling = sitl->worker()->schedulingDescription();
  return f;
}

}  // namespace navigator
