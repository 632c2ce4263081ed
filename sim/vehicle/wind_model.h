// Wind: a steady vector plus turbulence from a discrete first-order Dryden filter (the Dryden
// spectra of MIL-F-8785C / MIL-HDBK-1797, reduced to one pole per axis).
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace vsim {

struct WindSettings {
  Eigen::Vector3d steady_NED_mps = Eigen::Vector3d::Zero();  // air velocity (the wind blows towards it)
  double turbulence_sigma_mps = 0.0;                         // RMS of each turbulence component
  Eigen::Vector3d length_scale_m{200.0, 200.0, 50.0};        // Dryden scale lengths, N, E, D
  // Below this airspeed the filter still moves, as the air drifts past a hovering vehicle.
  double min_airspeed_mps = 1.0;
};

// One step of the Dryden shaping filter on each axis, u ← a·u + σ·sqrt(1 − a²)·n with
// a = exp(−V·dt/L) and n a standard normal draw: the sqrt(1 − a²) makes the steady-state RMS
// exactly σ at any dt, so the intensity means the same at 1 kHz as at 8 kHz.
inline void stepDryden(const WindSettings& wind, double airspeed_mps, double dt_s, const Eigen::Vector3d& normal_draws,
                       Eigen::Vector3d& turbulence_NED_mps) {
  // std::max would pass a NaN airspeed through; a non-finite one falls back to the floor.
  const double v = std::isfinite(airspeed_mps) ? std::max(airspeed_mps, wind.min_airspeed_mps) : wind.min_airspeed_mps;
  for (int i = 0; i < 3; ++i) {
    const double a = std::exp(-v * dt_s / wind.length_scale_m[i]);
    turbulence_NED_mps[i] =
        a * turbulence_NED_mps[i] + wind.turbulence_sigma_mps * std::sqrt(1.0 - a * a) * normal_draws[i];
  }
}

}  // namespace vsim
