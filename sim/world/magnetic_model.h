// The World Magnetic Model (WMM): the Earth's main field at a place and a date, from a NOAA
// coefficient file (COF). The simulator's magnetometer reads one constant world field
// (MagModel::field_NED_gauss); a flight stack such as PX4's EKF2 compares what it reads with
// the WMM at its home before arming, so a backend can set that field from here.
//
// The equations are those of the WMM2025 Technical Report (NOAA NCEI / BGS), section 1.2 "Model
// equations"; the shipped coefficients are WMM2025 (resources/wmm/WMM2025.COF, public domain).
// Frame: NED at the point (X north, Y east, Z down), geodetic (WGS-84) north and down.
#pragma once

#include "sim/base/result.h"

#include <Eigen/Core>

#include <array>
#include <cmath>
#include <cstdint>
#include <istream>
#include <string>

namespace vsim {

inline constexpr int kMagneticModelMaxDegree = 12;  // the WMM's degree and order
inline constexpr double kNanoteslaPerGauss = 1e5;

// A COF file's contents: Gauss coefficients at the epoch and their secular variation.
struct MagneticModel {
  std::string name;          // "WMM-2025"
  std::string release_date;  // as the header gives it ("11/13/2024"); may be empty
  double epoch_year = 0.0;   // decimal year of the coefficients (2025.0)
  int max_degree = 0;        // highest degree n in the file (12)
  // Indexed [n][m], 1 ≤ n ≤ max_degree, 0 ≤ m ≤ n; h[n][0] is zero. [nT], [nT/year].
  using Table = std::array<std::array<double, kMagneticModelMaxDegree + 1>, kMagneticModelMaxDegree + 1>;
  Table g_nT{}, h_nT{}, g_dot_nTpy{}, h_dot_nTpy{};

  // A WMM is valid for five years from its epoch: [epoch, epoch + 5).
  double validFrom_year() const { return epoch_year; }
  double validUntil_year() const { return epoch_year + 5.0; }
};

// The field at one point, and the elements a compass or an arming check derives from it
// (report eq. 19). The helpers work for any NED field, e.g. MagneticField{model.mag.field_NED_gauss}.
struct MagneticField {
  Eigen::Vector3d field_NED_gauss = Eigen::Vector3d::Zero();  // X, Y, Z

  double horizontal_gauss() const { return std::hypot(field_NED_gauss.x(), field_NED_gauss.y()); }
  double total_gauss() const { return field_NED_gauss.norm(); }
  // Dip below the horizontal, positive when the field points down (northern hemisphere).
  double inclination_deg() const;
  // Of the horizontal part, east of true north (D = atan2(Y, X)); meaningless where the
  // horizontal part vanishes (the magnetic poles).
  double declination_deg() const;
};

// A COF text: a header line (epoch, model name, release date), lines "n m g h g_dot h_dot" for
// every degree n = 1..N (N ≤ 12) and order m = 0..n, then a closing line of 9s. Any line that
// does not fit is an Error naming `source` and the line ("WMM.COF (line 7): …").
Result<MagneticModel> parseMagneticModel(std::istream& text, const std::string& source);
Result<MagneticModel> loadMagneticModel(const std::string& path);

// The shipped WMM2025.COF: ../share/navigator/wmm beside the running executable (the build
// tree's build/share/navigator, or /usr/share/navigator installed), else the source tree's
// resources/wmm. Empty when neither exists.
std::string shippedMagneticModelPath();
Result<MagneticModel> loadShippedMagneticModel();

// The field at a geodetic latitude and longitude [deg], a height above the WGS-84 ellipsoid
// [m] (not above mean sea level: the two differ by the geoid, tens of metres, about 1 nT) and
// a decimal year. Refuses non-finite inputs, |latitude| > 90°, heights outside the WMM's
// domain (1 km below to 850 km above the ellipsoid) and dates outside the model's validity.
// Finite at the geographic poles, where "north" is along the meridian of `longitude_deg`.
Result<MagneticField> evaluateMagneticModel(const MagneticModel& model, double latitude_deg, double longitude_deg,
                                            double height_m, double decimal_year);

// The same, as the NED vector a MagModel takes [gauss].
Result<Eigen::Vector3d> magneticFieldAt(const MagneticModel& model, double latitude_deg, double longitude_deg,
                                        double height_m, double decimal_year);

// A UTC instant (seconds since 1970-01-01T00:00:00Z) as a decimal year: the year plus the
// elapsed fraction of it, 365 or 366 days long (2024-07-01T00:00Z is 2024 + 182/366).
double decimalYear(std::int64_t unix_seconds);

}  // namespace vsim
