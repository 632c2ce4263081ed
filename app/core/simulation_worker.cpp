#include "app/core/simulation_worker.h"

#include <csignal>
#include <cstring>

#include <pthread.h>
#include <sched.h>

namespace navigator {
namespace {

template <std::size_t N>
std::array<float, N> floats(const Eigen::Matrix<double, int(N), 1>& v) {
  std::array<float, N> a{};
  for (std::size_t i = 0; i < N; ++i) a[i] = float(v[int(i)]);
  return a;
}

}  // namespace

TelemetrySample telemetrySampleOf(const vsim::Simulator& sim) {
  const vsim::SensorFrame& f = sim.frame();
  const vsim::VehicleState& s = sim.state();
  TelemetrySample t;
  t.time_us = f.time_us;
  t.accel_S_mps2 = floats<3>(f.imu.accel_S_mps2);
  t.gyro_S_radps = floats<3>(f.imu.gyro_S_radps);
  t.mag_S_gauss = floats<3>(f.mag.field_S_gauss);
  t.wind_NED_mps = floats<3>(f.wind_NED_mps);
  t.turbulence_NED_mps = floats<3>(f.turbulence_NED_mps);
  t.airspeed_mps = float(f.airspeed_mps);
  t.attitude_WB_wxyz = {float(s.q_WB.w()), float(s.q_WB.x()), float(s.q_WB.y()), float(s.q_WB.z())};
  t.p_W_m = floats<3>(s.p_W_m);
  t.v_W_mps = floats<3>(s.v_W_mps);
  t.omega_B_radps = floats<3>(s.omega_B_radps);
  t.has_baro = true;
  t.baro = f.baro;
  t.gps = f.gps;
  t.rotor_count = sim.model().rotor_count;
  for (std::size_t i = 0; i < std::size_t(t.rotor_count); ++i) {
    t.rotor_speed_radps[i] = float(s.rotor_speed_radps[i]);
    t.motor_duty[i] = float(sim.inputs().duty[i]);
  }
  return t;
}

SimulationWorker::SimulationWorker(QObject* parent, std::size_t sample_capacity)
    : QObject(parent), samples_(sample_capacity) {}

SimulationWorker::~SimulationWorker() { stop(); }

QString SimulationWorker::schedulingDescription() const {
  const std::lock_guard<std::mutex> lock(status_mutex_);
  return scheduling_;
}

QString SimulationWorker::start(vsim::VehicleModel model, vsim::SimulatorConfig config, vsim::ServiceOptions options,
                                int realtime_priority) {
  if (running()) return tr("The simulation is already running.");
  // The pipes are written without blocking; a reader that leaves mid-write must give EPIPE, not
  // end the ground station (sim/service/fifo.h).
  std::signal(SIGPIPE, SIG_IGN);
  auto created = vsim::SimService::create(std::move(model), std::move(config), std::move(options));
  if (!created) return QString::fromStdString(created.error().message);
  service_ = std::move(created).value();
  stop_.store(false);
  finished_.store(false);
  runs_started_.store(0);
  run_start_us_.store(0);
  run_start_ns_ = 0;
  last_run_ns_ = -1;
  realtime_scheduled_.store(false);
  {
    const std::lock_guard<std::mutex> lock(status_mutex_);
    scheduling_.clear();
  }
  thread_ = std::thread([this, realtime_priority] {
    // Said either way, at start: overruns read differently on a real-time thread.
    QString scheduling =
        tr("The simulator's thread runs at normal priority (--rt-priority 0): expect overruns while "
           "the machine is busy.");
    if (realtime_priority > 0) {
      sched_param param{};
      param.sched_priority = realtime_priority;
      const int rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
      realtime_scheduled_.store(rc == 0);
      scheduling =
          rc == 0 ? tr("The simulator's thread runs in real time (SCHED_FIFO, priority %1).").arg(realtime_priority)
                  : tr("Real-time scheduling (SCHED_FIFO, priority %1) was refused: %2. The simulator runs at "
                       "normal priority; expect overruns while the machine is busy.")
                        .arg(realtime_priority)
                        .arg(QString::fromLocal8Bit(std::strerror(rc)));
    }
    {
      const std::lock_guard<std::mutex> lock(status_mutex_);
      scheduling_ = scheduling;
    }
    emit this->scheduling(scheduling);
    vsim::SimService::Callbacks callbacks;
    callbacks.on_period = [this](const vsim::Simulator& sim) { samples_.push(continuousSample(sim)); };
    callbacks.on_status = [this](const vsim::ServiceStatus& s) {
      const std::lock_guard<std::mutex> lock(status_mutex_);
      status_ = s;
    };
    callbacks.on_problem = [this](const std::string& text) { emit problem(QString::fromStdString(text)); };
    service_->run(stop_, callbacks);
    {
      const std::lock_guard<std::mutex> lock(status_mutex_);
      status_ = service_->status();
    }
    finished_.store(true);
  });
  return {};
}

TelemetrySample SimulationWorker::continuousSample(const vsim::Simulator& sim) {
  // A reset or a new vehicle starts the simulator's run time again at 0 (the firmware hears
  // it so); the service's own time goes on from where the run ended (SimService adds the run's
  // time to its offset before restarting it), and so does the samples' time. Every period is
  // sampled, so the last period seen is where the previous run ended.
  const std::int64_t run_ns = sim.timeNs();
  if (last_run_ns_ >= 0 && run_ns <= last_run_ns_) {
    run_start_ns_ += last_run_ns_;
    run_start_us_.store(run_start_ns_ / 1000);
    runs_started_.fetch_add(1);
  }
  last_run_ns_ = run_ns;
  TelemetrySample t = telemetrySampleOf(sim);
  t.time_us = (run_start_ns_ + run_ns) / 1000;
  t.run_start_us = run_start_ns_ / 1000;
  t.run = runs_started_.load();
  return t;
}

void SimulationWorker::stop() {
  if (!thread_.joinable()) return;
  stop_.store(true);
  thread_.join();
}

void SimulationWorker::post(vsim::ControlCommand command) {
  if (service_) service_->post(std::move(command));
}

vsim::ServiceStatus SimulationWorker::status() const {
  const std::lock_guard<std::mutex> lock(status_mutex_);
  return status_;
}

}  // namespace navigator
