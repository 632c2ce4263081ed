// test_firmware_image: runs each test class of this folder in turn; fails if any failed.
#include "tests/flash/image/test_support.h"

#include <QCoreApplication>

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  int failed = 0;
  failed += runChipCatalogTest(argc, argv);
  failed += runIntelHexTest(argc, argv);
  failed += runElfTest(argc, argv);
  failed += runImageTest(argc, argv);
  failed += runBoardImageTest(argc, argv);
  return failed == 0 ? 0 : 1;
}
