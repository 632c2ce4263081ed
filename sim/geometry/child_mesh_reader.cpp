#include "sim/geometry/child_mesh_reader.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>

namespace vsim {
namespace {

// The stream from child to parent: a tag byte, then the tag's fields, native byte order (both
// ends are this program).
enum Tag : char {
  kProgress = 'P',  // float fraction
  kError = 'E',     // uint64 length, message bytes
  kMesh = 'M',      // uint64 vertices, triangles, skipped primitives; float[3] each vertex; uint32[3] each triangle
};
static_assert(sizeof(Eigen::Vector3f) == 3 * sizeof(float), "vertices are sent as packed float triples");
static_assert(sizeof(std::array<std::uint32_t, 3>) == 3 * sizeof(std::uint32_t), "triangles are sent packed");

constexpr std::uint64_t kMaxMessageBytes = 1 << 16;
constexpr std::uint64_t kMaxElements = std::uint64_t(std::numeric_limits<std::int32_t>::max());
constexpr int kPollIntervalMs = 200;

bool writeAll(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t k = ::write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= std::size_t(k);
  }
  return true;
}

[[noreturn]] void runChild(int fd, pid_t parent, const MeshReader& reader) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(3);  // the caller died before prctl took effect
  // A crash here is the reader's and is reported by the parent: the caller's crash handlers (a
  // test framework's, a crash reporter's) are not for it.
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) ::signal(sig, SIG_DFL);
  float last = -1.0f;
  const ImportProgress relay = [&](float fraction) {
    if (fraction >= 1.0f || fraction - last >= 0.01f) {
      last = fraction;
      const char tag = kProgress;
      if (!writeAll(fd, &tag, 1) || !writeAll(fd, &fraction, sizeof fraction)) ::_exit(4);
    }
    return true;
  };
  const Result<TriangleMesh> result = reader(relay);
  bool sent = false;
  if (!result.ok()) {
    const std::string& message = result.error().message;
    const std::uint64_t length = std::min<std::uint64_t>(message.size(), kMaxMessageBytes);
    const char tag = kError;
    sent = writeAll(fd, &tag, 1) && writeAll(fd, &length, sizeof length) && writeAll(fd, message.data(), length);
  } else {
    const TriangleMesh& mesh = result.value();
    const std::uint64_t counts[3] = {mesh.vertices.size(), mesh.triangles.size(), mesh.skipped_primitives};
    const char tag = kMesh;
    sent = writeAll(fd, &tag, 1) && writeAll(fd, counts, sizeof counts) &&
           writeAll(fd, mesh.vertices.data(), mesh.vertices.size() * sizeof(Eigen::Vector3f)) &&
           writeAll(fd, mesh.triangles.data(), mesh.triangles.size() * sizeof(mesh.triangles[0]));
  }
  ::_exit(sent ? 0 : 4);  // no atexit handlers: they belong to the parent
}

// Reads from the child's pipe, polling so that `progress` can cancel while the child is silent.
class ChildStream {
 public:
  ChildStream(int fd, const ImportProgress& progress, double time_limit_s)
      : fd_(fd),
        progress_(progress),
        deadline_(std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                         std::chrono::duration<double>(time_limit_s))) {}

  // False on end of stream, an error, a cancel (then cancelled() is true) or the time limit
  // passed (then timedOut() is true).
  bool read(void* data, std::size_t n) {
    char* p = static_cast<char*>(data);
    while (n > 0) {
      pollfd pfd{fd_, POLLIN, 0};
      const int ready = ::poll(&pfd, 1, kPollIntervalMs);
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) return false;
      if (ready == 0) {
        if (std::chrono::steady_clock::now() >= deadline_) {
          timed_out_ = true;
          return false;
        }
        if (!report(last_fraction_)) return false;
        continue;
      }
      const ssize_t k = ::read(fd_, p, n);
      if (k < 0 && errno == EINTR) continue;
      if (k <= 0) return false;
      p += k;
      n -= std::size_t(k);
    }
    return true;
  }

  bool report(float fraction) {
    if (!std::isfinite(fraction)) return true;
    last_fraction_ = std::clamp(fraction, 0.0f, 1.0f);
    if (progress_ && !progress_(last_fraction_)) cancelled_ = true;
    return !cancelled_;
  }

  bool cancelled() const { return cancelled_; }
  bool timedOut() const { return timed_out_; }

 private:
  int fd_;
  const ImportProgress& progress_;
  std::chrono::steady_clock::time_point deadline_;
  bool timed_out_ = false;
  float last_fraction_ = 0.0f;
  bool cancelled_ = false;
};

