// check_layering ROOT [QT_INCLUDE_DIR]: prints every #include under ROOT that the layer table
// (docs/architecture.md) forbids, one per line with its file and line; exit status 0 when there
// is none, 1 when there are, 2 on a usage error.
#include "tests/architecture/layering.h"

#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: check_layering ROOT [QT_INCLUDE_DIR]\n");
    return 2;
  }
  const auto violations = navigator::architecture::checkTree(argv[1], argc == 3 ? argv[2] : "");
  for (const auto& v : violations) std::printf("%s\n", navigator::architecture::describe(v).c_str());
  std::fprintf(stderr, "check_layering: %zu forbidden include(s)\n", violations.size());
  return violations.empty() ? 0 : 1;
}
