// navigator_missing_tool TOOL [WHAT]: stands in ctest for tests a missing tool kept out of the
// build (the fuzz targets without clang): prints optional_tools.h's verdict and exits 1 (a
// required tool) or 77 (an optional one, the test's SKIP_RETURN_CODE).
#include "tests/support/optional_tools.h"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: navigator_missing_tool TOOL [WHAT]\n");
    return 2;
  }
  return navigator::test::missingToolExit(argv[1], argc == 3 ? argv[2] : "");
}
