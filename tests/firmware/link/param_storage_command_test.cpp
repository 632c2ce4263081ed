// MAV_CMD_PREFLIGHT_STORAGE in the firmware's link (fc_link.h) with the board's storage
// (param_store.h) on the NOR flash model: param1 1 writes the set in force, 0 reads the stored
// set back, 2 puts every default back and keeps that; each answered with a COMMAND_ACK
// (common.xml's MAV_RESULT: ACCEPTED 0, TEMPORARILY_REJECTED 1, DENIED 2, UNSUPPORTED 3,
// FAILED 4). A board "reset" is a new core and link loading the flash as the board does at boot.
#include "firmware/link/fc_link.h"
#include "firmware/link/param_store.h"
#include "tests/firmware/link/nor_flash_model.h"

#include <QtTest>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using navigator::test::NorFlash;

namespace {

bool save(void* context, const fc_params_t* params, const char** message) {
  return param_store_save(static_cast<const signing_flash_t*>(context), params, message);
}

bool load(void* context, fc_params_t* params, const char** message) {
  static param_store_report_t report;  // its message outlives the call, as fc_link reads it after
  const bool found = param_store_load(static_cast<const signing_flash_t*>(context), params, &report);
  *message = report.message;
  return found;
}

struct Firmware {
  fc_t fc;
  fc_link_t link;
  std::vector<mavlink_frame_t> out;
  mavlink_parser_t parser;
  mavlink_sender_t gcs{255, 190, 0};
  // Boots as the board does: defaults, then the stored set (when `flash` is given).
  explicit Firmware(signing_flash_t* flash) {
    mavlink_parser_init(&parser);
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    fc_link_init(&link, &fc, &Firmware::send, this);
    if (!flash) return;
    link.storage = fc_link_param_storage_t{&save, &load, flash};
    fc_params_t stored;
    fc_params_defaults(&stored);
    param_store_report_t report;
    if (param_store_load(flash, &stored, &report)) fc_link_apply_params(&link, &fc, &stored);
  }
  static void send(void* self, const std::uint8_t* bytes, std::size_t n) {
    auto* fw = static_cast<Firmware*>(self);
    mavlink_parse_all(
        &fw->parser, bytes, n, [](void* s, const mavlink_frame_t* f) { static_cast<Firmware*>(s)->out.push_back(*f); },
        fw);
  }
  template <class M>
  void receive(std::uint32_t msgid, const M& message) {
    std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&gcs, msgid, &message, bytes);
    mavlink_parser_t p;
    mavlink_parser_init(&p);
    mavlink_parse_all(
        &p, bytes, n,
        [](void* self, const mavlink_frame_t* f) {
          auto* fw = static_cast<Firmware*>(self);
          fc_link_handle(&fw->link, &fw->fc, f);
        },
        this);
  }
  // PREFLIGHT_STORAGE with `param1`: the COMMAND_ACK's result (-1: none).
  int storage(float param1) {
    mavlink_command_long_t c{};
    c.command = MAV_CMD_PREFLIGHT_STORAGE;
    c.param1 = param1;
    c.target_system = link.sender.sysid;
    c.target_component = 1;
    out.clear();
    receive(MAVLINK_MSG_ID_COMMAND_LONG, c);
    int result = -1;
    for (const auto& f : out) {
      mavlink_command_ack_t a;
      if (f.msgid == MAVLINK_MSG_ID_COMMAND_ACK && mavlink_command_ack_decode(&f, &a) &&
          a.command == MAV_CMD_PREFLIGHT_STORAGE)
        result = a.result;
    }
    return result;
  }
  void set(const char* name, float value) {
    mavlink_param_set_t p{};
    std::memcpy(p.param_id, name, std::min(std::strlen(name), sizeof p.param_id));
    p.param_value = value;
    p.param_type = MAV_PARAM_TYPE_REAL32;
    p.target_system = link.sender.sysid;
    receive(MAVLINK_MSG_ID_PARAM_SET, p);
  }
  std::string lastText() const {
    std::string text;
    for (const auto& f : out) {
      mavlink_statustext_t s;
      if (f.msgid == MAVLINK_MSG_ID_STATUSTEXT && mavlink_statustext_decode(&f, &s))
        text.assign(s.text, strnlen(s.text, sizeof s.text));
    }
    return text;
  }
  float value(fc_param_id_t id) const { return fc.config.params.value[id]; }
};

