/* Control allocation from the rotor geometry, as PX4's CA_ROTOR* parameters hold
 * it: each rotor's position from the centre of mass, its unit thrust axis and its moment ratio,
 * all in the vehicle's body axes, turned into the flight axes by VEH_UP (flight_axes.h). Per unit thrust a rotor gives
 * the torque r x a - KM a (its lever arm and its reaction, KM = spin * k_q / k_f: positive when it turns positively
 * about its thrust axis, counter-clockwise seen from above for a rotor thrusting up) and the lift -a_z. Those four rows
 * form the effectiveness matrix B (4 x n); the allocation table is its Moore-Penrose pseudo-inverse B^T (B B^T)^-1 (the
 * least-squares, least-effort allocation), each torque column scaled so its largest share is 1 and the thrust column so
 * its largest is 1 — for a symmetric quad X exactly fc_mixer_quad_x's +-1 table. Computed in double (once, when the
 * parameters change), so symmetric geometry gives exact float shares. Plain code: no OS. */
#ifndef NAVIGATOR_FC_ALLOCATION_H
#define NAVIGATOR_FC_ALLOCATION_H

#include "firmware/core/fc_params.h"
#include "firmware/core/mixer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The table for the geometry in `params` (CA_ROTOR_COUNT rotors). Returns NULL, or a short text
 * (at most 34 characters, to follow "Arming refused: " in a STATUSTEXT) naming what the geometry
 * cannot do — then `out` is untouched: a rotor count out of range, a thrust axis that is not a
 * unit vector, an axis no rotor acts on, or axes it cannot tell apart (rank below 4). */
const char* fc_allocation_from_params(const fc_params_t* params, fc_mixer_table_t* out);

#ifdef __cplusplus
}
#endif

#endif
