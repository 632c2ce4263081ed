#include "flash/uart_flasher.h"

#include "flash/flash_blocks.h"

#include <chrono>
#include <thread>

namespace navigator::flash {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Typical erase time of a sector in seconds (DS8626, x32 parallelism: 16 KiB 250 ms, 64 KiB
// 550 ms, 128 KiB 1 s), expressed as bytes of wire time at 115200 8E1 (10,473 B/s) so that the
// progress plan can weigh erasing against writing and verifying.
double eraseWeightBytes(uint32_t sector_bytes) {
  const double seconds = sector_bytes <= 16 * 1024 ? 0.25 : sector_bytes <= 64 * 1024 ? 0.55 : 1.0;
  return seconds * 115200.0 / 11.0;
}

const char* const kStaysInBootloader =
    "The board stays in its ROM bootloader while BOOT0 is high, and that bootloader cannot be "
    "overwritten: flash again.";

class UartFlash {
 public:
  UartFlash(BytePort& port, const FirmwareImage& image, const UartFlashOptions& options,
            const FlashCallbacks& callbacks)
      : port_(port), image_(image), options_(options), progress_(callbacks), boot_(port, options.timeouts) {}

  FlashReport run() {
    const auto t0 = Clock::now();
    if (connect() && identify() && checkProtection() && erase() && write() && verify() && start()) {
      report_.seconds_total = secondsSince(t0);
      progress_.finish();
      progress_.log("done: " + std::to_string(report_.bytes_written) + " bytes written, " +
                    std::to_string(report_.bytes_verified) + " verified, in " +
                    std::to_string(report_.seconds_total).substr(0, 5) + " s");
    } else {
      report_.seconds_total = secondsSince(t0);
    }
    return report_;
  }

 private:
  bool fail(FlashErrorKind kind, std::string what, std::string advice) {
    report_.error = kind;
    report_.what = std::move(what);
    report_.advice = std::move(advice);
    if (report_.flash_touched && kind != FlashErrorKind::Cancelled) {
      report_.advice += report_.advice.empty() ? "" : " ";
      report_.advice += kStaysInBootloader;
    }
    progress_.log("error: " + report_.what);
    return false;
  }

  bool cancelledAt(const std::string& where) {
    if (!progress_.cancelled()) return false;
    fail(FlashErrorKind::Cancelled, "cancelled " + where,
         report_.flash_touched ? std::string("The flash holds an incomplete image. ") + kStaysInBootloader
                               : "Nothing was erased or written; the board is as it was.");
    return true;
  }

  // One bootloader operation with retries on NACK, timeout and unexpected answers; a port
  // failure ends the run at once.
  template <typename Op>
  BootloaderResult withRetries(const std::string& what, Op op) {
    BootloaderResult r;
    for (int attempt = 0; attempt <= options_.retries; ++attempt) {
      if (attempt > 0) {
        ++report_.retries;
        progress_.log("retry " + std::to_string(attempt) + " of " + std::to_string(options_.retries) + ": " + what);
      }
      r = op();
      if (r.ok() || r.status == BootloaderStatus::PortError) return r;
      progress_.log(what + ": " + statusName(r.status) + (r.detail.empty() ? "" : " (" + r.detail + ")"));
    }
    return r;
  }

  bool failFor(const BootloaderResult& r, const std::string& what) {
    const std::string tries = "1 try and " + std::to_string(options_.retries) + " retries";
    switch (r.status) {
      case BootloaderStatus::PortError:
        return fail(FlashErrorKind::PortError, what + ": " + r.detail,
                    "Reconnect the board (USB cable, adapter) and flash again.");
      case BootloaderStatus::Nack:
        return fail(FlashErrorKind::Nack, "the bootloader refused " + what + " (NACK, " + tries + ")",
                    "A refused erase or write usually means write protection on the sectors; "
                    "mass erase removes it.");
      case BootloaderStatus::Timeout:
        return fail(FlashErrorKind::Timeout,
                    "the bootloader stopped answering during " + what + " (" + tries + ", " + r.detail + ")",
                    report_.flash_touched ? "Power-cycle the board with BOOT0 held high."
                                          : "Power-cycle the board with BOOT0 held high, then flash again.");
      default:
        return fail(FlashErrorKind::Timeout, what + ": " + r.detail + " (" + tries + ")",
                    "Check the wiring and the baud rate, power-cycle the board with BOOT0 high, "
                    "then flash again.");
    }
  }

  bool connect() {
    progress_.report(FlashPhase::Connect, 0, 1);
    for (int attempt = 1; attempt <= options_.sync_attempts; ++attempt) {
      if (cancelledAt("while connecting")) return false;
      const BootloaderResult r = boot_.synchronise();
      if (r.ok()) {
        progress_.log("bootloader answered 0x7F on " + port_.name() + (r.detail.empty() ? "" : " (" + r.detail + ")"));
        return true;
      }
      if (r.status == BootloaderStatus::PortError) {
        return fail(FlashErrorKind::PortError, r.detail, "Check the port: is the board plugged in, is this its port?");
      }
      progress_.log("0x7F attempt " + std::to_string(attempt) + ": " + statusName(r.status));
    }
    return fail(FlashErrorKind::NoBootloader,
                "no answer to 0x7F on " + port_.name() + " (" + std::to_string(options_.sync_attempts) +
                    " synchronisation attempts, " + std::to_string(options_.timeouts.byte_ms) + " ms each)",
                "Is BOOT0 high (boot button held or jumper set) and was the board reset after? Is this the "
                "board's port, with TX to RX, RX to TX and a common ground? Is another program (the Board "
                "tab, a terminal) holding the port?");
  }

  bool identify() {
    progress_.report(FlashPhase::Identify, 0, 1);
    BootloaderResult r = withRetries("GET", [&] { return boot_.get(info_); });
    if (!r.ok()) return failFor(r, "GET");
    r = withRetries("GET_VERSION", [&] { return boot_.getVersion(info_); });
    if (!r.ok()) return failFor(r, "GET_VERSION");
    r = withRetries("GET_ID", [&] { return boot_.getId(info_); });
    if (!r.ok()) return failFor(r, "GET_ID");
    report_.chip_id = info_.chip_id;
    const ChipInfo* found = findChip(info_.chip_id);
    progress_.log("bootloader v" + std::to_string(info_.version >> 4) + "." + std::to_string(info_.version & 0xF) +
                  " (option bytes " + hexByte(info_.option_bytes[0]) + " " + hexByte(info_.option_bytes[1]) +
                  "), chip id " + hexId(info_.chip_id) + (found ? " (" + found->name + ")" : " (unknown part)"));
    const ChipInfo* expected = findChip(options_.expected_chip_id);
    if (info_.chip_id != options_.expected_chip_id) {
      const std::string expected_name =
          hexId(options_.expected_chip_id) + (expected ? " (" + expected->name + ")" : std::string());
      if (!options_.allow_other_chip) {
        return fail(FlashErrorKind::WrongChip,
                    "the board's chip is " + hexId(info_.chip_id) + (found ? " (" + found->name + ")" : "") +
                        ", the image is for " + expected_name,
                    "Choose the image built for this board. If you are sure it fits, flash anyway "
                    "(navigator-flash --any-chip). Nothing was erased.");
      }
      progress_.log("flashing anyway: the user accepted chip " + hexId(info_.chip_id) + " for an image for " +
                    expected_name);
    }
    if (found == nullptr) {
      return fail(FlashErrorKind::WrongChip,
                  "chip id " + hexId(info_.chip_id) + " is not in the flasher's catalog: its flash layout is unknown",
                  "Nothing was erased. Flash this part with a tool that knows it.");
    }
    chip_ = found;
    if (const std::string why = checkImageFitsChip(image_, *chip_); !why.empty()) {
      return fail(FlashErrorKind::BadImage, why, "Nothing was erased. Choose an image for this chip.");
    }
    if (!info_.supports(an3155::kReadMemory) || !info_.supports(an3155::kWriteMemory) ||
        !(info_.supports(an3155::kExtendedErase) || info_.supports(an3155::kErase))) {
      return fail(FlashErrorKind::Nack, "the bootloader does not list READ, WRITE and ERASE in its GET answer",
                  "Nothing was erased. This bootloader cannot be flashed over its UART.");
    }
    blocks_ = splitIntoBlocks(image_, an3155::kMaxBlock);
    planProgress();
    return true;
  }

  // AN3155: with read-out protection active, READ MEMORY is NACKed at its command byte.
  bool checkProtection() {
    std::vector<uint8_t> probe;
    BootloaderResult r = boot_.readMemory(chip_->flash_base, 4, probe);
    if (r.ok()) return true;
    if (r.status != BootloaderStatus::Nack) return failFor(r, "READ MEMORY at " + hexAddress(chip_->flash_base));
    progress_.log("READ MEMORY refused: read-out protection (RDP) is active");
    if (!options_.remove_readout_protection || options_.verify_only) {
      return fail(FlashErrorKind::ReadoutProtected,
                  "the chip is read-out protected: its bootloader refuses to read or write the flash",
                  options_.verify_only
                      ? "A protected chip cannot be verified. Removing the protection erases the whole chip."
                      : "Removing the protection ERASES THE WHOLE CHIP (firmware and any settings kept in "
                        "flash). Confirm removal (navigator-flash --unprotect) to go on. Nothing was erased.");
    }
    progress_.report(FlashPhase::Unprotect, 0, 1);
    report_.flash_touched = true;
    r = boot_.readoutUnprotect();
    if (!r.ok()) return failFor(r, "READOUT UNPROTECT");
    progress_.log("read-out protection removed; the chip erased its flash and reset");
    std::this_thread::sleep_for(std::chrono::milliseconds(options_.timeouts.unprotect_reset_ms));
    for (int attempt = 1; attempt <= options_.sync_attempts; ++attempt) {
      r = boot_.synchronise();
      if (r.ok()) return true;
      if (r.status == BootloaderStatus::PortError) return failFor(r, "synchronising after the unprotect reset");
    }
    return fail(FlashErrorKind::NoBootloader, "no answer to 0x7F after the unprotect reset",
                "Reset the board with BOOT0 high.");
  }

  void planProgress() {
    double erase = 0.0;
    if (!options_.verify_only) {
      if (options_.mass_erase) {
        for (const FlashSector& s : chip_->sectors) erase += eraseWeightBytes(s.size_bytes);
      } else {
        for (uint16_t s : sectorsForImage(image_, *chip_)) erase += eraseWeightBytes(chip_->sectors[s].size_bytes);
      }
    }
    // Per 256-byte block the wire carries ~12 bytes of framing and ACKs around the data.
    const double data = static_cast<double>(image_.totalBytes()) + 12.0 * static_cast<double>(blocks_.size());
    progress_.setPlan(erase, options_.verify_only ? 0.0 : data, data);
  }

  bool erase() {
    if (options_.verify_only) return true;
    const auto t0 = Clock::now();
    const bool extended = info_.supports(an3155::kExtendedErase);
    if (options_.mass_erase) {
      progress_.report(FlashPhase::Erase, 0, 1);
      progress_.log("mass erase (the whole " + std::to_string(chip_->flashSizeBytes() / 1024) + " KiB flash)");
      report_.flash_touched = true;
      const BootloaderResult r = withRetries("mass erase", [&] { return boot_.massErase(extended); });
      if (!r.ok()) return failFor(r, "mass erase");
      progress_.report(FlashPhase::Erase, 1, 1);
    } else {
      const std::vector<uint16_t> sectors = sectorsForImage(image_, *chip_);
      std::string list;
      for (uint16_t s : sectors) list += (list.empty() ? "" : ",") + std::to_string(s);
      progress_.log("erasing sectors " + list);
      for (size_t i = 0; i < sectors.size(); ++i) {
        if (cancelledAt("before erasing sector " + std::to_string(sectors[i]))) return false;
        progress_.report(FlashPhase::Erase, i, sectors.size());
        report_.flash_touched = true;
        const std::string what =
            "erase of sector " + std::to_string(sectors[i]) + " at " + hexAddress(chip_->sectors[sectors[i]].address);
        const BootloaderResult r = withRetries(what, [&] { return boot_.eraseSectors({sectors[i]}, extended); });
        if (!r.ok()) return failFor(r, what);
      }
      progress_.report(FlashPhase::Erase, sectors.size(), sectors.size());
    }
    report_.seconds_erase = secondsSince(t0);
    return true;
  }

  bool write() {
    if (options_.verify_only) return true;
    const auto t0 = Clock::now();
    const uint64_t total = image_.totalBytes();
    uint64_t done = 0;
    for (size_t i = 0; i < blocks_.size(); ++i) {
      const FlashBlock& b = blocks_[i];
      if (cancelledAt("during write at " + hexAddress(b.address) + ", " + std::to_string(i) + " of " +
                      std::to_string(blocks_.size()) + " blocks written")) {
        return false;
      }
      progress_.report(FlashPhase::Write, done, total);
      const std::string what = "write of " + std::to_string(b.bytes.size()) + " bytes at " + hexAddress(b.address);
      const BootloaderResult r =
          withRetries(what, [&] { return boot_.writeMemory(b.address, b.bytes.data(), b.bytes.size()); });
      if (!r.ok()) return failFor(r, what);
      done += b.image_bytes;
      report_.bytes_written += b.image_bytes;
    }
    progress_.report(FlashPhase::Write, total, total);
    report_.seconds_write = secondsSince(t0);
    return true;
  }

  bool verify() {
    const auto t0 = Clock::now();
    const uint64_t total = image_.totalBytes();
    uint64_t done = 0;
    std::vector<uint8_t> got;
    for (size_t i = 0; i < blocks_.size(); ++i) {
      const FlashBlock& b = blocks_[i];
      if (cancelledAt("during verify at " + hexAddress(b.address))) return false;
      progress_.report(FlashPhase::Verify, done, total);
      const std::string what = "read-back of " + std::to_string(b.bytes.size()) + " bytes at " + hexAddress(b.address);
      BlockMismatch mismatch;
      // A mismatch is read again once: a byte spoiled on the wire is not a byte spoiled in flash.
      for (int reading = 0; reading < 2; ++reading) {
        const BootloaderResult r = withRetries(what, [&] { return boot_.readMemory(b.address, b.bytes.size(), got); });
        if (!r.ok()) return failFor(r, what);
        mismatch = compareBlock(b, got);
        if (mismatch.count == 0) break;
        progress_.log("read-back at " + hexAddress(b.address) + " differs in " + std::to_string(mismatch.count) +
                      " byte(s)" + (reading == 0 ? ": reading it again" : ""));
        if (reading == 0) ++report_.retries;
      }
      if (mismatch.count > 0) {
        return fail(FlashErrorKind::VerifyMismatch,
                    "verify failed: " + hexAddress(mismatch.first_address) + " holds " + hexByte(mismatch.got) +
                        ", the image has " + hexByte(mismatch.expected) + " (" + std::to_string(mismatch.count) +
                        " byte(s) differ in the block at " + hexAddress(b.address) + ", read twice)",
                    options_.verify_only ? "The board does not hold this image: flash it."
                                         : "Flash again. If it recurs, check the board's supply voltage: the flash "
                                           "may not have programmed.");
      }
      done += b.image_bytes;
      report_.bytes_verified += b.image_bytes;
    }
    progress_.report(FlashPhase::Verify, total, total);
    report_.seconds_verify = secondsSince(t0);
    return true;
  }

  bool start() {
    if (!options_.start || options_.verify_only) return true;
    progress_.report(FlashPhase::Start, 0, 1);
    const BootloaderResult r = withRetries("GO", [&] { return boot_.go(chip_->flash_base); });
    if (!r.ok()) {
      return failFor(r, "GO " + hexAddress(chip_->flash_base) +
                            " (the image is written and verified; reset the board with BOOT0 low to start it)");
    }
    progress_.log("started the firmware at " + hexAddress(chip_->flash_base));
    return true;
  }

  BytePort& port_;
  const FirmwareImage& image_;
  const UartFlashOptions& options_;
  ProgressReporter progress_;
  Stm32Bootloader boot_;
  FlashReport report_;
  BootloaderInfo info_;
  const ChipInfo* chip_ = nullptr;
  std::vector<FlashBlock> blocks_;
};

}  // namespace

FlashReport runUartFlash(BytePort& port, const FirmwareImage& image, const UartFlashOptions& options,
                         const FlashCallbacks& callbacks) {
  // The image against its target first: an image that cannot fit is refused before the port
  // is touched.
  FlashReport early;
  const ChipInfo* target = findChip(options.expected_chip_id);
  if (target == nullptr) {
    early.error = FlashErrorKind::BadImage;
    early.what = "no flash layout is known for the target chip id " + hexId(options.expected_chip_id);
    early.advice = "Choose a known target. Nothing was erased.";
    return early;
  }
  if (const std::string why = checkImageFitsChip(image, *target); !why.empty()) {
    early.error = FlashErrorKind::BadImage;
    early.what = why;
    early.advice = "Nothing was erased. Choose an image built for the " + target->name + ".";
    if (callbacks.log) callbacks.log("error: " + why);
    return early;
  }
  return UartFlash(port, image, options, callbacks).run();
}

}  // namespace navigator::flash
