#include "app/core/hil_session.h"

namespace navigator {

HilFigures HilRate::take(double now_s, std::uint64_t exchanges, std::int64_t sim_time_us) {
  HilFigures f;
  f.sim_time_s = double(sim_time_us) * 1e-6;
  const bool same_run = has_last_ && exchanges >= last_exchanges_ && sim_time_us >= last_sim_us_;
  if (same_run && now_s > last_s_) {
    const double dt_s = now_s - last_s_;
    f.valid = true;
    f.exchanges_per_s = double(exchanges - last_exchanges_) / dt_s;
    f.realtime_factor = double(sim_time_us - last_sim_us_) * 1e-6 / dt_s;
  }
  if (!same_run || now_s > last_s_) {
    has_last_ = true;
    last_s_ = now_s;
    last_exchanges_ = exchanges;
    last_sim_us_ = sim_time_us;
  }
  return f;
}

HilSession::HilSession(BoardSession* board, GeometryWriter* geometry, QObject* parent)
    : QObject(parent), board_(board), geometry_(geometry) {}

HilSession::~HilSession() { stop(); }

QString HilSession::start(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config) {
  if (bridge_) return {};
  if (!board_->connected()) return tr("No board: connect to one first.");
  auto* bridge = new HilBridge(board_->connection(), model, config, board_->baudRate());
  // The bridge answers every frame of the board's link: it runs where the link parses.
  bridge->moveToThread(board_->connection()->thread());
  connect(bridge, &HilBridge::problem, this, &HilSession::logLine);
  QString error;
  QMetaObject::invokeMethod(
      bridge, [bridge] { return bridge->start(); }, Qt::BlockingQueuedConnection, &error);
  if (!error.isEmpty()) {
    QMetaObject::invokeMethod(
        bridge, [bridge] { delete bridge; }, Qt::BlockingQueuedConnection);
    emit logLine(error);
    return error;
  }
  bridge_ = bridge;
  emit logLine(tr("HIL: the board flies this station's simulator. %1").arg(bridge_->rateDescription()));
  // The board's estimator reads true heading only with the simulated field's declination.
  const double declination_deg = model.mag.declination_deg();
  board_->link()->params()->setParam(QStringLiteral("MAG_DECL_DEG"), declination_deg);
  emit logLine(tr("HIL: MAG_DECL_DEG set to %L1° on the board, the simulated field's declination.")
                   .arg(declination_deg, 0, 'f', 2));
  geometry_->give(board_->link(), model);
  emit stateChanged(true);
  return {};
}

void HilSession::stop() {
  if (!bridge_) return;
  HilBridge* bridge = bridge_;
  bridge_ = nullptr;
  lost_in_ended_runs_ += bridge->samplesLost();
  // Stopped and deleted on its own thread, where its timer lives.
  QMetaObject::invokeMethod(
      bridge,
      [bridge] {
        bridge->stop();
        delete bridge;
      },
      Qt::BlockingQueuedConnection);
  emit logLine(tr("HIL stopped."));
  emit stateChanged(false);
}

void HilSession::drainSamples(std::vector<TelemetrySample>& out) {
  if (bridge_) bridge_->drainSamples(out);
}

std::uint64_t HilSession::samplesLost() const { return lost_in_ended_runs_ + (bridge_ ? bridge_->samplesLost() : 0); }

}  // namespace navigator
