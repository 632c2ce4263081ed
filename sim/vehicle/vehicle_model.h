// VehicleModel: everything about a vehicle that does not change while it flies:
// mass properties, rotors, drag, damping and sensors. Built once, read-only afterwards,
// shared by any number of states. Body frame B is the airframe file's own; all positions
// here are relative to the centre of mass.
#pragma once

#include "sim/mass/mass_properties.h"
#include "sim/base/result.h"
#include "sim/vehicle/battery_model.h"
#include "sim/vehicle/contact_geometry.h"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace vsim {

inline constexpr int kMaxRotors = 8;
inline constexpr int kMaxFeet = 8;            // the footprint it stands on
inline constexpr int kMaxContactPoints = 64;  // feet and hull (contact_geometry.h)

// One rotor (or engine): thrust k_f·ω² along axis_B, reaction torque −spin·k_q·ω²·axis_B.
struct RotorModel {
  Eigen::Vector3d position_B_m = Eigen::Vector3d::Zero();  // relative to the centre of mass
  Eigen::Vector3d axis_B = -Eigen::Vector3d::UnitZ();      // unit thrust direction
  double spin = 1.0;               // +1: turns positively about axis_B (right hand); −1: the other way
  double k_f_N_per_radps2 = 0.0;   // thrust per ω²
  double k_q_Nm_per_radps2 = 0.0;  // reaction torque per ω²
  double max_speed_radps = 0.0;    // ω at duty 1
  double spin_up_s = 0.0;          // first-order time constant while speeding up
  double spin_down_s = 0.0;        // ... while slowing down
  double bias = 1.0;               // fixed factor on ω² (manufacturing spread)
  double prop_radius_m = 0.0;      // propeller radius for contact; 0: derived (contact_geometry.h)
};

// White noise and a clamped bias random walk for one three-axis sensor.
struct NoiseModel {
  double noise_density = 0.0;  // [unit/√Hz]; per-sample σ = density/√dt
  double random_walk = 0.0;    // bias walk [unit·√Hz]; per-sample step σ = walk·√dt
  double bias_limit = 0.0;     // |bias| clamp per axis [unit]
};

// The fixed errors a three-axis inertial sensor has on the bench (a board straight from the
// factory, before calibration): an offset b, a scale factor per axis S = diag(scale) and the
// cross-axis sensitivity M = I + C (C: the small angles, off the diagonal, by which each sensing
// axis leans towards the others [rad]). The sensor reads S·M·v + b for a true v in its own
// axes (sensor_models.h gives the whole formula). Defaults: none.
struct AxisErrors {
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();          // b [the sensor's unit: m/s² or rad/s]
  Eigen::Vector3d scale = Eigen::Vector3d::Ones();           // diagonal of S, each > 0
  Eigen::Matrix3d cross_axis_rad = Eigen::Matrix3d::Zero();  // C, zero diagonal
  bool none() const {
    return offset == Eigen::Vector3d::Zero() && scale == Eigen::Vector3d::Ones() &&
           cross_axis_rad == Eigen::Matrix3d::Zero();
  }
  Eigen::Matrix3d gain() const { return scale.asDiagonal() * (Eigen::Matrix3d::Identity() + cross_axis_rad); }  // S·M
};

struct ImuModel {
  Eigen::Vector3d position_B_m = Eigen::Vector3d::Zero();  // relative to the centre of mass
  Eigen::Matrix3d R_BS = Eigen::Matrix3d::Identity();      // sensor axes in the body frame
  // How far the board really sits from R_BS (mounted crooked): the sensor axes are
  // R_BS·R_mount in the body, R_mount from roll, pitch, yaw applied z-y-x. The firmware knows
  // R_BS, not this. It turns the magnetometer too (it reads in the IMU's axes). Default none.
  Eigen::Matrix3d R_mount = Eigen::Matrix3d::Identity();
  AxisErrors accel_errors;  // offset [m/s²]
  AxisErrors gyro_errors;   // offset [rad/s]
  // PX4 SITL's IMU defaults (the rotors_simulator IMU plugin): gyro 0.0003394 rad/s/√Hz white,
  // 3.8785e-5 rad/s²/√Hz walk; accel 0.004 m/s²/√Hz, 0.006 m/s³/√Hz. Bias clamps at three
  // times the plugins' turn-on bias σ (0.0087 rad/s, 0.196 m/s²).
  NoiseModel gyro{0.0003394, 3.8785e-5, 0.0262};    // [rad/s]
  NoiseModel accel{0.004, 0.006, 0.588};            // [m/s²]
  double gyro_range_radps = 2000.0 * M_PI / 180.0;  // saturation, flagged when exceeded
  double accel_range_mps2 = 16.0 * 9.80665;
};

