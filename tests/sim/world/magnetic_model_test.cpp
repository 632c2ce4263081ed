// Tests of sim/world/magnetic_model: NOAA's published WMM2025 test values, the COF reader's
// named mistakes, refusals (dates outside the model's validity, non-finite and out-of-domain
// inputs), the geographic poles, decimal years, the shipped file, and the simulator's default
// field against the WMM at PX4's default home.
#include "sim/vehicle/vehicle_model.h"
#include "sim/world/magnetic_model.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

// date [decimal year], height above the WGS-84 ellipsoid [km], geodetic latitude and longitude
// [deg], X (north), Y (east), Z (down), H, F [nT], inclination I and declination D [deg].
struct TestValue {
  double year, height_km, latitude_deg, longitude_deg, X_nT, Y_nT, Z_nT, H_nT, F_nT, I_deg, D_deg;
};

// The WMM2025 Technical Report's test-value table, which NOAA NCEI also publishes as
// WMM2025_TEST_VALUES.txt (https://www.ncei.noaa.gov/sites/default/files/2025-02/WMM2025_TEST_VALUES.txt):
// X, Y, Z, H, F to 0.1 nT, I and D to 0.01°. Transcribed from public copies of that file (the
// same twelve rows in several independent projects' test suites; ncei.noaa.gov itself was not
// reachable from here).
const TestValue kReportTable[] = {
    {2025.0, 0, 80, 0, 6521.6, 145.9, 54791.5, 6523.2, 55178.5, 83.21, 1.28},
    {2025.0, 0, 0, 120, 39677.8, -109.6, -10580.2, 39677.9, 41064.3, -14.93, -0.16},
    {2025.0, 0, -80, 240, 6117.5, 15751.9, -52022.5, 16898.1, 54698.2, -72.00, 68.78},
    {2025.0, 100, 80, 0, 6216.0, 92.4, 52598.8, 6216.7, 52964.9, 83.26, 0.85},
    {2025.0, 100, 0, 120, 37688.6, -96.2, -10152.1, 37688.7, 39032.1, -15.08, -0.15},
    {2025.0, 100, -80, 240, 5907.6, 14780.3, -49540.7, 15917.1, 52035.0, -72.19, 68.21},
    {2027.5, 0, 80, 0, 6500.8, 294.5, 54869.4, 6507.5, 55253.9, 83.24, 2.59},
    {2027.5, 0, 0, 120, 39701.6, -167.4, -10381.8, 39702.0, 41036.9, -14.65, -0.24},
    {2027.5, 0, -80, 240, 6200.7, 15730.3, -51783.7, 16908.3, 54474.2, -71.92, 68.49},
    {2027.5, 100, 80, 0, 6196.7, 233.8, 52670.5, 6201.1, 53034.3, 83.29, 2.16},
    {2027.5, 100, 0, 120, 37711.5, -148.7, -9969.8, 37711.8, 39007.4, -14.81, -0.23},
    {2027.5, 100, -80, 240, 5984.0, 14760.1, -49317.7, 15927.0, 51825.7, -72.10, 67.93},
};

