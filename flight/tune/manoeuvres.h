// The tuner's experiments, written down once (docs/design/tuner.md): what each manoeuvre
// commands, in which mode, and which truth quantity is held against which reference. Every
// manoeuvre starts hovering (airborne, armed, no ground under it) and lasts kManoeuvreS; the
// first kLeadInS let the estimator and the altitude loop settle from the start (a fresh core
// over a hovering vehicle climbs or sinks ~0.2 m/s for a second) and are not scored.
#pragma once

#include "firmware/core/flight.h"

#include <string>
#include <vector>

namespace vsim::tune {

inline constexpr double kManoeuvreS = 4.0;
inline constexpr double kLeadInS = 1.0;

// The truth quantity a manoeuvre's reference is compared with.
enum class Measured {
  RollDeg,       // Euler roll of the truth attitude [deg]
  PitchDeg,      // Euler pitch [deg]
  RollRateDps,   // body rate p [deg/s]
  PitchRateDps,  // body rate q [deg/s]
  YawRateDps,    // body rate r [deg/s]
  ClimbMps,      // −v_down [m/s]
  TiltRmsDeg,    // no step: the RMS of roll and pitch over the manoeuvre (hover in turbulence)
  TiltDeg,       // the angle between the body's up and the vertical [deg] (a disturbance's response)
  HeightM,       // height above the start, −p_down [m] (a disturbance's response)
};

// A disturbance the manoeuvre scripts; the response to it is judged (FlightMetrics::
// disturbance_peak: the largest |measured − measured at the onset| from the onset on).
struct Disturbance {
  enum class Kind { None, MotorLoss, GustStep } kind = Kind::None;
  double t_s = 0.0;                          // onset
  double duration_s = 0.0;                   // 0: held to the end
  int rotor = 0;                             // MotorLoss: which motor
  double thrust_loss = 0.0;                  // MotorLoss: the fraction of its thrust lost (on ω²'s bias)
  double gust_NED_mps[3] = {0.0, 0.0, 0.0};  // GustStep: added to the steady wind
  double peak_scale = 1.0;                   // the response's peak that costs 1 (in the measured quantity's unit)
};

// The reference steps from one value to the next at these times (s after the start).
struct Edge {
  double t_s;
  double value;  // in the measured quantity's unit
};

struct Manoeuvre {
  std::string name;
  vayu_mode_t mode;
  Measured measured;
  std::vector<Edge> edges;      // the reference is 0 before the first edge
  double tolerance;             // settled when |measured − reference| stays within this
  double window_s;              // each edge is judged this long (or until the next edge)
  double turbulence_sigma_mps;  // Dryden σ (0: calm air)
  std::string description;
  Disturbance disturbance = {};
};

// The nine manoeuvres, in a fixed order (each edge judged over a window: 0.5 s for the angle
// steps, as PX4's step-response analysis, 0.3 s — to the next edge — for the doublets, 1 s for
// the yaw and climb steps):
//   roll_step   ALT_HOLD roll 0 → 10° at 1.0 s, → 0° at 2.5 s; settled within ±0.5°
//   pitch_step  ALT_HOLD pitch 0 → 10° (nose up) at 1.0 s, → 0° at 2.5 s; ±0.5°
//   roll_rate   ACRO     roll rate doublet 0 → 100 → −100 → 0 °/s at 1.0, 1.3, 1.6 s; ±10 °/s
//   pitch_rate  ACRO     pitch rate doublet, the same; ±10 °/s
//   yaw_rate    ANGLE    yaw rate 0 → 60 → 0 °/s at 1.0 and 2.0 s (then heading hold); ±6 °/s
//   hover_gusts ANGLE    sticks centred in Dryden turbulence σ = 2 m/s; tilt RMS from 1.0 s
//   climb       ALT_HOLD climb 0 → 1 → 0 m/s at 1.0 and 2.0 s (then height hold); ±0.1 m/s
//   motor_loss  ANGLE    hover in calm air; motor 0 loses 20 % of its thrust at 1.5 s for 0.2 s;
//                        judged on the peak turn of the body's up axis from the onset (2° costs 1)
//   gust_step   ALT_HOLD hover in calm air; at 1.5 s a 3 m/s downdraft steps in and stays;
//                        judged on the peak height change (0.2 m costs 1)
// The last two are the disturbances a tune must reject no worse than the defaults (tuner.h).
// The angle steps are ANGLE set-points flown with the height held (ALT_HOLD), as a pilot keeps
// the height: with the throttle fixed (ANGLE) the vehicle sinks in the tilt, its accelerometer
// reads exactly 1 g along the body axis, the estimator's accelerometer correction (inside its
// ATT_ACC_GATE) levels the estimate and the true tilt grows past the set-point — the
// accelerometer measures specific force, which a held tilt turns along the thrust, and no gain
// tunes that away (docs/design/tuner.md, "Manoeuvres").
const std::vector<Manoeuvre>& standardManoeuvres();
const Manoeuvre* findManoeuvre(const std::string& name);

// The reference at a time (the value of the last edge at or before t).
double referenceAt(const Manoeuvre& m, double t_s);

// The sticks that command the reference at a time, through the core's own parameters
// (deadband, MAX_ANGLE_DEG, ACRO_RATE_DPS, YAW_RATE_DPS, ALT_VEL_MAX): the inverse of the
// stick mapping of firmware/core/stage_setpoints.c. Throttle is the core's HOVER_THRUST outside
// ALT_HOLD, centred in it (hold the height) unless the manoeuvre is the climb.
fc_sticks_t sticksAt(const Manoeuvre& m, const fc_params_t& params, double t_s);

}  // namespace vsim::tune