struct MagModel {
  Eigen::Vector3d field_NED_gauss{0.21, 0.015, 0.42};  // world magnetic field
  // The board's own magnetism (sensor_models.h): hard iron, a field that turns with the vehicle
  // [gauss, sensor axes], and soft iron, a 3×3 matrix (invertible) that bends the field the
  // board sees. Defaults: none.
  Eigen::Vector3d hard_iron_gauss = Eigen::Vector3d::Zero();
  Eigen::Matrix3d soft_iron = Eigen::Matrix3d::Identity();
  // The motors' currents make a field of their own at the board: k·I [gauss per ampere, sensor
  // axes] for the motors' total current I, each motor's I = its shaft torque / the torque
  // constant K_t (sensor_models.h: motorCurrent_A). Default none.
  Eigen::Vector3d motor_field_gauss_per_A = Eigen::Vector3d::Zero();
  double motor_torque_constant_Nm_per_A = 0.0;  // K_t = 60 / (2π·Kv[rpm/V]); > 0 when the field is given
  NoiseModel noise{4e-4, 6.4e-6, 0.01};         // [gauss]
  // Where the field's horizontal part points, east of true north: the declination a flight
  // controller needs to read true heading from this field (the default field: 4.09°).
  double declination_deg() const { return std::atan2(field_NED_gauss.y(), field_NED_gauss.x()) * 180.0 / M_PI; }
};

struct BaroModel {
  double home_altitude_m = 0.0;  // altitude above mean sea level of the NED origin
  double noise_pa = 1.5;         // white noise per sample [Pa]
};

// A receiver's error as receivers show it: a slowly wandering part — a first-order
// Gauss–Markov process per axis with stationary standard deviation drift_*_m and correlation
// time drift_time_constant_s, e(k+1) = e(k)·φ + σ·√(1 − φ²)·n, φ = exp(−Δt/τ) — plus a small
// white part per fix (noise_*_m). Velocity (Doppler) has its own white noise. A check that
// filters the position's rate of change over seconds (PX4's drift check: 10 s) sees the
// wander's slow rate, not a jump each fix. eph/epv report the total 1-σ error; hdop/vdop the
// geometry of `satellites` satellites (what a receiver outdoors reports: about 0.8 and 1.2).
struct GpsModel {
  double rate_hz = 10.0;
  double latency_s = 0.1;
  double drift_horizontal_m = 0.4;  // σ of the wandering error, per horizontal axis
  double drift_vertical_m = 0.7;
  double drift_time_constant_s = 60.0;  // τ
  double noise_horizontal_m = 0.05;     // white, per fix and axis
  double noise_vertical_m = 0.08;
  double noise_velocity_mps = 0.05;  // white, per axis
  int satellites = 12;
  double hdop = 0.8, vdop = 1.2;
  double home_latitude_deg = 47.397742;  // the NED origin on the globe
  double home_longitude_deg = 8.545594;
  // The reported 1-σ horizontal (radial, both axes) and vertical position errors [m].
  double eph_m() const {
    return std::sqrt(2.0 * (drift_horizontal_m * drift_horizontal_m + noise_horizontal_m * noise_horizontal_m));
  }
  double epv_m() const { return std::sqrt(drift_vertical_m * drift_vertical_m + noise_vertical_m * noise_vertical_m); }
};