// NOAA's 100 test points for WMM2025 (WMM2025_TestValues.txt, shipped with the coefficients):
// X, Y, Z, H, F to 1e-6 nT, I and D to 0.01°, dates 2025.0 to 2029.5, heights 0 to 98 km,
// latitudes up to 89°. Taken from the npm package geomagnetism 0.2.0 (test/values.csv, its
// WMM2025 rows); the same points, rounded to 1 nT, are NCEI's own
// CIRES-Geomagnetism/wmm wmm/WMM2025_FINAL_TEST_VALUES.txt.
const TestValue kCoefficientPackageTable[] = {
    {2025.0, 28, 89, -121, -255.388723, -1482.460628, 56194.288771, 1504.298146, 56214.419888, 88.47, -99.77},
    {2025.0, 48, 80, -96, 1875.982280, -1079.269389, 55623.044051, 2164.285547, 55665.134163, 87.77, -29.91},
    {2025.0, 54, 82, 87, 1324.336929, 1883.428620, 56740.772059, 2302.427342, 56787.466800, 87.68, 54.89},
    {2025.0, 65, 43, 93, 24299.852822, 210.517066, 50037.923998, 24300.764692, 55626.621348, 64.10, 0.50},
    {2025.0, 51, -33, 109, 21737.778822, -2090.274098, -52710.003920, 21838.046477, 57054.752538, -67.50, -5.49},
    {2025.0, 39, -59, -8, 14358.095523, -4049.107540, -24389.086374, 14918.115796, 28589.818346, -58.55, -15.75},
    {2025.0, 3, -50, -103, 19526.532799, 10362.990980, -31437.562789, 22106.041373, 38431.724126, -54.89, 27.96},
    {2025.0, 94, -29, -110, 23275.471080, 6559.046509, -19063.605287, 24181.990098, 30792.688931, -38.25, 15.74},
    {2025.0, 66, 14, 143, 35003.441364, -116.624818, 7966.315182, 35003.635649, 35898.700342, 12.82, -0.19},
    {2025.0, 18, 0, 21, 29274.811882, 659.800118, -14316.722540, 29282.246275, 32594.761714, -26.06, 1.29},
    {2025.5, 6, -36, -137, 23781.930678, 8786.698927, -32577.518648, 25353.230658, 41280.516301, -52.11, 20.28},
    {2025.5, 63, 26, 81, 34802.613433, 308.431881, 30332.056989, 34803.980117, 46166.554053, 41.07, 0.51},
    {2025.5, 69, 38, -144, 22510.804524, 5167.636206, 35525.990264, 23096.337032, 42373.774537, 56.97, 12.93},
    {2025.5, 50, -70, -133, 9021.847823, 14001.865232, -51084.838301, 16656.709403, 53731.803175, -71.94, 57.21},
    {2025.5, 8, -52, -75, 19331.857134, 5147.774727, -23532.664273, 20005.506364, 30886.996822, -49.63, 14.91},
    {2025.5, 8, -66, 17, 15201.438652, -9925.501123, -30881.123197, 18154.870136, 35822.382382, -59.55, -33.14},
    {2025.5, 22, -37, 140, 21404.761773, 3498.897430, -55397.587760, 21688.847590, 59492.006517, -68.62, 9.28},
    {2025.5, 40, -12, -129, 28594.451238, 5432.201489, -8052.525092, 29105.866326, 30199.248583, -15.46, 10.76},
    {2025.5, 44, 33, -118, 23235.835850, 4558.379362, 37727.715752, 23678.743422, 44542.826874, 57.89, 11.10},
    {2025.5, 50, -81, -67, 16132.682326, 8623.494405, -44412.283868, 18292.842720, 48032.062762, -67.61, 28.13},
    {2026.0, 74, -57, 3, 13268.119649, -5498.179626, -23576.062921, 14362.206593, 27606.226129, -58.65, -22.51},
    {2026.0, 46, -24, -122, 25846.118652, 6448.863284, -18080.399376, 26638.500090, 32194.883578, -34.17, 14.01},
    {2026.0, 69, 23, 63, 34558.605297, 708.078839, 25043.405885, 34565.858527, 42684.549360, 35.92, 1.17},
    {2026.0, 33, -3, -147, 30514.086409, 5221.840663, -1146.978999, 30957.666082, 30978.906535, -2.12, 9.71},
    {2026.0, 47, -72, -22, 18280.800055, -2024.105320, -33397.486160, 18392.516222, 38127.112857, -61.16, -6.32},
    {2026.0, 62, -14, 99, 33437.828630, -835.919473, -33100.922253, 33448.275663, 47058.030120, -44.70, -1.43},
    {2026.0, 83, 86, -46, 2582.099403, -1527.839829, 54279.308437, 3000.255301, 54362.163830, 86.84, -30.61},
    {2026.0, 82, -64, 87, 2007.074870, -13829.362571, -53663.514288, 13974.248411, 55453.154865, -75.40, -81.74},
    {2026.0, 34, -19, 43, 19525.694050, -5224.017527, -26182.862330, 20212.448819, 33076.961273, -52.33, -14.98},
    {2026.0, 56, -81, 40, 9000.536024, -15446.900890, -45267.890393, 17877.818542, 48670.301997, -68.45, -59.77},
    {2026.5, 14, 0, 80, 39431.415992, -2133.456168, -12188.838466, 39489.089663, 41327.424134, -17.15, -3.10},
    {2026.5, 12, -82, -68, 16052.819558, 9190.416754, -45940.146795, 18497.480257, 49524.275496, -68.07, 29.79},
    {2026.5, 44, -46, -42, 13863.176808, -2785.834358, -19744.304022, 14140.316272, 24285.511845, -54.39, -11.36},
    {2026.5, 43, 17, 52, 35994.907968, 747.876551, 15990.895993, 36002.676553, 39394.180708, 23.95, 1.19},
    {2026.5, 64, 10, 78, 39427.724480, -1049.971869, 5214.811025, 39441.702532, 39784.948821, 7.53, -1.53},
    {2026.5, 12, 33, -145, 24136.839639, 5112.225422, 32162.934508, 24672.289649, 40536.110231, 52.51, 11.96},
    {2026.5, 12, -79, 115, -9613.650418, -8785.714482, -58104.306533, 13023.480845, 59545.961164, -77.37, -137.58},
    {2026.5, 14, -33, -114, 23393.133584, 7653.110952, -23854.293436, 24613.183584, 34275.882505, -44.10, 18.12},
    {2026.5, 19, 29, 66, 32725.000691, 1278.343380, 33958.454002, 32749.959268, 47177.711160, 46.04, 2.24},
    {2026.5, 86, -11, 167, 32578.377044, 5882.794932, -20368.224196, 33105.255278, 38869.300019, -31.60, 10.24},
    {2027.0, 37, -66, -5, 16390.771268, -5079.626554, -28608.243575, 17159.836500, 33360.029814, -59.04, -17.22},
    {2027.0, 67, 72, -115, 4883.287833, 1192.857435, 55689.615237, 5026.868699, 55916.032175, 84.84, 13.73},
    {2027.0, 44, 22, 174, 28683.972510, 3249.857362, 17961.198575, 28867.487799, 33999.066253, 31.89, 6.46},
    {2027.0, 54, 54, 178, 20615.871559, 225.041793, 45149.631876, 20617.099795, 49634.202547, 65.46, 0.63},
    {2027.0, 57, -43, 50, 11203.748204, -12563.437494, -33221.366617, 16833.417225, 37242.759503, -63.13, -48.27},
    {2027.0, 44, -43, -111, 20471.522067, 9245.505620, -29347.556906, 22462.470699, 36957.295441, -52.57, 24.31},
    {2027.0, 12, -63, 178, 6233.774935, 9925.455386, -61075.730989, 11720.691727, 62190.188377, -79.14, 57.87},
    {2027.0, 38, 27, -169, 25821.061601, 3851.701313, 24058.365347, 26106.758229, 35501.658671, 42.66, 8.48},
    {2027.0, 61, 59, -77, 10437.775689, -3087.391846, 54397.713552, 10884.812802, 55476.034370, 78.68, -16.48},
    {2027.0, 67, -47, -32, 12450.832543, -2994.148743, -20475.298079, 12805.786103, 24150.072239, -57.98, -13.52},
    {2027.5, 8, 62, 53, 12260.425578, 4315.497527, 54849.810218, 12997.751893, 56368.814385, 76.67, 19.39},
    {2027.5, 77, -68, -7, 16578.099495, -4813.676173, -29680.383821, 17262.817301, 34335.550744, -59.82, -16.19},
    {2027.5, 98, -5, 159, 33544.960996, 4589.735713, -14525.780052, 33857.496691, 36841.937629, -23.22, 7.79},
    {2027.5, 34, -29, -107, 23540.396213, 6592.363667, -18723.097084, 24446.053109, 30792.269761, -37.45, 15.64},
    {2027.5, 60, 27, 65, 33062.159421, 1068.555172, 30667.425573, 33079.422542, 45108.083389, 42.83, 1.85},
    {2027.5, 73, -72, 95, -2912.418045, -12984.118939, -55399.217725, 13306.747292, 56974.931751, -76.49, -102.64},
    {2027.5, 96, -46, -85, 18947.658009, 6129.590452, -21631.434316, 19914.457641, 29402.458634, -47.37, 17.93},
    {2027.5, 0, -13, -59, 21365.849306, -6732.560620, -6112.313520, 22401.493010, 23220.406233, -15.26, -17.49},
    {2027.5, 16, 66, -178, 13821.326215, 89.244328, 54092.646409, 13821.614337, 55830.559897, 75.67, 0.37},
    {2027.5, 72, -87, 38, 6926.051596, -15153.941754, -48295.635435, 16661.696834, 51088.947370, -70.97, -65.44},
    {2028.0, 49, 20, 167, 30131.436134, 2689.876669, 15295.611788, 30251.262453, 33898.298187, 26.82, 5.10},
    {2028.0, 71, 5, -13, 28142.647915, -3192.970202, -9017.928693, 28323.200567, 29724.177504, -17.66, -6.47},
    {2028.0, 95, 14, 65, 36932.466767, -329.910612, 11601.180703, 36933.940251, 38713.089985, 17.44, -0.51},
    {2028.0, 86, -85, -79, 12713.115116, 11085.480728, -46988.258092, 16867.459172, 49924.018042, -70.25, 41.09},
    {2028.0, 30, -36, -64, 17341.333537, -1411.102609, -14639.967305, 17398.651081, 22738.551012, -40.08, -4.65},
    {2028.0, 75, 79, 125, 2447.595900, -823.235047, 57308.751756, 2582.332595, 57366.902212, 87.42, -18.59},
    {2028.0, 21, 6, -32, 27567.094260, -7045.034525, -4352.046687, 28453.070088, 28783.980055, -8.70, -14.34},
    {2028.0, 1, -76, -75, 16993.742946, 9761.147808, -42479.847250, 19597.635210, 46782.525885, -65.23, 29.87},
    {2028.0, 45, -46, -41, 13609.973828, -2812.623735, -19816.196211, 13897.562372, 24203.798713, -54.96, -11.68},
    {2028.0, 11, -22, -21, 12430.606447, -5337.987778, -21373.837958, 13528.270036, 25295.356080, -57.67, -23.24},
    {2028.5, 28, 54, -120, 14735.145798, 4066.959949, 52393.678137, 15286.094495, 54578.037650, 73.74, 15.43},
    {2028.5, 68, -58, 156, 6944.959164, 6159.591995, -62264.415929, 9282.943032, 62952.605366, -81.52, 41.57},
    {2028.5, 39, -65, -88, 17946.905687, 10131.662696, -35982.872979, 20609.270068, 41466.964689, -60.20, 29.45},
    {2028.5, 27, -23, 81, 24940.672257, -5883.907569, -41948.733657, 25625.329284, 49156.421313, -58.58, -13.27},
    {2028.5, 11, 34, 0, 29078.234597, 798.434048, 30945.577813, 29089.194286, 42471.284539, 46.77, 1.57},
    {2028.5, 72, -62, 65, 6567.891205, -16150.440331, -44267.327811, 17434.847799, 47576.992646, -68.50, -67.87},
    {2028.5, 55, 86, 70, 901.741754, 2192.139033, 55926.154052, 2370.361097, 55976.363930, 87.57, 67.64},
    {2028.5, 59, 32, 163, 28217.104175, 75.200106, 26405.862611, 28217.204381, 38645.571587, 43.10, 0.15},
    {2028.5, 65, 48, 148, 23365.167010, -3931.047029, 44177.553125, 23693.546804, 50130.233993, 61.79, -9.55},
    {2028.5, 95, 30, 28, 29692.133298, 2367.965026, 29039.808439, 29786.406936, 41599.765773, 44.27, 4.56},
    {2029.0, 95, -60, -59, 17893.018948, 2700.105868, -26011.845842, 18095.598879, 31687.013474, -55.17, 8.58},
    {2029.0, 95, -70, 42, 10426.249753, -14920.796381, -38237.047006, 18202.660480, 42348.655378, -64.54, -55.06},
    {2029.0, 50, 87, -154, 257.877420, -869.484879, 55992.308183, 906.920459, 55999.652503, 89.07, -73.48},
    {2029.0, 58, 32, 19, 29359.395781, 2108.188210, 30508.465542, 29434.989012, 42393.219362, 46.03, 4.11},
    {2029.0, 57, 34, -13, 28241.863242, -933.225495, 28997.458189, 28257.277809, 40488.595068, 45.74, -1.89},
    {2029.0, 38, -76, 49, 7991.121323, -16588.167977, -44151.303941, 18412.640681, 47836.837024, -67.36, -64.28},
    {2029.0, 49, -50, -179, 15315.042731, 9610.272521, -53522.651338, 18080.593790, 56494.088877, -71.33, 32.11},
    {2029.0, 90, -55, -171, 12821.507915, 10252.398258, -52995.143972, 16416.538468, 55479.618058, -72.79, 38.65},
    {2029.0, 41, 42, -19, 24439.977735, -1762.893879, 36929.897501, 24503.475397, 44319.720622, 56.44, -4.13},
    {2029.0, 19, 46, -22, 22522.142232, -2227.393290, 40651.688191, 22632.016516, 46527.066578, 60.89, -5.65},
    {2029.5, 31, 13, -132, 27795.620707, 4421.061344, 17187.983590, 28145.022897, 32978.312476, 31.41, 9.04},
    {2029.5, 93, -2, 158, 33806.520595, 4207.156292, -10964.647547, 34067.301020, 35788.329028, -17.84, 7.09},
    {2029.5, 51, -76, 40, 10263.650094, -15412.758102, -42018.541264, 18517.441118, 45917.898858, -66.22, -56.34},
    {2029.5, 64, 22, -132, 25601.266218, 4619.955329, 24914.378368, 26014.780783, 36020.758857, 43.76, 10.23},
    {2029.5, 26, -65, 55, 8347.198524, -16728.868464, -41431.528035, 18695.741849, 45454.397791, -65.71, -63.48},
    {2029.5, 66, -21, 32, 15578.335534, -4066.430831, -24494.877642, 16100.322907, 29312.444941, -56.68, -14.63},
    {2029.5, 18, 9, -172, 30520.999126, 4966.941695, 8779.472279, 30922.514410, 32144.689001, 15.85, 9.24},
    {2029.5, 63, 88, 26, 2041.140972, 1511.567287, 55286.620082, 2539.900024, 55344.931586, 87.37, 36.52},
    {2029.5, 33, 17, 5, 34021.976056, 531.446418, 8341.137769, 34026.126581, 35033.582023, 13.77, 0.89},
    {2029.5, 77, -18, 138, 31751.497580, 2472.257962, -34817.395113, 31847.600506, 47186.021876, -47.55, 4.45},
};

