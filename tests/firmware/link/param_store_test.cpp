// The board's parameters in flash (firmware/link/param_store.h) on a model of NOR flash with power
// cuts (nor_flash_model.h): saved and loaded, many saves across both sectors, a record torn by a
// cut mid-write or a cut erase leaves the set saved before, and a record written by a firmware
// with another parameter table is read for what still matches, the rest dropped by name.
#include "firmware/link/param_store.h"
#include "tests/firmware/link/nor_flash_model.h"

#include <QtTest>

#include <cstring>
#include <string>
#include <vector>

using navigator::test::NorFlash;

namespace {

fc_params_t defaults() {
  fc_params_t p;
  fc_params_defaults(&p);
  return p;
}

// Defaults, three values changed: MAX_ANGLE_DEG (given), MIXER 1, SYSID 7.
fc_params_t changed(float max_angle_deg) {
  fc_params_t p = defaults();
  p.value[FC_PARAM_MAX_ANGLE_DEG] = max_angle_deg;
  p.value[FC_PARAM_MIXER] = 1.0f;
  p.value[FC_PARAM_SYSID] = 7.0f;
  return p;
}

fc_params_t loaded(const signing_flash_t& f, param_store_report_t* report = nullptr) {
  fc_params_t p = defaults();
  param_store_report_t r;
  param_store_load(&f, &p, &r);
  if (report) *report = r;
  return p;
}

bool same(const fc_params_t& a, const fc_params_t& b) { return std::memcmp(a.value, b.value, sizeof a.value) == 0; }

// The IEEE 802.3 CRC-32, written again here so a record can be made by hand. Its check value
// (the CRC of "123456789") is 0xCBF43926 (the catalogue of parametrised CRCs, CRC-32/ISO-HDLC).
std::uint32_t crc32(const std::uint8_t* data, std::size_t length) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < length; ++i) {
    crc ^= data[i];
    for (int b = 0; b < 8; ++b) crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
  }
  return ~crc;
}

void put32(std::vector<std::uint8_t>& r, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) r.push_back(std::uint8_t(v >> (8 * i)));
}

// A record as param_store.h lays it out: "VPR1", sequence, n, n x (name[16], float bits), CRC-32.
std::vector<std::uint8_t> record(std::uint32_t sequence, const std::vector<std::pair<std::string, float>>& entries) {
  std::vector<std::uint8_t> r;
  put32(r, 0x31525056u);
  put32(r, sequence);
  put32(r, std::uint32_t(entries.size()));
  for (const auto& [name, value] : entries) {
    for (std::size_t i = 0; i < 16; ++i) r.push_back(i < name.size() ? std::uint8_t(name[i]) : 0);
    std::uint32_t bits;
    std::memcpy(&bits, &value, 4);
    put32(r, bits);
  }
  put32(r, crc32(r.data(), r.size()));
  return r;
}

// A record of three values is 16 + 3 x 20 = 76 bytes; 1024-byte sectors hold 13 of them.
constexpr std::size_t kSector = 1024;

}  // namespace

class ParamStoreTest : public QObject {
  Q_OBJECT

 private slots:
  void savesAndLoadsTheChangedValues() {
    NorFlash nor(kSector);
    const signing_flash_t f = nor.view();
    param_store_report_t report;
    fc_params_t p = defaults();
    QVERIFY(!param_store_load(&f, &p, &report));  // never saved
    QCOMPARE(QByteArray(report.message), QByteArray("none stored"));
    QVERIFY(same(p, defaults()));

    const fc_params_t set = changed(30.0f);
    const char* problem = nullptr;
    QVERIFY(param_store_save(&f, &set, &problem));
    QCOMPARE(nor.words_programmed, 76 / 4);  // only the three changed values are stored
    QVERIFY(same(loaded(f, &report), set));
    QVERIFY(report.found);
    QCOMPARE(report.stored, 3);
    QCOMPARE(report.taken, 3);
    QCOMPARE(report.dropped, 0);
    QCOMPARE(QByteArray(report.message), QByteArray(""));

    QVERIFY(param_store_save(&f, &set, &problem));  // the same values again: nothing written
    QCOMPARE(nor.words_programmed, 76 / 4);
    const fc_params_t back_to_defaults = defaults();
    QVERIFY(param_store_save(&f, &back_to_defaults, &problem));  // an empty record: all defaults
    QVERIFY(same(loaded(f, &report), defaults()));
    QCOMPARE(report.stored, 0);
    QCOMPARE(report.sequence, 2u);
  }

  // 200 saves of 76-byte records: the newest always read back; 13 fit a 1024-byte sector, so the
  // first sector takes saves 1-13 and every 13 saves after that the other one is erased:
  // floor((200 - 1) / 13) = 15 erases.
  void manySavesWrapAcrossBothSectors() {
    NorFlash nor(kSector);
    const signing_flash_t f = nor.view();
    for (int i = 0; i < 200; ++i) {
      const fc_params_t set = changed(21.0f + 0.1f * float(i));
      const char* problem = nullptr;
      QVERIFY2(param_store_save(&f, &set, &problem), problem);
      param_store_report_t report;
      QVERIFY(same(loaded(f, &report), set));
      QCOMPARE(report.sequence, std::uint32_t(i + 1));
    }
    QCOMPARE(nor.erases, (200 - 1) / 13);
  }

