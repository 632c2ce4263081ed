// The World Magnetic Model: COF reader and field synthesis. Equation numbers are those of the
// WMM2025 Technical Report (NOAA NCEI / BGS), section 1.2, "Model equations".
#include "sim/world/magnetic_model.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace vsim {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kDegToRad = kPi / 180.0;

// WGS-84 (the report's ellipsoid): semi-major axis and flattening; e² = f(2 − f).
constexpr double kWgs84A_m = 6378137.0;
constexpr double kWgs84F = 1.0 / 298.257223563;
constexpr double kWgs84E2 = kWgs84F * (2.0 - kWgs84F);
// The geomagnetic reference radius a of the spherical-harmonic expansion (section 1.2).
constexpr double kReferenceRadius_m = 6371200.0;
// The WMM's vertical domain: 1 km below the ellipsoid to about 850 km above it.
constexpr double kMinHeight_m = -1000.0;
constexpr double kMaxHeight_m = 850000.0;

constexpr const char* kShippedFile = "WMM2025.COF";

std::string at(const std::string& source, int line) { return source + " (line " + std::to_string(line) + "): "; }

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

std::vector<std::string_view> fieldsOf(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    const auto start = line.find_first_not_of(" \t\r", i);
    if (start == std::string_view::npos) break;
    auto end = line.find_first_of(" \t\r", start);
    if (end == std::string_view::npos) end = line.size();
    out.push_back(line.substr(start, end - start));
    i = end;
  }
  return out;
}

// The whole token as a finite number, or false.
bool toDouble(std::string_view token, double& out) {
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, out);
  return ec == std::errc() && ptr == end && std::isfinite(out);
}

bool toInt(std::string_view token, int& out) {
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, out);
  return ec == std::errc() && ptr == end;
}

// NOAA closes a COF with lines of 9s (48 of them in WMM.COF).
bool isClosingLine(std::string_view line) {
  const std::string_view t = trimmed(line);
  return t.size() >= 4 && t.find_first_not_of('9') == std::string_view::npos;
}

}  // namespace

double MagneticField::inclination_deg() const {
  return std::atan2(field_NED_gauss.z(), horizontal_gauss()) / kDegToRad;
}

double MagneticField::declination_deg() const {
  return std::atan2(field_NED_gauss.y(), field_NED_gauss.x()) / kDegToRad;
}