const std::string kSourceCof = NAVIGATOR_SOURCE_DIR "/resources/wmm/WMM2025.COF";

std::vector<std::string> cofLines() {
  std::ifstream file(kSourceCof);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  return lines;
}

QString joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return QString::fromStdString(text);
}

vsim::Result<vsim::MagneticModel> parse(const QString& text) {
  std::istringstream in(text.toStdString());
  return vsim::parseMagneticModel(in, "bad.COF");
}

// Largest |difference| seen, for the log.
struct Worst {
  double nT = 0.0, deg = 0.0;
};

void compare(const vsim::MagneticModel& model, const TestValue& v, double nT_tolerance, double deg_tolerance,
             Worst& worst) {
  const auto field = vsim::evaluateMagneticModel(model, v.latitude_deg, v.longitude_deg, v.height_km * 1000.0, v.year);
  QVERIFY2(field.ok(), field.ok() ? "" : field.error().message.c_str());
  const Eigen::Vector3d nT = field->field_NED_gauss * vsim::kNanoteslaPerGauss;
  const double got_nT[5] = {nT.x(), nT.y(), nT.z(), field->horizontal_gauss() * vsim::kNanoteslaPerGauss,
                            field->total_gauss() * vsim::kNanoteslaPerGauss};
  const double want_nT[5] = {v.X_nT, v.Y_nT, v.Z_nT, v.H_nT, v.F_nT};
  const char* names = "XYZHF";
  for (int i = 0; i < 5; ++i) {
    const double error = std::abs(got_nT[i] - want_nT[i]);
    worst.nT = std::max(worst.nT, error);
    QVERIFY2(error <= nT_tolerance, qPrintable(QStringLiteral("%1 at (%2, %3, %4 km, %5): %6 nT, NOAA %7 nT")
                                                   .arg(names[i])
                                                   .arg(v.latitude_deg)
                                                   .arg(v.longitude_deg)
                                                   .arg(v.height_km)
                                                   .arg(v.year)
                                                   .arg(got_nT[i], 0, 'f', 6)
                                                   .arg(want_nT[i])));
  }
  const double got_deg[2] = {field->inclination_deg(), field->declination_deg()};
  const double want_deg[2] = {v.I_deg, v.D_deg};
  for (int i = 0; i < 2; ++i) {
    // Declinations are compared modulo 360° (the report's 240°E row reads 68.78°, not −291.22°).
    double error = std::abs(got_deg[i] - want_deg[i]);
    error = std::min(error, 360.0 - error);
    worst.deg = std::max(worst.deg, error);
    QVERIFY2(error <= deg_tolerance, qPrintable(QStringLiteral("%1 at (%2, %3, %4 km, %5): %6°, NOAA %7°")
                                                    .arg(i == 0 ? "I" : "D")
                                                    .arg(v.latitude_deg)
                                                    .arg(v.longitude_deg)
                                                    .arg(v.height_km)
                                                    .arg(v.year)
                                                    .arg(got_deg[i], 0, 'f', 4)
                                                    .arg(want_deg[i])));
  }
}

}  // namespace

class MagneticModelTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void reportTestValues();
  void coefficientPackageTestValues();
  void malformedLinesAreNamed_data();
  void malformedLinesAreNamed();
  void missingFileIsNamed();
  void datesOutsideTheValidityAreRefused();
  void nonFiniteAndOutOfDomainInputsAreRefused();
  void polesAreFiniteAndContinuous();
  void decimalYearCountsLeapYears();
  void shippedModelIsFound();
  void defaultFieldPassesPx4ArmingChecksAtItsDefaultHome();

 private:
  vsim::MagneticModel model_;
};

void MagneticModelTest::initTestCase() {
  auto model = vsim::loadMagneticModel(kSourceCof);
  QVERIFY2(model.ok(), model.ok() ? "" : model.error().message.c_str());
  model_ = *model;
  QCOMPARE(model_.name, std::string("WMM-2025"));
  QCOMPARE(model_.release_date, std::string("11/13/2024"));
  QCOMPARE(model_.epoch_year, 2025.0);
  QCOMPARE(model_.max_degree, 12);
  QCOMPARE(model_.g_nT[1][0], -29351.8);
  QCOMPARE(model_.h_dot_nTpy[12][12], -0.1);
}

void MagneticModelTest::reportTestValues() {
  // Printed to 0.1 nT and 0.01°: a correct evaluation is within half of that, give or take how
  // far NOAA's own evaluation may be from this one (under 0.001 nT on the 100 points below,
  // printed to 1e-6 nT), for a value NOAA rounded at the edge.
  Worst worst;
  for (const TestValue& v : kReportTable) {
    compare(model_, v, 0.05 + 1e-3, 0.005 + 1e-5, worst);
    if (QTest::currentTestFailed()) return;
  }
  qInfo("WMM2025 report table (12 points): worst |difference| %.4f nT, %.5f deg", worst.nT, worst.deg);
}