  // A power cut after each possible number of words of the next record: the set before is read,
  // and the next save goes on past the torn bytes.
  void aCutWriteLeavesThePreviousSet() {
    for (int words = 0; words < 76 / 4; ++words) {
      NorFlash nor(kSector);
      const signing_flash_t f = nor.view();
      const char* problem = nullptr;
      const fc_params_t first = changed(25.0f), second = changed(35.0f);
      QVERIFY(param_store_save(&f, &first, &problem));
      nor.operations_left = words;
      QVERIFY(!param_store_save(&f, &second, &problem));
      QCOMPARE(QByteArray(problem), QByteArray("flash write failed"));
      nor.restore();
      QVERIFY(same(loaded(f), first));
      QVERIFY2(param_store_save(&f, &second, &problem), problem);
      QVERIFY(same(loaded(f), second));
    }
  }

  // A power cut while the other sector is erased (the first one full, the other holding junk):
  // the full sector's newest set is read, and the next save erases again and goes on.
  void aCutEraseLeavesTheFullSector() {
    NorFlash nor(kSector);
    const signing_flash_t f = nor.view();
    const char* problem = nullptr;
    fc_params_t last{};
    for (int i = 0; i < 13; ++i) {
      last = changed(10.0f + float(i));
      QVERIFY(param_store_save(&f, &last, &problem));
    }
    std::fill(nor.sector[1].begin(), nor.sector[1].end(), 0x00);  // the other sector holds old junk
    nor.operations_left = 0;
    const fc_params_t next = changed(50.0f);
    QVERIFY(!param_store_save(&f, &next, &problem));
    QCOMPARE(QByteArray(problem), QByteArray("flash erase failed"));
    nor.restore();
    QVERIFY(same(loaded(f), last));
    QVERIFY(param_store_save(&f, &next, &problem));
    QVERIFY(same(loaded(f), next));
  }

  // A record another firmware wrote, with a parameter this table no longer has, one whose range
  // or type this table refuses (RATE_RP_P at most 10; MIXER is a whole number) and two it knows:
  // those two are taken, the others dropped and named; a parameter the record lacks keeps its
  // default.
  void anOlderTableIsReadForWhatStillMatches() {
    const std::uint8_t check[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
    QCOMPARE(crc32(check, sizeof check), 0xCBF43926u);
    NorFlash nor(kSector);
    const auto r = record(
        5,
        {{"MAX_ANGLE_DEG", 33.0f}, {"OLD_GONE_PARAM", 1.0f}, {"RATE_RP_P", 99.0f}, {"MIXER", 0.5f}, {"SYSID", 12.0f}});
    std::copy(r.begin(), r.end(), nor.sector[1].begin());
    const signing_flash_t f = nor.view();
    param_store_report_t report;
    const fc_params_t p = loaded(f, &report);
    QCOMPARE(report.sequence, 5u);
    QCOMPARE(report.stored, 5);
    QCOMPARE(report.taken, 2);
    QCOMPARE(report.dropped, 3);
    QCOMPARE(QByteArray(report.dropped_names[0]), QByteArray("OLD_GONE_PARAM"));
    QCOMPARE(QByteArray(report.dropped_names[1]), QByteArray("RATE_RP_P"));
    QCOMPARE(QByteArray(report.dropped_names[2]), QByteArray("MIXER"));
    QCOMPARE(QByteArray(report.message), QByteArray("Dropped 3 of 5: OLD_GONE_PARAM, RATE_RP_P, MIXER"));
    QCOMPARE(p.value[FC_PARAM_MAX_ANGLE_DEG], 33.0f);
    QCOMPARE(p.value[FC_PARAM_SYSID], 12.0f);
    QCOMPARE(p.value[FC_PARAM_RATE_RP_P], fc_param_info(FC_PARAM_RATE_RP_P)->default_value);
    QCOMPARE(p.value[FC_PARAM_MIXER], fc_param_info(FC_PARAM_MIXER)->default_value);

    // Saved again by this firmware: the next sequence, after the old record, only what it took.
    const char* problem = nullptr;
    QVERIFY(param_store_save(&f, &p, &problem));
    QVERIFY(same(loaded(f, &report), p));
    QCOMPARE(report.sequence, 6u);
    QCOMPARE(report.dropped, 0);
  }

  // Flash that takes the writes without keeping them (QEMU's ROM): said, not believed.
  void aFlashThatDoesNotKeepIsSaid() {
    NorFlash nor(kSector);
    nor.keeps = false;
    const signing_flash_t f = nor.view();
    const char* problem = nullptr;
    const fc_params_t set = changed(30.0f);
    QVERIFY(!param_store_save(&f, &set, &problem));
    QCOMPARE(QByteArray(problem), QByteArray("flash did not keep it"));
    param_store_report_t report;
    QVERIFY(same(loaded(f, &report), defaults()));
    QVERIFY(!report.found);
  }
};

QTEST_APPLESS_MAIN(ParamStoreTest)
#include "param_store_test.moc"
