#include "sim/geometry/stl_reader.h"

#include "sim/base/huge_pages.h"
#include "sim/base/parallel.h"
#include "sim/geometry/stl_ascii_check.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

namespace vsim {
namespace {

constexpr std::size_t kHeaderBytes = 84;    // 80-byte comment + uint32 count
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

// Text has no control bytes but tabs and line ends; a binary STL's count and floats have them
// (some exporters begin a binary STL's header with "solid" too).
bool looksLikeText(std::span<const unsigned char> bytes) {
  return std::none_of(bytes.begin(), bytes.end(), [](unsigned char c) { return c < 0x20 && !std::isspace(c); });
}

// Whether the 50 bytes at `p` could be a triangle an exporter wrote: a normal of unit length or
// zero (components within ±1.01) and finite vertices within ±1e7 (10,000 km in metres; anything
// drawn is smaller). Twelve floats of random bytes pass with a chance of about 1 in 1,000.
bool plausibleTriangle(const unsigned char* p) {
  for (int k = 0; k < 12; ++k) {
    const float x = readF32(p + 4 * k);
    if (!std::isfinite(x) || std::abs(x) > (k < 3 ? 1.01f : 1e7f)) return false;
  }
  return true;
}

// A binary STL's size is 84 + 50 n for the n in its bytes 80–83. When the file is shorter, it is
// a binary STL cut off if the whole triangles it holds (the first 64 of them at most) look like
// triangles; otherwise, and when it holds none, nothing says it is an STL file at all.
std::string sizeMismatch(std::FILE* file, const std::string& path, std::uint64_t count, std::size_t size,
                         bool begins_solid) {
  const std::uint64_t expected = kHeaderBytes + kTriangleBytes * count;
  const std::string sizes = "84 + 50 × " + std::to_string(count) + " = " + std::to_string(expected) + " bytes";
  const std::size_t whole = std::min<std::size_t>((size - kHeaderBytes) / kTriangleBytes, 64);
  std::vector<unsigned char> triangles(whole * kTriangleBytes);
  bool plausible = whole > 0 && std::fseek(file, long(kHeaderBytes), SEEK_SET) == 0 &&
                   std::fread(triangles.data(), 1, triangles.size(), file) == triangles.size();
  for (std::size_t t = 0; plausible && t < whole; ++t) plausible = plausibleTriangle(&triangles[t * kTriangleBytes]);
  if (plausible)
    return path + ": truncated binary STL: the header announces " + std::to_string(count) + " triangles (" + sizes +
           ") but the file holds " + std::to_string(size) + " bytes";
  return path + ": not an STL file: a binary STL's size is 84 + 50 n bytes for the n triangles its bytes 80–83 " +
         "announce (here n = " + std::to_string(count) + ", " + sizes + "), but the file holds " +
         std::to_string(size) + " bytes; and " +
         (begins_solid ? "though it begins with \"solid\", it holds bytes no text has, so it is no ASCII STL either"
                       : "it does not begin with \"solid\" as an ASCII STL does");
}

// Reads exactly `bytes` at `offset` (pread: safe from several threads at once).
bool readAt(int fd, unsigned char* out, std::size_t bytes, std::uint64_t offset) {
  while (bytes > 0) {
    const ssize_t got = ::pread(fd, out, bytes, off_t(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    out += got;
    bytes -= std::size_t(got);
    offset += std::uint64_t(got);
  }
  return true;
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
  // The header and the size decide binary or ASCII; the triangles are then read in chunks into
  // one reused buffer (a whole-file buffer would be 50 MB of fresh pages for a million triangles).
  unsigned char head[kHeaderBytes] = {};
  const std::size_t size = std::size_t(file_size);
  const std::size_t head_size = std::fread(head, 1, std::min(size, kHeaderBytes), file.get());
  if (head_size != std::min(size, kHeaderBytes)) return Result<TriangleMesh>(Error{path + ": read error"});
  const std::uint64_t count = size >= kHeaderBytes ? readU32(head + 80) : 0;
  const std::uint64_t expected = kHeaderBytes + kTriangleBytes * count;
  const bool fits_binary = size >= kHeaderBytes && size >= expected;
  const bool ascii = startsWithSolid({head, head_size}) && !(size >= kHeaderBytes && size == expected);
  if (ascii && looksLikeText({head, head_size})) {
    if (auto bad = checkAsciiStl(path)) return Result<TriangleMesh>(std::move(*bad));
    return std::nullopt;  // for Assimp to read
  }
  if (size < kHeaderBytes)
    return Result<TriangleMesh>(Error{path + ": too short for an STL file (" + std::to_string(size) +
                                      " bytes; a binary STL header alone is 84 bytes, and an ASCII STL "
                                      "begins with \"solid\")"});
  if (!fits_binary)
    return Result<TriangleMesh>(Error{sizeMismatch(file.get(), path, count, size, startsWithSolid({head, head_size}))});

  TriangleMesh mesh;
  resizeForBulk(mesh.vertices, 3 * count);
  resizeForBulk(mesh.triangles, count);
  // The triangles in parts, one per core, each reading its own range of the file by position.
  constexpr std::uint64_t kChunkTriangles = 16384;  // 800 KiB
  const int fd = fileno(file.get());
  const int parts = count > 65536 ? bulkParts() : 1;
  std::vector<char> failed(static_cast<std::size_t>(parts), 0);
  runParts(parts, [&](int part) {
    const auto [begin, end] = partRange(count, part, parts);
    std::vector<unsigned char> chunk(kChunkTriangles * kTriangleBytes);
    for (std::uint64_t first = begin; first < end; first += kChunkTriangles) {
      const std::uint64_t n = std::min<std::uint64_t>(kChunkTriangles, end - first);
      if (!readAt(fd, chunk.data(), n * kTriangleBytes, kHeaderBytes + first * kTriangleBytes)) {
        failed[std::size_t(part)] = 1;
        return;
      }
      const unsigned char* p = chunk.data();
      for (auto t = std::uint32_t(first); t < first + n; ++t, p += kTriangleBytes) {
        for (std::uint32_t c = 0; c < 3; ++c) {
          const unsigned char* v = p + 12 * (c + 1);  // skip the stored normal: the winding decides
          mesh.vertices[3 * t + c] = Eigen::Vector3f(readF32(v), readF32(v + 4), readF32(v + 8));
        }
        mesh.triangles[t] = {3 * t, 3 * t + 1, 3 * t + 2};
      }
    }
  });
  if (std::find(failed.begin(), failed.end(), 1) != failed.end())
    return Result<TriangleMesh>(Error{path + ": read error"});
  return Result<TriangleMesh>(std::move(mesh));
}

}  // namespace vsim
