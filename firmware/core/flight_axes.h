/* The flight axes the core estimates and controls in — FRD with up along -z, as for any
 * multirotor — from the vehicle's body axes, by the vehicle's up at rest (VEH_UP):
 * 0, body -z up: the same axes; 1, body +x up (a vertical lander whose body X points up at
 * launch, Y east, Z north, as in docs/design/firmware.md, "The lander"): forward = body z, right = body y, down = -body
 * x. The sensors (after SENS_ROT) and the rotor geometry (CA_ROTOR*, given in body axes) are turned into the flight
 * axes, so level, tilt, ALT_HOLD and landing mean the same for the lander as for a quad. */
#ifndef NAVIGATOR_FC_FLIGHT_AXES_H
#define NAVIGATOR_FC_FLIGHT_AXES_H

#include "firmware/core/fc_math.h"

static inline fc_vec3_t fc_body_to_flight(int up, fc_vec3_t v_B) { return up == 1 ? fc_v3(v_B.z, v_B.y, -v_B.x) : v_B; }

static inline void fc_body_to_flight_d(int up, const double v_B[3], double v_F[3]) {
  if (up == 1) {
    v_F[0] = v_B[2];
    v_F[1] = v_B[1];
    v_F[2] = -v_B[0];
  } else {
    v_F[0] = v_B[0];
    v_F[1] = v_B[1];
    v_F[2] = v_B[2];
  }
}

#endif
