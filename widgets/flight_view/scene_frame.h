// The flight view's one change of frame: ENU world (x East, y North, z Up — what sim/base/frames.h
// produces from the simulator's NED) to the Qt3D scene (right-handed, y up). Everything the
// flight view draws passes through these two functions; nothing else in widgets/flight_view
// knows how the scene's axes are laid out. Pure functions, any thread.
//
//   scene = (E, U, −N)
//
// which is the proper rotation R_SE = Rx(−90°): E ↦ +x, N ↦ −z, U ↦ +y (det R_SE = +1, so the
// right-handed ENU becomes the right-handed scene with no mirror). As a Hamilton quaternion
// q_SE = (cos(−45°), sin(−45°), 0, 0) = (√½, −√½, 0, 0).
#pragma once

#include <QQuaternion>
#include <QVector3D>

namespace navigator::flight_view {

// q_SE: rotates ENU components into scene components.
inline QQuaternion sceneFromEnuRotation() {
  constexpr float kHalfSqrt2 = 0.70710678118654752f;
  return QQuaternion(kHalfSqrt2, -kHalfSqrt2, 0.0f, 0.0f);
}

// A point or free vector from ENU [any unit] to the scene [same unit].
inline QVector3D sceneFromEnu(const QVector3D& v_ENU) { return QVector3D(v_ENU.x(), v_ENU.z(), -v_ENU.y()); }

// And back: scene to ENU.
inline QVector3D enuFromScene(const QVector3D& v_S) { return QVector3D(v_S.x(), -v_S.z(), v_S.y()); }

// An attitude q_ENU_B (body vectors into ENU) as the scene rotation q_S_B = q_SE ⊗ q_ENU_B, the
// rotation to give an entity whose vertices are in the body frame B.
inline QQuaternion sceneFromEnu(const QQuaternion& q_ENU_B) { return (sceneFromEnuRotation() * q_ENU_B).normalized(); }

}  // namespace navigator::flight_view