float defaultOf(fc_param_id_t id) { return fc_param_info(id)->default_value; }

}  // namespace

class ParamStorageCommandTest : public QObject {
  Q_OBJECT

 private slots:
  // Written, reset, read back; reset to defaults kept across a reset too.
  void writeThenResetKeepsTheValues() {
    NorFlash nor(4096);
    signing_flash_t flash = nor.view();
    {
      Firmware fw(&flash);
      fw.set("MAX_ANGLE_DEG", 30.0f);
      fw.set("MIXER", 1.0f);
      QVERIFY(fw.link.params_changed);
      QCOMPARE(fw.storage(1), int(MAV_RESULT_ACCEPTED));
      QVERIFY(!fw.link.params_changed);  // saved: nothing left for the HAL's debounced save
    }
    {
      Firmware fw(&flash);  // the board reset
      QCOMPARE(fw.value(FC_PARAM_MAX_ANGLE_DEG), 30.0f);
      QCOMPARE(fw.value(FC_PARAM_MIXER), 1.0f);
      QCOMPARE(fw.storage(2), int(MAV_RESULT_ACCEPTED));
      QCOMPARE(fw.value(FC_PARAM_MAX_ANGLE_DEG), defaultOf(FC_PARAM_MAX_ANGLE_DEG));
      QCOMPARE(fw.link.param_stream_next, 0);  // the whole list goes out again
    }
    Firmware fw(&flash);
    QCOMPARE(fw.value(FC_PARAM_MAX_ANGLE_DEG), defaultOf(FC_PARAM_MAX_ANGLE_DEG));
    QCOMPARE(fw.value(FC_PARAM_MIXER), defaultOf(FC_PARAM_MIXER));
  }

  // Read: values changed since the last write go back to the stored ones, SYSID with the link.
  void readPutsTheStoredSetBack() {
    NorFlash nor(4096);
    signing_flash_t flash = nor.view();
    Firmware fw(&flash);
    fw.set("SYSID", 9.0f);
    fw.set("RATE_RP_P", 0.2f);
    QCOMPARE(fw.storage(1), int(MAV_RESULT_ACCEPTED));
    fw.set("RATE_RP_P", 0.5f);
    QCOMPARE(fw.value(FC_PARAM_RATE_RP_P), 0.5f);
    QCOMPARE(fw.storage(0), int(MAV_RESULT_ACCEPTED));
    QCOMPARE(fw.value(FC_PARAM_RATE_RP_P), 0.2f);
    QCOMPARE(fw.value(FC_PARAM_SYSID), 9.0f);
    QCOMPARE(int(fw.link.sender.sysid), 9);
  }

  // Refusals: an unknown action, while armed, no storage, a flash that does not keep.
  void refusalsSayWhy() {
    NorFlash nor(4096);
    signing_flash_t flash = nor.view();
    Firmware fw(&flash);
    QCOMPARE(fw.storage(5), int(MAV_RESULT_DENIED));
    QCOMPARE(fw.lastText(), std::string("Storage: param1 0 read, 1 write, 2 reset"));
    QCOMPARE(fw.storage(1.5f), int(MAV_RESULT_DENIED));
    QCOMPARE(fw.storage(0), int(MAV_RESULT_FAILED));  // nothing stored yet
    QCOMPARE(fw.lastText(), std::string("Parameters not read: none stored"));
    fw.fc.state.armed = true;  // as an armed core is (arming itself needs sensor samples first)
    QCOMPARE(fw.storage(1), int(MAV_RESULT_TEMPORARILY_REJECTED));
    QCOMPARE(fw.lastText(), std::string("Parameter storage refused while armed"));

    Firmware none(nullptr);
    QCOMPARE(none.storage(1), int(MAV_RESULT_UNSUPPORTED));

    NorFlash rom(4096);
    rom.keeps = false;  // QEMU's netduinoplus2: writes vanish
    signing_flash_t rom_flash = rom.view();
    Firmware on_rom(&rom_flash);
    on_rom.set("MAX_ANGLE_DEG", 30.0f);
    QCOMPARE(on_rom.storage(1), int(MAV_RESULT_FAILED));
    QCOMPARE(on_rom.lastText(), std::string("Parameters not saved: flash did not keep it"));
    QCOMPARE(on_rom.value(FC_PARAM_MAX_ANGLE_DEG), 30.0f);  // in force until reset
  }
};

QTEST_APPLESS_MAIN(ParamStorageCommandTest)
#include "param_storage_command_test.moc"