int reap(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

Error howTheChildEnded(const std::string& path, int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = ::sigdescr_np(sig);
    return Error{path + ": the mesh reader crashed on this file (signal " + std::to_string(sig) + ", " +
                 (name ? name : "unknown") + "); the file is malformed or not in the format its extension says"};
  }
  return Error{path + ": the mesh reader ended without an answer (exit status " +
               std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")"};
}

// The mesh after a kMesh tag; nothing if the stream ends first.
std::optional<Result<TriangleMesh>> receiveMesh(ChildStream& in, const std::string& path) {
  std::uint64_t counts[3];
  if (!in.read(counts, sizeof counts)) return std::nullopt;
  if (counts[0] >= kMaxElements || counts[1] >= kMaxElements)
    return Error{path + ": the mesh reader sent a mesh larger than 2^31 elements"};
  TriangleMesh mesh;
  mesh.vertices.resize(counts[0]);
  mesh.triangles.resize(counts[1]);
  mesh.skipped_primitives = counts[2];
  if (!in.read(mesh.vertices.data(), counts[0] * sizeof(Eigen::Vector3f)) ||
      !in.read(mesh.triangles.data(), counts[1] * sizeof(mesh.triangles[0])))
    return std::nullopt;
  for (const auto& t : mesh.triangles)
    if (t[0] >= counts[0] || t[1] >= counts[0] || t[2] >= counts[0])
      return Error{path + ": the mesh reader sent a triangle naming a vertex it did not send"};
  return Result<TriangleMesh>(std::move(mesh));
}

}  // namespace

double meshReaderTimeLimit_s(std::uint64_t file_bytes) { return 30.0 + 2.0 * double(file_bytes) / (1024.0 * 1024.0); }

Result<TriangleMesh> readMeshInChild(const std::string& path, const ImportProgress& progress, const MeshReader& reader,
                                     double time_limit_s) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return Error{path + ": cannot start the mesh reader: " + std::strerror(errno)};
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int e = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    return Error{path + ": cannot start the mesh reader: " + std::strerror(e)};
  }
  if (pid == 0) {
    ::close(fds[0]);
    runChild(fds[1], parent, reader);
  }
  ::close(fds[1]);
  ChildStream in(fds[0], progress, time_limit_s);
  std::optional<Result<TriangleMesh>> answer;
  char tag = 0;
  while (!answer && in.read(&tag, 1)) {
    if (tag == kProgress) {
      float fraction = 0.0f;
      if (!in.read(&fraction, sizeof fraction) || !in.report(fraction)) break;
    } else if (tag == kError) {
      std::uint64_t length = 0;
      if (!in.read(&length, sizeof length) || length > kMaxMessageBytes) break;
      std::string message(length, '\0');
      if (!in.read(message.data(), length)) break;
      answer = Error{message};
    } else if (tag == kMesh) {
      answer = receiveMesh(in, path);
      if (!answer) break;
    } else {
      break;  // not this protocol: treated as a child that ended without an answer
    }
  }
  if (in.cancelled() || in.timedOut()) ::kill(pid, SIGKILL);
  ::close(fds[0]);
  const int status = reap(pid);
  if (in.cancelled()) return Error{path + ": import cancelled"};
  if (in.timedOut()) {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%.3g", time_limit_s);
    return Error{path + ": the mesh reader did not finish within " + limit +
                 " s and was stopped; the file is malformed (a reader stuck on it) or far larger than it looks"};
  }
  if (!answer) return howTheChildEnded(path, status);
  return std::move(*answer);
}

}  // namespace vsim
