#include "flight/tune/manoeuvres.h"

#include <algorithm>
#include <cmath>

namespace vsim::tune {

const std::vector<Manoeuvre>& standardManoeuvres() {
  static const std::vector<Manoeuvre> list = {
      {"roll_step",
       VAYU_MODE_ALT_HOLD,
       Measured::RollDeg,
       {{1.0, 10.0}, {2.5, 0.0}},
       0.5,
       0.5,
       0.0,
       "roll 10° and back (angle set-point, height held), settled within ±0.5°"},
      {"pitch_step",
       VAYU_MODE_ALT_HOLD,
       Measured::PitchDeg,
       {{1.0, 10.0}, {2.5, 0.0}},
       0.5,
       0.5,
       0.0,
       "pitch 10° nose up and back (angle set-point, height held), settled within ±0.5°"},
      {"roll_rate",
       VAYU_MODE_ACRO,
       Measured::RollRateDps,
       {{1.0, 100.0}, {1.3, -100.0}, {1.6, 0.0}},
       10.0,
       0.3,
       0.0,
       "ACRO: roll rate doublet ±100°/s, settled within ±10°/s"},
      {"pitch_rate",
       VAYU_MODE_ACRO,
       Measured::PitchRateDps,
       {{1.0, 100.0}, {1.3, -100.0}, {1.6, 0.0}},
       10.0,
       0.3,
       0.0,
       "ACRO: pitch rate doublet ±100°/s, settled within ±10°/s"},
      {"yaw_rate",
       VAYU_MODE_ANGLE,
       Measured::YawRateDps,
       {{1.0, 60.0}, {2.0, 0.0}},
       6.0,
       1.0,
       0.0,
       "ANGLE: yaw rate 60°/s for 1 s, then heading hold, settled within ±6°/s"},
      {"hover_gusts",
       VAYU_MODE_ANGLE,
       Measured::TiltRmsDeg,
       {},
       0.0,
       0.0,
       2.0,
       "ANGLE: hover, sticks centred, in Dryden turbulence σ = 2 m/s"},
      {"climb",
       VAYU_MODE_ALT_HOLD,
       Measured::ClimbMps,
       {{1.0, 1.0}, {2.0, 0.0}},
       0.1,
       1.0,
       0.0,
       "ALT_HOLD: climb 1 m/s for 1 s, then height hold, settled within ±0.1 m/s"},
      {"motor_loss",
       VAYU_MODE_ANGLE,
       Measured::TiltDeg,
       {},
       0.0,
       0.0,
       0.0,
       "ANGLE: hover; motor 0 loses 20 % of its thrust for 0.2 s; peak tilt",
       {Disturbance::Kind::MotorLoss, 1.5, 0.2, 0, 0.2, {0.0, 0.0, 0.0}, 2.0}},
      {"gust_step",
       VAYU_MODE_ALT_HOLD,
       Measured::HeightM,
       {},
       0.0,
       0.0,
       0.0,
       "ALT_HOLD: hover; a 3 m/s downdraft steps in and stays; peak height change",
       {Disturbance::Kind::GustStep, 1.5, 0.0, 0, 0.0, {0.0, 0.0, 3.0}, 0.2}},
  };
  return list;
}

const Manoeuvre* findManoeuvre(const std::string& name) {
  for (const Manoeuvre& m : standardManoeuvres())
    if (m.name == name) return &m;
  return nullptr;
}

double referenceAt(const Manoeuvre& m, double t_s) {
  double r = 0.0;
  for (const Edge& e : m.edges)
    if (e.t_s <= t_s) r = e.value;
  return r;
}

namespace {

// The stick deflection that fc_deadband maps to `fraction` of full scale (the inverse of
// stage_setpoints.c's fc_deadband: out = (|v| − band) / (1 − band)).
float stickFor(double fraction, float band) {
  if (fraction == 0.0) return 0.0f;
  const double v = band + (1.0 - band) * std::abs(fraction);
  return float(std::copysign(std::min(v, 1.0), fraction));
}

}  // namespace

fc_sticks_t sticksAt(const Manoeuvre& m, const fc_params_t& p, double t_s) {
  const float band = fc_param(&p, FC_PARAM_STICK_DEADBAND);
  const double r = referenceAt(m, t_s);
  fc_sticks_t s{0.0f, 0.0f, 0.0f, m.mode == VAYU_MODE_ALT_HOLD ? 0.5f : fc_param(&p, FC_PARAM_HOVER_THRUST)};
  switch (m.measured) {
    case Measured::RollDeg:
      s.roll = stickFor(r / fc_param(&p, FC_PARAM_MAX_ANGLE_DEG), band);
      break;
    // Pitch stick +1 is nose down (fc_sticks_t): a nose-up reference needs the stick back.
    case Measured::PitchDeg:
      s.pitch = -stickFor(r / fc_param(&p, FC_PARAM_MAX_ANGLE_DEG), band);
      break;
    case Measured::RollRateDps:
      s.roll = stickFor(r / fc_param(&p, FC_PARAM_ACRO_RATE_DPS), band);
      break;
    case Measured::PitchRateDps:
      s.pitch = -stickFor(r / fc_param(&p, FC_PARAM_ACRO_RATE_DPS), band);
      break;
    case Measured::YawRateDps:
      s.yaw = stickFor(r / fc_param(&p, FC_PARAM_YAW_RATE_DPS), band);
      break;
    case Measured::TiltRmsDeg:
    case Measured::TiltDeg:
    case Measured::HeightM:
      break;
    case Measured::ClimbMps: {
      // ALT_HOLD: climb = deadband(2·throttle − 1, 2·band) · ALT_VEL_MAX.
      const float v = stickFor(r / fc_param(&p, FC_PARAM_ALT_VEL_MAX), 2.0f * band);
      s.throttle = 0.5f * (v + 1.0f);
      break;
    }
  }
  return s;
}

}  // namespace vsim::tune
