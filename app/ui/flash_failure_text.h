// What the flash dialog says after a failed run, in the station's language. The flashers
// (flash/, without Qt) report a kind of failure with their own English words — what happened,
// with addresses and counts, and what to do on the command line. The dialog says the kind and
// what to do itself, translated, chosen by the kind and what the run knew (UART or DFU, verify
// only, the flash touched), and adds the flasher's words as the details.
#pragma once

#include "flash/flash_progress.h"

#include <QCoreApplication>
#include <QString>

namespace navigator {

struct FlashFailureContext {
  bool verify_only = false;     // the run only compared the flash with the image
  bool other_chip = false;      // a wrong chip that is in the catalog: the dialog offers Flash Anyway
  bool protected_chip = false;  // read-out protection the dialog offers to remove
};

class FlashFailureText {
  Q_DECLARE_TR_FUNCTIONS(navigator::FlashFailureText)

 public:
  // What happened, one sentence, by the report's kind.
  static QString headline(const flash::FlashReport& report);
  // What to do, by the kind and the context; may be empty (a cancel that touched nothing).
  static QString advice(const flash::FlashReport& report, const FlashFailureContext& context);
  // The flasher's own words: its `what`, and for dfu-util's failures its advice as well (it reads
  // dfu-util's output, which only it has).
  static QString details(const flash::FlashReport& report);
  // The whole result: headline, advice, the note on a touched flash, the details; one per line.
  static QString compose(const flash::FlashReport& report, const FlashFailureContext& context);
};

}  // namespace navigator
