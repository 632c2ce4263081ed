#include "app/core/hil_bridge.h"

#include "sim/service/monotonic_clock.h"

#include <algorithm>
#include <utility>

namespace navigator {

int HilBridge::imuPeriodsPerExchange(std::int64_t baud, int imu_rate_hz, bool signed_frames) {
  const SerialHilBandwidth bw = serialHilBandwidth(baud, kDefaultHilTelemetryShare, signed_frames);
  if (bw.max_sensor_rate_hz <= 0 || imu_rate_hz <= 0) return 0;
  // Rounded up: never more exchanges per simulated second than the link carries per second.
  const int periods = (imu_rate_hz + bw.max_sensor_rate_hz - 1) / bw.max_sensor_rate_hz;
  // Capped at the firmware's longest step (its dt clamp); the world then runs slower than real time.
  const int cap = std::max(1, kMaxExchangePeriodMs * imu_rate_hz / 1000);
  return std::clamp(periods, 1, cap);
}

HilBridge::HilBridge(MavlinkConnection* connection, vsim::VehicleModel model, vsim::SimulatorConfig config,
                     std::int64_t baud, QObject* parent)
    : QObject(parent),
      connection_(connection),
      model_(std::move(model)),
      config_(std::move(config)),
      baud_(baud),
      bandwidth_(serialHilBandwidth(baud, kDefaultHilTelemetryShare, connection->signing())),
      imu_periods_per_exchange_(imuPeriodsPerExchange(baud, config_.imu_rate_hz, connection->signing())) {
  resend_timer_.setSingleShot(true);
  resend_timer_.setTimerType(Qt::PreciseTimer);
  connect(&resend_timer_, &QTimer::timeout, this, &HilBridge::resendIfDue);
  connect(connection_, &MavlinkConnection::frameReceived, this, &HilBridge::onFrame);
}

std::int64_t HilBridge::exchangePeriodUs() const {
  return config_.imu_rate_hz > 0 ? std::int64_t(imu_periods_per_exchange_) * 1'000'000 / config_.imu_rate_hz : 0;
}

QString HilBridge::rateDescription() const {
  if (imu_periods_per_exchange_ <= 0) return tr("%1 baud carries no HIL_SENSOR").arg(baud_);
  return tr("%1 baud → %2 HIL_SENSOR/s (%3 B each, 8N1%5) → one every %4 ms of sim time")
             .arg(baud_)
             .arg(bandwidth_.max_sensor_rate_hz)
             .arg(bandwidth_.sensor_frame_bytes)
             .arg(double(exchangePeriodUs()) / 1000.0, 0, 'g', 4)
             .arg(connection_->signing() ? tr(", signed") : QString()) +
         (exchangePeriodUs() * bandwidth_.max_sensor_rate_hz < 1'000'000
              ? tr(" (capped at the firmware's longest step: the world runs slower than real time)")
              : QString());
}

const vsim::VehicleState* HilBridge::trueState() const { return hil_ ? &hil_->simulator().state() : nullptr; }

QString HilBridge::start() {
  stop();
  if (imu_periods_per_exchange_ <= 0) return rateDescription();
  auto created =
      vsim::HilLockstep::create(model_, config_, imu_periods_per_exchange_,
                                vsim::LockstepExchange::Options{std::int64_t(resend_timeout_ms_) * 1'000'000, 0});
  if (!created) return tr("simulator: %1").arg(QString::fromStdString(created.error().message));
  hil_.emplace(std::move(created.value()));
  sim_time_us_ = std::int64_t(hil_->frameOut().time_usec);
  exchanges_ = resends_ = ignored_ = 0;
  last_answer_.reset();
  running_ = true;
  sendSensor();
  return {};
}

std::int64_t HilBridge::nowNs() const { return clock_ns_ ? clock_ns_() : vsim::monotonicNowNs(); }

void HilBridge::stop() {
  running_ = false;
  resend_timer_.stop();
}

void HilBridge::armResendTimer() {
  // Wake when the exchange's resend is due (never early: a coarse timer may fire before it).
  const std::int64_t left_ns = hil_->exchange().nextResendNs() - nowNs();
  resend_timer_.start(int(std::max<std::int64_t>(1, (left_ns + 999'999) / 1'000'000)));
}

void HilBridge::sendSensor() {
  emit sensorDue(qint64(hil_->frameOut().time_usec));
  if (!running_) return;  // a sensorDue listener stopped us
  if (const mavlink_hil_gps_t* gps = hil_->gpsOut()) connection_->send(MAVLINK_MSG_ID_HIL_GPS, gps);
  connection_->send(hil_->frameOut());
  hil_->sent(nowNs());
  resend_timer_.start(resend_timeout_ms_);
}

void HilBridge::resendIfDue() {
  if (!running_) return;
  const std::int64_t now = nowNs();
  if (hil_->due(now) != vsim::LockstepExchange::Due::Resend) {
    if (hil_->exchange().waiting()) armResendTimer();
    return;
  }
  ++resends_;
  emit sensorDue(qint64(hil_->frameOut().time_usec));
  if (!running_) return;
  connection_->send(hil_->frameOut());  // the same time_usec: the world has not moved
  hil_->resent(now);
  resend_timer_.start(resend_timeout_ms_);
}

void HilBridge::onFrame(const mavlink_frame_t& frame) {
  if (!running_ || frame.msgid != MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS) return;
  mavlink_hil_actuator_controls_t answer{};
  if (!mavlink_hil_actuator_controls_decode(&frame, &answer)) return;
  const vsim::HilLockstep::Answer result = hil_->answer(answer);
  if (result.kind != vsim::LockstepExchange::Answer::Answers) {
    ++ignored_;
    return;
  }
  resend_timer_.stop();
  last_answer_ = answer;
  if (result.refused_duties != 0)
    emit problem(tr("non-finite motor duty at time_usec %1 (that motor gets 0)").arg(answer.time_usec));
  const vsim::Simulator& sim = hil_->simulator();
  sim_time_us_ = std::int64_t(sim.frame().time_us);
  samples_.push(telemetrySampleOf(sim));
  ++exchanges_;
  emit stepped(qint64(sim.frame().time_us));
  if (running_) sendSensor();
}

}  // namespace navigator