Result<MagneticModel> parseMagneticModel(std::istream& text, const std::string& source) {
  MagneticModel model;
  std::string line;
  int number = 0;

  // Header: "epoch name [release date]", e.g. "    2025.0            WMM-2025     11/13/2024".
  if (!std::getline(text, line)) return Error{source + ": empty, expected a COF header line (epoch, model name, date)"};
  ++number;
  {
    const auto f = fieldsOf(line);
    if (f.size() < 2 || f.size() > 3 || !toDouble(f[0], model.epoch_year))
      return Error{at(source, number) +
                   "expected a header 'epoch name [date]' (as '2025.0 WMM-2025 11/13/2024'), found '" +
                   std::string(trimmed(line)) + "'"};
    model.name = std::string(f[1]);
    if (f.size() == 3) model.release_date = std::string(f[2]);
  }

  // Coefficients: "n m g h g_dot h_dot" until the closing line of 9s.
  std::array<std::array<int, kMagneticModelMaxDegree + 1>, kMagneticModelMaxDegree + 1> seen_at{};  // line, 0: not yet
  int closing_line = 0;
  while (std::getline(text, line)) {
    ++number;
    if (closing_line != 0) {
      if (!trimmed(line).empty() && !isClosingLine(line))
        return Error{at(source, number) + "text after the closing line of 9s (line " + std::to_string(closing_line) +
                     ")"};
      continue;
    }
    if (isClosingLine(line)) {
      closing_line = number;
      continue;
    }
    const auto f = fieldsOf(line);
    if (f.size() != 6)
      return Error{at(source, number) + "expected six fields 'n m g h g_dot h_dot', found " + std::to_string(f.size()) +
                   (f.empty() ? " (an empty line)" : " ('" + std::string(trimmed(line)) + "')")};
    int n = 0, m = 0;
    if (!toInt(f[0], n) || !toInt(f[1], m))
      return Error{at(source, number) + "degree and order must be whole numbers, found '" + std::string(f[0]) +
                   "' and '" + std::string(f[1]) + "'"};
    if (n < 1 || n > kMagneticModelMaxDegree)
      return Error{at(source, number) + "degree n = " + std::to_string(n) + " is outside 1.." +
                   std::to_string(kMagneticModelMaxDegree)};
    if (m < 0 || m > n)
      return Error{at(source, number) + "order m = " + std::to_string(m) +
                   " is outside 0..n (n = " + std::to_string(n) + ")"};
    double values[4];
    static constexpr const char* kNames[4] = {"g", "h", "g_dot", "h_dot"};
    for (int i = 0; i < 4; ++i)
      if (!toDouble(f[2 + i], values[i]))
        return Error{at(source, number) + kNames[i] + " is not a finite number: '" + std::string(f[2 + i]) + "'"};
    if (m == 0 && (values[1] != 0.0 || values[3] != 0.0))
      return Error{at(source, number) + "h and h_dot must be 0 for order m = 0"};
    if (seen_at[n][m] != 0)
      return Error{at(source, number) + "coefficient (n, m) = (" + std::to_string(n) + ", " + std::to_string(m) +
                   ") is given twice (first at line " + std::to_string(seen_at[n][m]) + ")"};
    seen_at[n][m] = number;
    model.g_nT[n][m] = values[0];
    model.h_nT[n][m] = values[1];
    model.g_dot_nTpy[n][m] = values[2];
    model.h_dot_nTpy[n][m] = values[3];
    model.max_degree = std::max(model.max_degree, n);
  }
  if (text.bad()) return Error{source + ": read error"};
  if (closing_line == 0) return Error{at(source, number) + "the file ends without its closing line of 9s (truncated?)"};
  if (model.max_degree == 0) return Error{at(source, closing_line) + "no coefficients before the closing line"};
  for (int n = 1; n <= model.max_degree; ++n)
    for (int m = 0; m <= n; ++m)
      if (seen_at[n][m] == 0)
        return Error{at(source, closing_line) + "coefficient (n, m) = (" + std::to_string(n) + ", " +
                     std::to_string(m) + ") is missing (a model of degree " + std::to_string(model.max_degree) +
                     " needs every order of every degree)"};
  return model;
}

Result<MagneticModel> loadMagneticModel(const std::string& path) {
  std::ifstream file(path);
  if (!file) return Error{path + ": cannot open the file for reading"};
  return parseMagneticModel(file, path);
}

std::string shippedMagneticModelPath() {
  namespace fs = std::filesystem;
  std::error_code error;
  // As the tools find shipped airframes (cli/cli_util.h shippedPath): the data beside the executable.
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    const fs::path shipped = self.parent_path() / ".." / "share" / "navigator" / "wmm" / kShippedFile;
    if (fs::is_regular_file(shipped, error)) return shipped.lexically_normal().string();
  }
#ifdef NAVIGATOR_WMM_SOURCE_DIR
  // A program run from elsewhere in the build tree: the source tree's copy.
  const fs::path source = fs::path(NAVIGATOR_WMM_SOURCE_DIR) / kShippedFile;
  if (fs::is_regular_file(source, error)) return source.string();
#endif
  return {};
}

Result<MagneticModel> loadShippedMagneticModel() {
  const std::string path = shippedMagneticModelPath();
  if (path.empty())
    return Error{std::string(kShippedFile) +
                 ": not found in ../share/navigator/wmm beside the program nor in the source tree's resources/wmm"};
  return loadMagneticModel(path);
}