void MagneticModelTest::coefficientPackageTestValues() {
  Worst worst;
  for (const TestValue& v : kCoefficientPackageTable) {
    compare(model_, v, 1e-3, 0.005 + 1e-5, worst);
    if (QTest::currentTestFailed()) return;
  }
  qInfo("WMM2025 test values (100 points): worst |difference| %.2e nT, %.5f deg", worst.nT, worst.deg);
}

void MagneticModelTest::malformedLinesAreNamed_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<int>("line");  // 0: the error names no line
  QTest::addColumn<QString>("says");
  // WMM2025.COF: line 1 the header, lines 2–91 the coefficients (n, m) = (1, 0) … (12, 12),
  // lines 92–93 the closing 9s.
  const std::vector<std::string> good = cofLines();
  QCOMPARE(good.size(), std::size_t(93));
  auto with = [&](int line, const std::string& text) {
    auto lines = good;
    lines[line - 1] = text;
    return joined(lines);
  };
  QTest::newRow("header without an epoch") << with(1, "WMM-2025 2025.0 11/13/2024") << 1 << "header";
  QTest::newRow("five fields") << with(5, "  2  1    2951.1   -3133.6       -5.2") << 5 << "six fields";
  QTest::newRow("not a number") << with(7, "  3  0    1361.O       0.0       -1.3        0.0") << 7
                                << "g is not a finite number";
  QTest::newRow("nan") << with(8, "  3  1   -2404.1     -56.6       -4.2        nan") << 8
                       << "h_dot is not a finite number";
  QTest::newRow("fractional degree") << with(6, "  2.5  2    1649.3    -815.1       -8.0      -12.1") << 6
                                     << "whole numbers";
  QTest::newRow("degree 13") << with(10, " 13  3     453.6    -549.5      -15.6       -4.1") << 10 << "degree n = 13";
  QTest::newRow("order above degree") << with(3, "  1  2   -1410.8    4545.4        9.7      -21.5") << 3
                                      << "order m = 2";
  QTest::newRow("h for order 0") << with(2, "  1  0  -29351.8       5.0       12.0        0.0") << 2
                                 << "must be 0 for order m = 0";
  QTest::newRow("given twice") << with(4, good[2]) << 4 << "given twice (first at line 3)";
  {
    auto lines = good;
    lines.insert(lines.begin() + 10, "");
    QTest::newRow("empty line") << joined(lines) << 11 << "an empty line";
  }
  {
    auto lines = good;
    lines.erase(lines.begin() + 49);  // (9, 4)
    QTest::newRow("missing coefficient") << joined(lines) << 91 << "(9, 4) is missing";
  }
  {
    auto lines = good;
    lines.resize(91);
    QTest::newRow("no closing line") << joined(lines) << 91 << "without its closing line";
  }
  {
    auto lines = good;
    lines.push_back("  1  0  -29351.8       0.0       12.0        0.0");
    QTest::newRow("text after the closing line") << joined(lines) << 94 << "after the closing line";
  }
  QTest::newRow("no coefficients") << joined({good[0], good[91]}) << 2 << "no coefficients";
  QTest::newRow("empty file") << QString() << 0 << "empty";
}

