#include "sim/geometry/stl_reader.h"

#include <bit>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <span>

namespace vsim {
namespace {

constexpr std::size_t kHeaderBytes = 84;  // 80-byte comment + uint32 count
constexpr std::size_t kTriangleBytes = 50;  // normal, 3 vertices (12 float32), uint16 attribute

std::uint32_t readU32(const unsigned char* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

float readF32(const unsigned char* p) { return std::bit_cast<float>(readU32(p)); }

bool startsWithSolid(std::span<const unsigned char> bytes) {
  std::size_t i = 0;
  while (i < bytes.size() && std::isspace(bytes[i])) ++i;
  return bytes.size() - i >= 5 && std::memcmp(bytes.data() + i, "solid", 5) == 0;
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::optional<Result<TriangleMesh>> readBinaryStl(const std::string& path) {
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) return Result<TriangleMesh>(Error{path + ": cannot open the file for reading"});
  if (std::fseek(file.get(), 0, SEEK_END) != 0) return Result<TriangleMesh>(Error{path + ": cannot seek in the file"});
  const long file_size = std::ftell(file.get());
  if (file_size < 0) return Result<TriangleMesh>(Error{path + ": cannot read the file size"});
  std::rewind(file.get());
  // Uninitialised: zero-filling 50 MB first would cost a third of the read.
  const auto storage = std::make_unique_for_overwrite<unsigned char[]>(std::size_t(file_size));
  const std::span<const unsigned char> bytes(storage.get(), std::size_t(file_size));
  if (std::fread(storage.get(), 1, bytes.size(), file.get()) != bytes.size())
    return Result<TriangleMesh>(Error{path + ": read error"});

  const std::size_t size = bytes.size();
  const std::uint64_t count = size >= kHeaderBytes ? readU32(bytes.data() + 80) : 0;
  const std::uint64_t expected = kHeaderBytes + kTriangleBytes * count;
  const bool fits_binary = size >= kHeaderBytes && size >= expected;
  if (startsWithSolid(bytes) && !(size >= kHeaderBytes && size == expected)) return std::nullopt;  // ASCII
  if (size < kHeaderBytes)
    return Result<TriangleMesh>(Error{path + ": too short for an STL file (" + std::to_string(size) +
                                      " bytes; a binary STL header alone is 84 bytes, and an ASCII STL "
                                      "begins with \"solid\")"});
  if (!fits_binary)
    return Result<TriangleMesh>(Error{path + ": truncated binary STL: the header announces " + std::to_string(count) +
                                      " triangles (" + std::to_string(expected) + " bytes) but the file holds " +
                                      std::to_string(size) + " bytes"});

  TriangleMesh mesh;
  mesh.vertices.resize(3 * count);
  mesh.triangles.resize(count);
  const unsigned char* p = bytes.data() + kHeaderBytes;
  for (std::uint32_t t = 0; t < count; ++t, p += kTriangleBytes) {
    for (std::uint32_t c = 0; c < 3; ++c) {
      const unsigned char* v = p + 12 * (c + 1);  // skip the stored normal: the winding decides
      mesh.vertices[3 * t + c] = Eigen::Vector3f(readF32(v), readF32(v + 4), readF32(v + 8));
    }
    mesh.triangles[t] = {3 * t, 3 * t + 1, 3 * t + 2};
  }
  return Result<TriangleMesh>(std::move(mesh));
}

}  // namespace vsim