namespace {

// Why the model cannot be evaluated there and then (a number not finite, a latitude beyond a
// pole, a height or date outside the model's domain, a model without coefficients), or nothing.
std::optional<Error> outsideDomain(const MagneticModel& model, double latitude_deg, double longitude_deg,
                                   double height_m, double decimal_year) {
  if (!std::isfinite(latitude_deg) || !std::isfinite(longitude_deg) || !std::isfinite(height_m) ||
      !std::isfinite(decimal_year))
    return Error{"magnetic model: latitude, longitude, height and date must be finite numbers"};
  if (std::abs(latitude_deg) > 90.0)
    return Error{"magnetic model: latitude " + std::to_string(latitude_deg) + " deg is outside -90..90 deg"};
  if (height_m < kMinHeight_m || height_m > kMaxHeight_m)
    return Error{"magnetic model: height " + std::to_string(height_m) +
                 " m is outside the model's domain (1 km below to 850 km above the WGS-84 ellipsoid)"};
  if (!(decimal_year >= model.validFrom_year() && decimal_year < model.validUntil_year()))
    return Error{"magnetic model: date " + std::to_string(decimal_year) + " is outside " + model.name +
                 "'s validity (" + std::to_string(model.validFrom_year()) + " up to " +
                 std::to_string(model.validUntil_year()) + ")"};
  if (model.max_degree < 1 || model.max_degree > kMagneticModelMaxDegree)
    return Error{"magnetic model: '" + model.name + "' has no coefficients"};
  return std::nullopt;
}

// A point in geocentric spherical coordinates, with the geodetic latitude it came from.
struct Geocentric {
  double phi;        // geodetic latitude φ [rad]
  double lambda;     // longitude λ [rad]
  double r;          // distance from the Earth's centre [m]
  double x, s;       // sin φ', cos φ'
  double phi_prime;  // geocentric latitude φ' [rad]
};

// Geodetic (φ, λ, h) to geocentric spherical (φ', λ, r), the report's first step: the radius
// of curvature in the prime vertical R_c = A / sqrt(1 − e² sin²φ), then p = (R_c + h) cos φ,
// z = (R_c (1 − e²) + h) sin φ, r = sqrt(p² + z²), φ' = asin(z / r). sin φ' and cos φ' are
// taken as z/r and p/r, so that cos φ' is exactly 0 at a pole (cos 90° would round to 6e-17).
Geocentric geocentricOf(double latitude_deg, double longitude_deg, double height_m) {
  const double phi = latitude_deg * kDegToRad;
  const double lambda = longitude_deg * kDegToRad;
  const double sin_phi = std::sin(phi);
  const double cos_phi = std::abs(latitude_deg) == 90.0 ? 0.0 : std::cos(phi);
  const double Rc = kWgs84A_m / std::sqrt(1.0 - kWgs84E2 * sin_phi * sin_phi);
  const double p = (Rc + height_m) * cos_phi;
  const double z = (Rc * (1.0 - kWgs84E2) + height_m) * sin_phi;
  const double r = std::hypot(p, z);
  return {phi, lambda, r, z / r, p / r, std::atan2(z, p)};
}

constexpr int kLegendreSize = kMagneticModelMaxDegree + 1;  // degrees and orders 0 … max

// The Legendre functions of sin φ' to the model's degree: P̆ₙᵐ, dP̆ₙᵐ/dφ', and Qₙᵐ = P̆ₙᵐ / cos φ'.
struct Legendre {
  double P[kLegendreSize][kLegendreSize] = {}, dP[kLegendreSize][kLegendreSize] = {},
         Q[kLegendreSize][kLegendreSize] = {};
};

// Schmidt semi-normalised associated Legendre functions P̆ₙᵐ(sin φ') (as the report's section
// 1.2 defines them: P̆ₙᵐ = sqrt(2 (n − m)! / (n + m)!) Pₙ,ₘ for m > 0, Pₙ,₀ for m = 0) and their
// derivatives with respect to φ', by the standard recursions in degree:
//   P̆₀⁰ = 1,  P̆₁¹ = cos φ',  P̆ₙⁿ = sqrt((2n − 1) / 2n) cos φ' P̆ₙ₋₁ⁿ⁻¹  (n ≥ 2),
//   P̆ₙᵐ = [(2n − 1) sin φ' P̆ₙ₋₁ᵐ − sqrt((n − 1)² − m²) P̆ₙ₋₂ᵐ] / sqrt(n² − m²)  (n > m),
// differentiated term by term (d sin φ'/dφ' = cos φ', d cos φ'/dφ' = −sin φ').
// Alongside, Qₙᵐ = P̆ₙᵐ / cos φ' for m ≥ 1 by the same recursions with Q₁¹ = 1,
// Qₙⁿ = sqrt((2n − 1) / 2n) P̆ₙ₋₁ⁿ⁻¹: the east component (eq. 11) divides by cos φ', which
// is zero at the geographic poles. There the WMM software sums P̆ₙ¹ / cos φ' by recursion
// (orders m ≥ 2 vanish as cosᵐ⁻¹ φ'); Q is that treatment at every latitude, so the east
// component is finite and continuous up to and at |φ| = 90°, without a division.
void legendre(int N, double x, double s, Legendre& L) {
  auto& P = L.P;
  auto& dP = L.dP;
  auto& Q = L.Q;
  P[0][0] = 1.0;
  for (int n = 1; n <= N; ++n) {
    for (int m = 0; m <= n; ++m) {
      if (m == n) {
        const double k = n == 1 ? 1.0 : std::sqrt((2.0 * n - 1.0) / (2.0 * n));
        P[n][n] = k * s * P[n - 1][n - 1];
        dP[n][n] = k * (s * dP[n - 1][n - 1] - x * P[n - 1][n - 1]);
        Q[n][n] = k * P[n - 1][n - 1];
      } else {
        const double a = (2.0 * n - 1.0) / std::sqrt(double(n * n - m * m));
        const double b =
            n - 2 >= m ? std::sqrt(double((n - 1) * (n - 1) - m * m)) / std::sqrt(double(n * n - m * m)) : 0.0;
        const double P2 = n - 2 >= m ? P[n - 2][m] : 0.0;
        const double dP2 = n - 2 >= m ? dP[n - 2][m] : 0.0;
        const double Q2 = n - 2 >= m ? Q[n - 2][m] : 0.0;
        P[n][m] = a * x * P[n - 1][m] - b * P2;
        dP[n][m] = a * (x * dP[n - 1][m] + s * P[n - 1][m]) - b * dP2;
        if (m >= 1) Q[n][m] = a * x * Q[n - 1][m] - b * Q2;
      }
    }
  }
}

// The field in geocentric spherical components (X', Y', Z') [nT], eqs. 10–12, with the
// coefficients moved `dt_years` from the epoch (eq. 9: g(t) = g(t₀) + (t − t₀) ġ(t₀), h likewise):
//   X' = −Σₙ (a/r)ⁿ⁺² Σₘ (gₙᵐ cos mλ + hₙᵐ sin mλ) dP̆ₙᵐ(sin φ')/dφ'
//   Y' = (1 / cos φ') Σₙ (a/r)ⁿ⁺² Σₘ m (gₙᵐ sin mλ − hₙᵐ cos mλ) P̆ₙᵐ(sin φ')
//   Z' = −Σₙ (n + 1) (a/r)ⁿ⁺² Σₘ (gₙᵐ cos mλ + hₙᵐ sin mλ) P̆ₙᵐ(sin φ')
Eigen::Vector3d sphericalField(const MagneticModel& model, const Geocentric& at, double dt_years, const Legendre& L) {
  const int N = model.max_degree;
  double cos_m[kLegendreSize], sin_m[kLegendreSize];
  for (int m = 0; m <= N; ++m) {
    cos_m[m] = std::cos(m * at.lambda);
    sin_m[m] = std::sin(m * at.lambda);
  }
  const double ratio = kReferenceRadius_m / at.r;
  double ratio_power = ratio * ratio;  // (a/r)ⁿ⁺² from n = 0
  double Xp = 0.0, Yp = 0.0, Zp = 0.0;
  for (int n = 1; n <= N; ++n) {
    ratio_power *= ratio;
    double x_sum = 0.0, y_sum = 0.0, z_sum = 0.0;
    for (int m = 0; m <= n; ++m) {
      const double g = model.g_nT[n][m] + dt_years * model.g_dot_nTpy[n][m];
      const double h = model.h_nT[n][m] + dt_years * model.h_dot_nTpy[n][m];
      const double along = g * cos_m[m] + h * sin_m[m];
      x_sum += along * L.dP[n][m];
      z_sum += along * L.P[n][m];
      if (m >= 1) y_sum += m * (g * sin_m[m] - h * cos_m[m]) * L.Q[n][m];
    }
    Xp -= ratio_power * x_sum;
    Yp += ratio_power * y_sum;
    Zp -= (n + 1) * ratio_power * z_sum;
  }
  return {Xp, Yp, Zp};
}

}  // namespace

