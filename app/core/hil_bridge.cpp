#include "app/core/hil_bridge.h"

#include "sim/world/initial_state.h"

#include <algorithm>
#include <utility>

namespace navigator {

int HilBridge::imuPeriodsPerExchange(std::int64_t baud, int imu_rate_hz) {
  const SerialHilBandwidth bw = serialHilBandwidth(baud);
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
      bandwidth_(serialHilBandwidth(baud)),
      imu_periods_per_exchange_(imuPeriodsPerExchange(baud, config_.imu_rate_hz)) {
  resend_timer_.setSingleShot(true);
  resend_timer_.setInterval(kDefaultResendTimeoutMs);
  connect(&resend_timer_, &QTimer::timeout, this, &HilBridge::onResendTimeout);
  connect(connection_, &MavlinkConnection::frameReceived, this, &HilBridge::onFrame);
}

std::int64_t HilBridge::exchangePeriodUs() const {
  return config_.imu_rate_hz > 0 ? std::int64_t(imu_periods_per_exchange_) * 1'000'000 / config_.imu_rate_hz : 0;
}

QString HilBridge::rateDescription() const {
  if (imu_periods_per_exchange_ <= 0) return tr("%1 baud carries no HIL_SENSOR").arg(baud_);
  return tr("%1 baud → %2 HIL_SENSOR/s (%3 B each, 8N1) → one every %4 ms of sim time")
      .arg(baud_)
      .arg(bandwidth_.max_sensor_rate_hz)
      .arg(bandwidth_.sensor_frame_bytes)
      .arg(double(exchangePeriodUs()) / 1000.0, 0, 'g', 4) +
         (exchangePeriodUs() * bandwidth_.max_sensor_rate_hz < 1'000'000
              ? tr(" (capped at the firmware's longest step: the world runs slower than real time)")
              : QString());
}

const vsim::VehicleState* HilBridge::trueState() const { return sim_ ? &sim_->state() : nullptr; }

QString HilBridge::start() {
  stop();
  if (imu_periods_per_exchange_ <= 0) return rateDescription();
  auto created = vsim::Simulator::create(model_, config_);
  if (!created) return tr("simulator: %1").arg(QString::fromStdString(created.error().message));
  sim_.emplace(std::move(created.value()));
  sim_->reset(1, vsim::initialState(model_, config_.world, {}));
  sim_time_us_ = std::int64_t(sim_->frame().time_us);
  exchanges_ = resends_ = ignored_ = 0;
  last_answer_.reset();
  first_ = true;
  running_ = true;
  sendSensor();
  return {};
}

void HilBridge::stop() {
  running_ = false;
  resend_timer_.stop();
}

void HilBridge::sendSensor() {
  pending_ = vsim::hilSensor(sim_->frame(), first_);
  first_ = false;
  emit sensorDue(qint64(pending_.time_usec));
  if (!running_) return;  // a sensorDue listener stopped us
  connection_->send(pending_);
  resend_timer_.start();
}

void HilBridge::onResendTimeout() {
  if (!running_) return;
  ++resends_;
  emit sensorDue(qint64(pending_.time_usec));
  if (!running_) return;
  connection_->send(pending_);  // the same time_usec: the world has not moved
  resend_timer_.start();
}

void HilBridge::onFrame(const mavlink_frame_t& frame) {
  if (!running_ || frame.msgid != MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS) return;
  mavlink_hil_actuator_controls_t answer{};
  if (!mavlink_hil_actuator_controls_decode(&frame, &answer)) return;
  if (answer.time_usec != pending_.time_usec) {
    ++ignored_;
    return;
  }
  resend_timer_.stop();
  last_answer_ = answer;
  if (sim_->setDuties(vsim::dutiesFromActuatorControls(answer, model_.rotor_count)) != 0)
    emit problem(tr("non-finite motor duty at time_usec %1 (that motor gets 0)").arg(answer.time_usec));
  for (int i = 0; i < imu_periods_per_exchange_; ++i) sim_->advanceImuPeriod();
  sim_time_us_ = std::int64_t(sim_->frame().time_us);
  samples_.push(telemetrySampleOf(*sim_));
  ++exchanges_;
  emit stepped(qint64(sim_->frame().time_us));
  if (running_) sendSensor();
}

}  // namespace navigator
