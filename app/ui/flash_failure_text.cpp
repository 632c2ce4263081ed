#include "app/ui/flash_failure_text.h"

#include <QStringList>

namespace navigator {

using flash::FlashErrorKind;

QString FlashFailureText::headline(const flash::FlashReport& report) {
  switch (report.error) {
    case FlashErrorKind::None:
      return {};
    case FlashErrorKind::Cancelled:
      return report.flash_touched ? tr("Cancelled while the flash was being changed.")
                                  : tr("Cancelled: nothing was erased or written; the board is as it was.");
    case FlashErrorKind::BadImage:
      return tr("The image cannot be flashed: it is unreadable, malformed, or does not fit the chip.");
    case FlashErrorKind::PortError:
      return tr("The port cannot be used: it could not be opened or set up, or it went away.");
    case FlashErrorKind::NoBootloader:
      return tr("The board's ROM bootloader does not answer.");
    case FlashErrorKind::WrongChip:
      return tr("The board's chip is not the one this image is built for.");
    case FlashErrorKind::ReadoutProtected:
      return tr("The chip is read-out protected: its bootloader refuses to read or write the flash.");
    case FlashErrorKind::Nack:
      return tr("The bootloader refused a command.");
    case FlashErrorKind::Timeout:
      return tr("The bootloader stopped answering.");
    case FlashErrorKind::VerifyMismatch:
      return tr("Verify failed: the board's flash does not hold the image.");
    case FlashErrorKind::ToolMissing:
      return tr("dfu-util, the program that flashes over USB DFU, could not be started.");
    case FlashErrorKind::ToolFailed:
      return tr("dfu-util failed.");
  }
  return {};
}

QString FlashFailureText::advice(const flash::FlashReport& report, const FlashFailureContext& context) {
  switch (report.error) {
    case FlashErrorKind::None:
    case FlashErrorKind::Cancelled:
      return {};
    case FlashErrorKind::BadImage:
      return tr(
          "Nothing was erased. Choose an image built for this board: a .bin with its base address, a .hex or "
          "an .elf.");
    case FlashErrorKind::PortError:
      return tr(
          "Check the port: is the board plugged in, is this its port, and does no other program (the Board "
          "tab, a terminal) hold it? Then flash again.");
    case FlashErrorKind::NoBootloader:
      return tr(
          "Is BOOT0 high (boot button held or jumper set) and was the board reset after? Is this the board's "
          "port, with TX to RX, RX to TX and a common ground? Does another program (the Board tab, a "
          "terminal) hold the port?");
    case FlashErrorKind::WrongChip:
      return context.other_chip ? tr("Choose the image built for this board. If you are sure the image fits this "
                                     "chip, press Flash Anyway. Nothing was erased.")
                                : tr("Nothing was erased. The chip is not in the flasher's catalog, so its flash "
                                     "layout is unknown: flash it with a tool that knows it.");
    case FlashErrorKind::ReadoutProtected:
      return context.protected_chip
                 ? tr("Removing the protection ERASES THE WHOLE CHIP (firmware and any settings kept in flash). To "
                      "go on, tick the box below and press Remove Protection and Erase Chip. Nothing was erased.")
                 : tr("A protected chip cannot be verified. Removing the protection erases the whole chip.");
    case FlashErrorKind::Nack:
      return tr(
          "A refused erase or write usually means write protection on the sectors; erasing the whole flash "
          "(the box above) may clear it. A bootloader without read, write and erase cannot be flashed over "
          "its serial port.");
    case FlashErrorKind::Timeout:
      return report.flash_touched ? tr("Power-cycle the board with BOOT0 held high.")
                                  : tr("Check the wiring and the baud rate, power-cycle the board with BOOT0 held "
                                       "high, then flash again.");
    case FlashErrorKind::VerifyMismatch:
      return context.verify_only ? tr("The board does not hold this image: flash it.")
                                 : tr("Flash again; if the same bytes differ again, the flash may be write-protected "
                                      "(option bytes) or worn.");
    case FlashErrorKind::ToolMissing:
      return tr(
          "Install dfu-util (on Debian and Ubuntu: apt install dfu-util), or correct its path in the "
          "settings.");
    case FlashErrorKind::ToolFailed:
      return tr("dfu-util's own message and what it points to are in the details.");
  }
  return {};
}

QString FlashFailureText::details(const flash::FlashReport& report) {
  QString words = QString::fromStdString(report.what);
  if (report.error == FlashErrorKind::ToolFailed && !report.advice.empty())
    words += QLatin1Char(' ') + QString::fromStdString(report.advice);
  return words.isEmpty() ? QString() : tr("Details: %1").arg(words);
}

QString FlashFailureText::compose(const flash::FlashReport& report, const FlashFailureContext& context) {
  QStringList lines{headline(report)};
  if (const QString a = advice(report, context); !a.isEmpty()) lines << a;
  if (report.flash_touched)
    lines << tr(
        "The flash was changed before the run stopped: the board holds no complete image now. It stays in "
        "its ROM bootloader and can be flashed again.");
  if (const QString d = details(report); !d.isEmpty()) lines << d;
  return lines.join(QLatin1Char('\n'));
}

}  // namespace navigator