Result<MagneticField> evaluateMagneticModel(const MagneticModel& model, double latitude_deg, double longitude_deg,
                                            double height_m, double decimal_year) {
  if (auto refused = outsideDomain(model, latitude_deg, longitude_deg, height_m, decimal_year)) return *refused;
  const Geocentric at = geocentricOf(latitude_deg, longitude_deg, height_m);
  Legendre L;
  legendre(model.max_degree, at.x, at.s, L);
  const Eigen::Vector3d spherical = sphericalField(model, at, decimal_year - model.epoch_year, L);
  const double Xp = spherical.x(), Yp = spherical.y(), Zp = spherical.z();

  // Back to the geodetic frame, eq. 17: a rotation by ψ = φ' − φ about the east axis.
  const double psi = at.phi_prime - at.phi;
  const double X = Xp * std::cos(psi) - Zp * std::sin(psi);
  const double Y = Yp;
  const double Z = Xp * std::sin(psi) + Zp * std::cos(psi);
  MagneticField field;
  field.field_NED_gauss = Eigen::Vector3d(X, Y, Z) / kNanoteslaPerGauss;
  if (!field.field_NED_gauss.allFinite()) return Error{"magnetic model: '" + model.name + "' gives a non-finite field"};
  return field;
}

Result<Eigen::Vector3d> magneticFieldAt(const MagneticModel& model, double latitude_deg, double longitude_deg,
                                        double height_m, double decimal_year) {
  auto field = evaluateMagneticModel(model, latitude_deg, longitude_deg, height_m, decimal_year);
  if (!field) return field.error();
  return field->field_NED_gauss;
}

double decimalYear(std::int64_t unix_seconds) {
  using namespace std::chrono;
  // Years 1 to 9999 (std::chrono::year's range is wider, but the civil calendar is not
  // checked beyond): outside, NaN, which evaluateMagneticModel refuses.
  constexpr std::int64_t kYear1 = -62135596800;      // 0001-01-01T00:00:00Z
  constexpr std::int64_t kYear10000 = 253402300800;  // 10000-01-01T00:00:00Z
  if (unix_seconds < kYear1 || unix_seconds >= kYear10000) return std::numeric_limits<double>::quiet_NaN();
  const sys_seconds t{seconds{unix_seconds}};
  const year y = year_month_day{floor<days>(t)}.year();
  const sys_seconds start{sys_days{y / January / 1}};
  const sys_seconds next{sys_days{(y + years{1}) / January / 1}};
  return int(y) + double((t - start).count()) / double((next - start).count());
}

}  // namespace vsim
