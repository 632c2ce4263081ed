// The fuzz harnesses' replay: a plain main for a harness's LLVMFuzzerTestOneInput, built with
// the project's own compiler and sanitizers (the asan preset), with no libFuzzer. ctest runs it
// over the committed corpus and, for each corpus file, a fixed number of mutants made from it by
// a seeded generator: the same inputs on every run, so a failure in CI fails the same way here.
// Fuzzing proper (coverage-guided, open-ended) is scripts/fuzz.sh's, on the libFuzzer builds.
//
//   fuzz_replay_NAME [--mutants N] [--save-dir DIR] FILE_OR_FOLDER...
//
// A harness that finds a fault traps (__builtin_trap) or the sanitizer reports it; either way the
// input that did it is written to DIR (default: the working folder) as crash-<file>-m<k> first,
// and its name printed, so `fuzz_replay_NAME crash-…` (or the libFuzzer build) replays it alone.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) __attribute__((weak));

namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

// The input being run and where it goes if the process dies on it (set before each run; read by
// the handlers below, which use only async-signal-safe calls).
const Bytes* g_current = nullptr;
char g_crash_path[4096];

void saveCurrent() {
  if (!g_current) return;
  const int fd = ::open(g_crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    const ssize_t written = ::write(fd, g_current->data(), g_current->size());
    (void)written;
    ::close(fd);
  }
  static const char kSaved[] = "\nfuzz replay: the failing input is saved as ";
  ssize_t w = ::write(2, kSaved, sizeof kSaved - 1);
  w = ::write(2, g_crash_path, std::strlen(g_crash_path));
  w = ::write(2, "\n", 1);
  (void)w;
  g_current = nullptr;
}

void onFatalSignal(int sig) {
  saveCurrent();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

Bytes readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "fuzz replay: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The corpus files named on the command line, folders expanded, in name order.
std::vector<fs::path> inputFiles(const std::vector<std::string>& args) {
  std::vector<fs::path> files;
  for (const std::string& arg : args) {
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      for (const fs::directory_entry& e : fs::directory_iterator(arg))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (fs::is_regular_file(arg, ec)) {
      files.emplace_back(arg);
    } else {
      std::fprintf(stderr, "fuzz replay: %s is neither a file nor a folder\n", arg.c_str());
      std::exit(2);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// One mutant of `seed_input`: one to four of the byte-level edits libFuzzer's own mutator starts
// from (flip a bit, set a byte to an extreme or random value, erase, insert or repeat a run, cut
// the tail, splice in part of another corpus file), drawn from `rng`.
Bytes mutate(const Bytes& seed_input, const Bytes& other, std::mt19937_64& rng) {
  Bytes b = seed_input;
  const auto below = [&rng](std::size_t n) { return n == 0 ? std::size_t{0} : std::size_t(rng() % n); };
  const int edits = 1 + int(rng() % 4);
  for (int e = 0; e < edits; ++e) {
    switch (rng() % 7) {
      case 0:
        if (!b.empty()) b[below(b.size())] ^= std::uint8_t(1u << (rng() % 8));
        break;
      case 1: {
        static constexpr std::uint8_t kInteresting[] = {0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff};
        if (!b.empty()) b[below(b.size())] = (rng() % 2) ? kInteresting[rng() % 6] : std::uint8_t(rng());
        break;
      }
      case 2:
        if (!b.empty()) {
          const std::size_t at = below(b.size());
          b.erase(b.begin() + long(at), b.begin() + long(std::min(b.size(), at + 1 + below(16))));
        }
        break;
      case 3: {
        const std::size_t at = below(b.size() + 1), n = 1 + below(16);
        Bytes run(n);
        for (std::uint8_t& x : run) x = std::uint8_t(rng());
        b.insert(b.begin() + long(at), run.begin(), run.end());
        break;
      }
      case 4:
        if (!b.empty()) {
          const std::size_t at = below(b.size()), n = std::min(b.size() - at, 1 + below(64));
          const Bytes run(b.begin() + long(at), b.begin() + long(at + n));
          b.insert(b.begin() + long(below(b.size() + 1)), run.begin(), run.end());
        }
        break;
      case 5:
        b.resize(below(b.size() + 1));
        break;
      default:
        if (!other.empty()) {
          const std::size_t at = below(other.size()), n = std::min(other.size() - at, 1 + below(256));
          b.insert(b.begin() + long(below(b.size() + 1)), other.begin() + long(at), other.begin() + long(at + n));
        }
        break;
    }
  }
  return b;
}

void run(const Bytes& input, const fs::path& save_dir, const std::string& name) {
  std::snprintf(g_crash_path, sizeof g_crash_path, "%s/crash-%s", save_dir.c_str(), name.c_str());
  g_current = &input;
  LLVMFuzzerTestOneInput(input.data(), input.size());
  g_current = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  long mutants = 0;
  fs::path save_dir = ".";
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--mutants" && i + 1 < argc) {
      mutants = std::strtol(argv[++i], nullptr, 10);
    } else if (a == "--save-dir" && i + 1 < argc) {
      save_dir = argv[++i];
    } else {
      args.push_back(a);
    }
  }
  const std::vector<fs::path> files = inputFiles(args);
  if (files.empty() || mutants < 0) {
    std::fprintf(stderr, "usage: %s [--mutants N] [--save-dir DIR] FILE_OR_FOLDER...\n", argv[0]);
    return 2;
  }
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_set_death_callback(saveCurrent);
#endif
  for (const int sig : {SIGILL, SIGSEGV, SIGABRT, SIGFPE, SIGBUS}) std::signal(sig, onFatalSignal);

  std::vector<Bytes> corpus;
  corpus.reserve(files.size());
  for (const fs::path& f : files) corpus.push_back(readFile(f));
  long runs = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string name = files[i].filename().string();
    run(corpus[i], save_dir, name);
    ++runs;
    // Seeded by the file's name: the same corpus gives the same mutants on every machine that
    // builds with the same standard library.
    std::mt19937_64 rng(std::hash<std::string>{}(name) ^ 0x9e3779b97f4a7c15ull);
    for (long k = 0; k < mutants; ++k) {
      const Bytes m = mutate(corpus[i], corpus[(i + 1 + std::size_t(k)) % corpus.size()], rng);
      run(m, save_dir, name + "-m" + std::to_string(k));
      ++runs;
    }
  }
  std::printf("fuzz replay: %ld inputs (%zu corpus files, %ld mutants each), no fault\n", runs, files.size(), mutants);
  return 0;
}