struct VehicleModel {
  std::string name;
  double mass_kg = 0.0;
  Eigen::Matrix3d inertia_kgm2 = Eigen::Matrix3d::Identity();          // about the COM, body axes (mass_properties.h)
  Eigen::Matrix3d inertia_inv_per_kgm2 = Eigen::Matrix3d::Identity();  // cached by finalizeModel
  Eigen::Vector3d com_file_m = Eigen::Vector3d::Zero();                // COM in the file's body coordinates
  int rotor_count = 0;
  std::array<RotorModel, kMaxRotors> rotors{};
  Eigen::Vector3d drag_linear_Ns_per_m = Eigen::Vector3d::Zero();  // per body axis, on air-relative velocity
  Eigen::Vector3d drag_quadratic_Ns2_per_m2 = Eigen::Vector3d::Zero();
  double damping_linear_Ns_per_m = 0.0;         // force −k·v (world); 0 on shipped airframes
  double damping_rotational_Nms_per_rad = 0.0;  // torque −k·ω (body); 0 on shipped airframes
  Eigen::Quaterniond rest_attitude_WB = Eigen::Quaterniond::Identity();  // attitude at launch
  // Every body point that can touch the world, about the centre of mass: first the
  // feet (foot_count of them: the footprint it stands on, default the arm tips), then the hull
  // finalizeModel derives (contact_geometry.h). Before finalizeModel, contact_count points are
  // the feet as given.
  int contact_count = 0;
  int foot_count = 0;
  std::array<Eigen::Vector3d, kMaxContactPoints> contact_points_B_m{};
  double contact_radius_m = 0.0;  // the farthest contact point from the centre of mass (finalizeModel)
  // The face planes of the contact points' convex hull (body frame, finalizeModel): the
  // vehicle's volume, for corners of the world that reach into it.
  std::vector<HullPlane> hull_planes_B;
  // What the vehicle is made of, as points about the centre of mass (each part's support
  // points, from the airframe file): the hull is derived from them.
  std::vector<Eigen::Vector3d> shape_points_B_m;
  // A hull given by the airframe file instead of the derived one (about the centre of mass).
  std::vector<Eigen::Vector3d> hull_override_B_m;
  ImuModel imu;
  MagModel mag;
  BaroModel baro;
  GpsModel gps;
  BatteryModel battery;  // none by default (battery_model.h)
  double gravity_mps2 = 9.80665;
  // Not physics, but how this airframe's pilot flies it: the flight firmware's STICK_MAP
  // (fc_params.h) — 0 the vehicle's axes, 1 a pilot facing between the axes (a lander's) with
  // the twist turning, 2 the same with the twist an angle. The airframe file's pilot.sticks.
  int stick_map = 0;
  // The flight firmware's parameters this airframe flies with, in the file's order (its gains,
  // as PX4's airframe files set theirs): the airframe file's firmware_params. Their names are the
  // firmware's business: flight/ applies and checks them (airframeParams, checkAllocation), the
  // station writes them.
  std::vector<std::pair<std::string, double>> firmware_params;
};

// Checks what the dynamics rely on and caches I⁻¹: positive finite mass; a finite, symmetric,
// positive-definite tensor obeying the triangle inequalities of principal moments; 1 to
// kMaxRotors rotors with unit axes and positive constants; 1 to kMaxFeet finite feet. Then
// appends the hull to the feet (contact_geometry.h) and measures contact_radius_m. The error
// names the quantity.
Result<VehicleModel> finalizeModel(VehicleModel model);

// The same vehicle with new mass properties (how the ground station flies what the Inertia
// Inspector computed): `body` is the whole vehicle's mass, centre of mass and tensor about it
// in the airframe file's body coordinates. Rotors, IMU and footprint keep their places in those
// coordinates, so their offsets from the centre of mass move with it. Checked by finalizeModel.
Result<VehicleModel> withMassProperties(const VehicleModel& model, const MassProperties& body);

