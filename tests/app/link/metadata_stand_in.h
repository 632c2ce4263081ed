// Test helper: the component-metadata side of the PX4 STAND-IN (autopilot_stand_in.h), as PX4
// serves it to a ground station (mavlink.io, "Component Information Protocol"; PX4's
// COMPONENT_METADATA stream) — not PX4's code:
//   - MAV_CMD_REQUEST_MESSAGE (512) with param1 397 for its system: one COMPONENT_METADATA whose
//     uri is mftp://etc/extras/component_general.json.xz (the general metadata file);
//   - that file (JSON, xz-compressed) lists the parameter metadata as type 1
//     (COMP_METADATA_TYPE_PARAMETER) at mftp://etc/extras/parameters.json.xz;
//   - FILE_TRANSFER_PROTOCOL requests addressed to it answered by the FTP server stand-in
//     (ftp_server_stand_in.h), replies addressed back to the sender.
// Fault switches: the request not answered, the parameters file corrupt (bytes of the xz
// stream flipped), not served (FileNotFound), FTP replies dropped (ftp.drop_replies).
#pragma once

#include "tests/app/link/autopilot_stand_in.h"
#include "tests/app/link/ftp_server_stand_in.h"

#include <QByteArray>

#include <lzma.h>

#include <cstring>
#include <stdexcept>

class MetadataStandIn {
 public:
  static constexpr const char* kGeneralPath = "etc/extras/component_general.json.xz";
  static constexpr const char* kParametersPath = "etc/extras/parameters.json.xz";

  explicit MetadataStandIn(AutopilotStandIn* autopilot, std::uint8_t system_id = 1)
      : autopilot_(autopilot), system_id_(system_id) {
    autopilot_->frame_listeners.push_back([this](const mavlink_frame_t& f) { onFrame(f); });
  }

  FtpServerStandIn ftp;
  bool answers_request = true;
  int requests = 0;  // COMPONENT_METADATA asked for

  // xz, as PX4's build compresses its metadata (liblzma's default preset, CRC64 check).
  static QByteArray xz(const QByteArray& plain) {
    std::vector<std::uint8_t> out(std::size_t(plain.size()) + 1024);
    std::size_t written = 0;
    if (lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(plain.constData()),
                                std::size_t(plain.size()), out.data(), &written, out.size()) != LZMA_OK)
      throw std::runtime_error("xz encoding failed");
    return QByteArray(reinterpret_cast<const char*>(out.data()), qsizetype(written));
  }
  static std::vector<std::uint8_t> bytes(const QByteArray& b) { return {b.begin(), b.end()}; }

  // Serves the general metadata pointing at `parameters_json` (compressed), or at a path not
  // served (`serve_parameters` false), or a corrupt copy (`corrupt`: bytes in the middle of the
  // compressed stream flipped).
  void serve(const QByteArray& parameters_json, bool serve_parameters = true, bool corrupt = false) {
    const QByteArray general = QByteArray(
        R"({"version": 1, "metadataTypes": [
             {"type": 1, "uri": "mftp://etc/extras/parameters.json.xz", "fileCrc": 0},
             {"type": 4, "uri": "mftp://etc/extras/all_events.json.xz", "fileCrc": 0}]})");
    ftp.files[kGeneralPath] = bytes(xz(general));
    if (!serve_parameters) return;
    QByteArray packed = xz(parameters_json);
    if (corrupt)
      for (qsizetype i = packed.size() / 2; i < packed.size() / 2 + 8; ++i) packed[i] = char(packed[i] ^ 0x5A);
    ftp.files[kParametersPath] = bytes(packed);
  }

 private:
  void onFrame(const mavlink_frame_t& f) {
    if (mavlink_command_long_t c; mavlink_command_long_decode(&f, &c) && c.target_system == system_id_ &&
                                  c.command == 512 && c.param1 == 397.0f) {
      ++requests;
      if (!answers_request) return;
      mavlink_component_metadata_t m{};
      m.time_boot_ms = 1000;
      const char* uri = "mftp://etc/extras/component_general.json.xz";
      std::strncpy(m.uri, uri, sizeof m.uri - 1);
      autopilot_->send(m);
    } else if (mavlink_file_transfer_protocol_t r;
               mavlink_file_transfer_protocol_decode(&f, &r) && r.target_system == system_id_) {
      for (const navigator::ftp::Packet& reply : ftp.handle(navigator::ftp::decode(r.payload)))
        autopilot_->send(navigator::ftp::message(reply, f.sysid, f.compid));
    }
  }

  AutopilotStandIn* autopilot_;
  std::uint8_t system_id_;
};
