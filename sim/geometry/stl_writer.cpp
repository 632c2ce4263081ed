#include "sim/geometry/stl_writer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

namespace vsim {
namespace {

void putU32(std::vector<char>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}
void putF32(std::vector<char>& out, float v) { putU32(out, std::bit_cast<std::uint32_t>(v)); }

}  // namespace

Result<std::size_t> writeBinaryStl(const std::string& path, const TriangleMesh& mesh, const std::string& header) {
  std::vector<char> bytes(80, ' ');
  std::copy_n(header.begin(), std::min<std::size_t>(header.size(), 80), bytes.begin());
  bytes.reserve(84 + 50 * mesh.triangles.size());
  putU32(bytes, std::uint32_t(mesh.triangles.size()));
  for (const auto& t : mesh.triangles) {
    const Eigen::Vector3f& a = mesh.vertices[t[0]];
    const Eigen::Vector3f& b = mesh.vertices[t[1]];
    const Eigen::Vector3f& c = mesh.vertices[t[2]];
    const Eigen::Vector3f n = (b - a).cross(c - a).stableNormalized();
    for (const Eigen::Vector3f& v : {n, a, b, c})
      for (int i = 0; i < 3; ++i) putF32(bytes, v[i]);
    bytes.push_back(0);  // attribute byte count
    bytes.push_back(0);
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return Error{path + ": cannot open for writing: " + std::strerror(errno)};
  file.write(bytes.data(), std::streamsize(bytes.size()));
  if (!file) return Error{path + ": write failed: " + std::strerror(errno)};
  return bytes.size();
}

}  // namespace vsim