// The thrust along the first rotor's axis at full speed over the weight: below 1 the vehicle
// cannot lift itself (1 / hoverDuty²).
double thrustToWeight(const VehicleModel& model);

// The steps the simulator takes a body in: the RK4 physics step and the period of the
// firmware's loop (one IMU frame, the step the flight controller reacts in). The defaults are
// the simulator's own (SimulatorConfig: physics_rate_hz 8000, imu_rate_hz 1000).
struct SimulationSteps {
  double physics_dt_s = 1.0 / 8000.0;
  double control_period_s = 1.0 / 1000.0;
};

// Classical RK4 is stable on a decaying mode e^(λt), λ real, while −λ·dt ≤ this: its step
// multiplies the mode by R(z) = 1 + z + z²/2 + z³/6 + z⁴/24, z = λ·dt, which stays within
// (−1, 1) down to the real root of R(z) = 1 other than 0, i.e. of z³ + 4z² + 12z + 24 = 0
// (Hairer & Wanner, "Solving Ordinary Differential Equations II", section IV.2). Beyond it each
// step amplifies.
inline constexpr double kRk4RealStabilityLimit = 2.785293563405282;

// The lightest body the physics step integrates stably [kg]: drag and linear damping make
// v̇ = −(c_lin + 2·c_quad·|v_air| + k_damp)/m · v along each body axis (the quadratic term
// linearised), a mode RK4 steps only while (c_lin + 2·c_quad·|v_air| + k_damp)·dt/m stays within
// kRk4RealStabilityLimit, up to the fastest air speed the state can hold (kMaxSpeed_mps on each
// world axis: √3 times it). 0 for a body without drag or damping.
double lightestStableMass_kg(const VehicleModel& model, double physics_dt_s);

// The largest torque the rotors can put about the unit body axis `axis_B` [N·m]: each rotor's
// full-speed torque about it (thrust's lever and reaction), the rotors pulling that way at full
// speed and the others stopped, in whichever sense is larger.
double maxRotorTorque_Nm(const VehicleModel& model, const Eigen::Vector3d& axis_B);

// The smallest principal moment the simulation still resolves, about each principal axis of the
// model's tensor (the eigen order, ascending moments) [kg·m²]. Two limits, the larger counts:
//  - at the rotors' largest torque about the axis, the rate gained in one control period (the
//    firmware's loop, integrated in control_period/physics_dt RK4 steps with the motors held)
//    stays within the gyro's full scale and the state's rate bound (kMaxBodyRate_radps): a body
//    that outruns its gyro between two of the firmware's steps cannot be measured, let alone held;
//  - rotational damping k_ω makes ω̇ = −k_ω/I·ω, stable under RK4 while k_ω·dt/I ≤
//    kRk4RealStabilityLimit. (The gyroscopic term ω×Iω never limits: with the triangle
//    inequality of the moments its modes turn at most at |ω| ≤ kMaxBodyRate_radps, 0.025 rad per
//    125 µs step.)
Eigen::Vector3d smallestResolvedInertia_kgm2(const VehicleModel& model, const SimulationSteps& steps);

// What keeps a finalized model from flying as Navigator simulates it, in words for a user
// (empty: nothing): it cannot lift itself (thrustToWeight below 1); its centre of mass lies
// outside its contact hull — the contact model keeps the hull out of the ground, so a centre of
// mass outside it would be left under the ground (a mesh read in the wrong unit puts
// it metres away); it is lighter than the physics step integrates (lightestStableMass_kg); or a
// principal moment is below what the steps resolve (smallestResolvedInertia_kgm2). The ground
// station refuses such mass properties, with the firmware's own limits (flight/flyability.h).
std::vector<std::string> flyabilityProblems(const VehicleModel& model, const SimulationSteps& steps = {});

// The duty, the same for every rotor, whose thrust along the first rotor's axis carries the
// weight (thrust ∝ ω² ∝ duty²). Above 1 when the vehicle cannot hover.
double hoverDuty(const VehicleModel& model);

}  // namespace vsim