void MagneticModelTest::malformedLinesAreNamed() {
  QFETCH(QString, text);
  QFETCH(int, line);
  QFETCH(QString, says);
  const auto model = parse(text);
  QVERIFY(!model.ok());
  const QString message = QString::fromStdString(model.error().message);
  qInfo("%s", qPrintable(message));
  QVERIFY2(message.startsWith(line > 0 ? QStringLiteral("bad.COF (line %1): ").arg(line) : QStringLiteral("bad.COF: ")),
           qPrintable(message));
  QVERIFY2(message.contains(says), qPrintable(message));
}

void MagneticModelTest::missingFileIsNamed() {
  const auto model = vsim::loadMagneticModel("/nonexistent/WMM.COF");
  QVERIFY(!model.ok());
  QVERIFY(QString::fromStdString(model.error().message).startsWith("/nonexistent/WMM.COF: cannot open"));
}

void MagneticModelTest::datesOutsideTheValidityAreRefused() {
  // WMM2025: 2025.0 up to (not including) 2030.0.
  for (double year : {2025.0, 2027.3, 2029.999})
    QVERIFY2(vsim::magneticFieldAt(model_, 47.0, 8.0, 500.0, year).ok(), qPrintable(QString::number(year)));
  for (double year : {2024.999, 2030.0, 2031.0, 2020.0, 1e9, -1e9}) {
    const auto field = vsim::magneticFieldAt(model_, 47.0, 8.0, 500.0, year);
    QVERIFY2(!field.ok(), qPrintable(QString::number(year)));
    QVERIFY2(QString::fromStdString(field.error().message).contains("outside WMM-2025's validity"),
             field.error().message.c_str());
  }
}

