// Where a vehicle can touch the world: its feet — the footprint it stands on — and
// its hull, so that a vehicle on its side or its back rests on what a real frame rests on
// instead of passing through the surface.
//
// The hull is the convex hull of everything the vehicle is made of, simplified to its support
// points along a fixed set of 42 directions (the vertices of a once-subdivided icosahedron):
// for each direction the point reaching furthest along it. Every support point is a vertex of
// the convex hull, so the simplified hull lies within the true one; tests/sim/contact_geometry_test
// measures how much of each shipped airframe's reach it keeps. What the vehicle is made of, as points:
//   - its parts (airframe_file: mesh vertices, box corners, cylinder rims, sphere points,
//     point masses), each part first reduced to its own support points;
//   - without parts (mass properties given as numbers), the box of uniform density with the
//     same mass and principal moments (a box of edges a, b, c has Ixx = m(b²+c²)/12, …);
//   - the rotor discs of propellers (rotors with reaction torque k_q > 0), 16 points on the rim
//     at the propeller radius (given, or 0.35 of the distance to the nearest other rotor: a
//     10-inch propeller on a 480 mm frame is 0.37), and every rotor's hub (the arm tips);
//   - the feet.
// An airframe file can give the hull itself (contact_hull_m).
// Plain functions, Qt-free.
#pragma once

#include "sim/base/pose.h"

#include <Eigen/Core>

#include <array>
#include <vector>

namespace vsim {

struct VehicleModel;

inline constexpr int kHullDirections = 42;

// The 42 unit directions (icosahedron vertices and edge midpoints, normalised).
const std::array<Eigen::Vector3d, kHullDirections>& hullDirections();

// The support points of `candidates` along the hull directions, without repeats (points
// closer than 1e-6 m are one). Empty for no candidates.
std::vector<Eigen::Vector3d> supportPoints(const std::vector<Eigen::Vector3d>& candidates);

// Points of primitives placed at `pose` (their own frames as in mass_primitives.h), appended.
void appendBoxPoints(std::vector<Eigen::Vector3d>& out, const Pose& pose, const Eigen::Vector3d& size_m);
void appendCylinderPoints(std::vector<Eigen::Vector3d>& out, const Pose& pose, double radius_m, double length_m);
void appendSpherePoints(std::vector<Eigen::Vector3d>& out, const Pose& pose, double radius_m);

// The edges [m] of the uniform box with this mass and tensor, along the tensor's principal
// axes (columns of R_BP); principal moments ascending as principalAxes gives them.
Eigen::Vector3d equivalentBoxSize_m(double mass_kg, const Eigen::Vector3d& principal_moments_kgm2);

// The hull points of `model` (feet excluded, at most kHullDirections), from its shape points,
// rotors and feet as described above; or its hull override when it has one.
std::vector<Eigen::Vector3d> derivedHull(const VehicleModel& model);

// A face plane of a convex hull: points p with normal·p ≤ offset_m are inside.
struct HullPlane {
  Eigen::Vector3d normal;  // unit, outward
  double offset_m;
};

// The face planes of the convex hull of `points` (coplanar faces merged), so that corners of
// the world (a box's) can be found inside the vehicle: found by testing every triple (fine for
// the ≤ 64 contact points, once when the model is built). Empty when the points span no volume.
std::vector<HullPlane> hullPlanes(const std::vector<Eigen::Vector3d>& points);

}  // namespace vsim