void MagneticModelTest::nonFiniteAndOutOfDomainInputsAreRefused() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  struct Case {
    double lat, lon, h, year;
    const char* says;
  };
  const Case cases[] = {
      {nan, 8, 0, 2026, "finite"},   {47, nan, 0, 2026, "finite"},   {47, 8, inf, 2026, "finite"},
      {47, 8, 0, nan, "finite"},     {47, -inf, 0, 2026, "finite"},  {90.001, 8, 0, 2026, "latitude"},
      {-95, 8, 0, 2026, "latitude"}, {47, 8, -1500, 2026, "height"}, {47, 8, 900e3, 2026, "height"},
  };
  for (const Case& c : cases) {
    const auto field = vsim::evaluateMagneticModel(model_, c.lat, c.lon, c.h, c.year);
    QVERIFY(!field.ok());
    QVERIFY2(QString::fromStdString(field.error().message).contains(c.says), field.error().message.c_str());
  }
  // The edges of the domain are inside it.
  QVERIFY(vsim::evaluateMagneticModel(model_, 47, 8, -1000, 2026).ok());
  QVERIFY(vsim::evaluateMagneticModel(model_, 47, 8, 850e3, 2026).ok());
  QVERIFY(vsim::evaluateMagneticModel(model_, 47, 8 + 720, 0, 2026).ok());
}

void MagneticModelTest::polesAreFiniteAndContinuous() {
  // At a geographic pole "north" is along the meridian of the longitude given, so X and Y turn
  // with it while the field itself does not: in Earth-fixed axes (x to 0°E, y to 90°E on the
  // equator) the horizontal part is X·n(λ) + Y·e(λ), with n = ∓(cos λ, sin λ) at the north and
  // south poles and e = (−sin λ, cos λ). It must be the same for every λ, and the limit of the
  // field approaching the pole along that meridian.
  for (double pole : {90.0, -90.0}) {
    Eigen::Vector2d first_horizontal = Eigen::Vector2d::Zero();
    double first_down = 0.0;
    bool first = true;
    for (double lon : {0.0, 45.0, 123.4, -170.0, 359.0}) {
      const auto field = vsim::evaluateMagneticModel(model_, pole, lon, 0.0, 2027.0);
      QVERIFY2(field.ok(), field.ok() ? "" : field.error().message.c_str());
      const Eigen::Vector3d b = field->field_NED_gauss;
      QVERIFY(b.allFinite());
      QVERIFY(std::isfinite(field->declination_deg()) && std::isfinite(field->inclination_deg()));
      const double l = lon * M_PI / 180.0;
      const Eigen::Vector2d north = (pole > 0 ? -1.0 : 1.0) * Eigen::Vector2d(std::cos(l), std::sin(l));
      const Eigen::Vector2d east(-std::sin(l), std::cos(l));
      const Eigen::Vector2d horizontal = b.x() * north + b.y() * east;
      if (first) {
        first_horizontal = horizontal;
        first_down = b.z();
        first = false;
        // A real horizontal field (some 1500 nT in the north, 16000 nT in the south in 2025).
        QVERIFY(horizontal.norm() > 0.005);
      } else {
        QVERIFY2((horizontal - first_horizontal).norm() < 1e-9,
                 qPrintable(QStringLiteral("pole %1, lon %2").arg(pole).arg(lon)));
        QVERIFY(std::abs(b.z() - first_down) < 1e-9);
      }
      // A micro-degree (11 cm) towards the equator along the same meridian: within 0.01 nT (the
      // field's gradient is some 0.01 nT/m there).
      const auto near = vsim::evaluateMagneticModel(model_, pole - std::copysign(1e-6, pole), lon, 0.0, 2027.0);
      QVERIFY(near.ok());
      QVERIFY2((near->field_NED_gauss - b).norm() < 1e-7,
               qPrintable(QStringLiteral("pole %1, lon %2: %3 nT apart")
                              .arg(pole)
                              .arg(lon)
                              .arg((near->field_NED_gauss - b).norm() * vsim::kNanoteslaPerGauss)));
    }
  }
}

void MagneticModelTest::decimalYearCountsLeapYears() {
  QCOMPARE(vsim::decimalYear(1735689600), 2025.0);                  // 2025-01-01T00:00Z
  QCOMPARE(vsim::decimalYear(1719792000), 2024.0 + 182.0 / 366.0);  // 2024-07-01: leap year
  QCOMPARE(vsim::decimalYear(1751414400), 2025.0 + 182.0 / 365.0);  // 2025-07-02
  QCOMPARE(vsim::decimalYear(951868800), 2000.0 + 60.0 / 366.0);    // 2000-03-01: leap (÷400)
  QCOMPARE(vsim::decimalYear(-2203891200), 1900.0 + 59.0 / 365.0);  // 1900-03-01: not leap (÷100)
  QCOMPARE(vsim::decimalYear(4107542400), 2100.0 + 59.0 / 365.0);   // 2100-03-01: not leap
  QCOMPARE(vsim::decimalYear(0), 1970.0);
  // The last second of 2024 is still 2024.
  const double last = vsim::decimalYear(1735689599);
  QVERIFY(last < 2025.0);
  QCOMPARE(last, 2024.0 + (366.0 * 86400.0 - 1.0) / (366.0 * 86400.0));
  QVERIFY(std::isnan(vsim::decimalYear(std::numeric_limits<std::int64_t>::max())));
  QVERIFY(std::isnan(vsim::decimalYear(std::numeric_limits<std::int64_t>::min())));
  // And it feeds the model: mid-2026 is inside WMM2025's validity.
  QVERIFY(vsim::magneticFieldAt(model_, 47.0, 8.0, 0.0, vsim::decimalYear(1782864000)).ok());
}

void MagneticModelTest::shippedModelIsFound() {
  const std::string path = vsim::shippedMagneticModelPath();
  qInfo("shipped model: %s", path.c_str());
  QVERIFY(QString::fromStdString(path).endsWith("wmm/WMM2025.COF"));
  const auto shipped = vsim::loadShippedMagneticModel();
  QVERIFY2(shipped.ok(), shipped.ok() ? "" : shipped.error().message.c_str());
  QCOMPARE(shipped->name, model_.name);
  QVERIFY(shipped->g_nT == model_.g_nT && shipped->h_nT == model_.h_nT && shipped->g_dot_nTpy == model_.g_dot_nTpy &&
          shipped->h_dot_nTpy == model_.h_dot_nTpy);
}

void MagneticModelTest::defaultFieldPassesPx4ArmingChecksAtItsDefaultHome() {
  // PX4 SITL's default home (Zurich): the latitude and longitude are the simulator's GPS
  // defaults; 488 m is PX4's home altitude (above mean sea level; the geoid there, some 50 m,
  // moves the field by about 1 nT). Late 2026.
  const vsim::VehicleModel vehicle{};
  const double lat = vehicle.gps.home_latitude_deg, lon = vehicle.gps.home_longitude_deg;
  QCOMPARE(lat, 47.397742);
  QCOMPARE(lon, 8.545594);
  const auto wmm = vsim::evaluateMagneticModel(model_, lat, lon, 488.0, 2026.9);
  QVERIFY2(wmm.ok(), wmm.ok() ? "" : wmm.error().message.c_str());
  const vsim::MagneticField stated{vehicle.mag.field_NED_gauss};
  const Eigen::Vector3d b = wmm->field_NED_gauss;
  qInfo(
      "WMM2025 at (%.6f, %.6f, 488 m, 2026.9): N %.5f E %.5f D %.5f gauss, |B| %.5f gauss, inclination %.2f deg, "
      "declination %.2f deg",
      lat, lon, b.x(), b.y(), b.z(), wmm->total_gauss(), wmm->inclination_deg(), wmm->declination_deg());
  qInfo("MagModel default: N %.5f E %.5f D %.5f gauss, |B| %.5f gauss, inclination %.2f deg, declination %.2f deg",
        stated.field_NED_gauss.x(), stated.field_NED_gauss.y(), stated.field_NED_gauss.z(), stated.total_gauss(),
        stated.inclination_deg(), stated.declination_deg());
  const double strength_error = std::abs(stated.total_gauss() - wmm->total_gauss());
  const double inclination_error = std::abs(stated.inclination_deg() - wmm->inclination_deg());
  qInfo("difference: strength %.4f gauss (EKF2_MAG_CHK_STR 0.2), inclination %.2f deg (EKF2_MAG_CHK_INC 20)",
        strength_error, inclination_error);
  // PX4 EKF2's magnetometer checks (ekf2_params.c defaults): strength within 0.2 gauss and
  // inclination within 20° of the WMM's.
  QVERIFY(strength_error <= 0.2);
  QVERIFY(inclination_error <= 20.0);
  // The declination helper agrees with MagModel's own.
  QCOMPARE(stated.declination_deg(), vehicle.mag.declination_deg());
}

QTEST_APPLESS_MAIN(MagneticModelTest)
#include "magnetic_model_test.moc"
