// libFuzzer target for the ULog reader (log/ulog_reader.cpp, with ulog_format.cpp and
// ulog_csv.cpp; and dataflash_reader.cpp, which reads an input starting 0xA3 0x95 as an
// ArduPilot DataFlash log into the same index): the input is a file, read by
// ULogFile::fromBytes as the station reads a log a user opens; then everything a page or
// navigator-log touches is touched: every subscription's fields and every message's values and
// strings, the timestamps, indexAt, the INFO and PARAMETER values in words, the logged strings,
// the CSV columns and cells; the first subscription of a few messages is also exported with
// exportCsv into a scratch folder.
//
// Checks, each a __builtin_trap() when it fails (see CHECK):
//  - a refusal's message is "fuzz.ulg: offset N: …" with N inside the input;
//  - every problem's offset is inside the input, at most 100 of them (ulog_reader.cpp's cap);
//  - each subscription has a resolved format; each DATA message's payload lies inside the input
//    and holds the format's logged bytes (a DataFlash message: the format's bytes, its FMT's
//    length); every scalar field lies inside that payload (trailing padding is not logged,
//    and not a field); first_us/last_us are its first and
//    last message's timestamps; the file's span holds every timestamp;
//  - indexAt gives an index in [0, count];
//  - progress is reported in [0, 1], never backwards, ending at 1;
//  - reading the same bytes again gives the same index (counts, problems, strings).
#include "log/ulog_csv.h"
#include "log/ulog_reader.h"
#include "tests/fuzz/fuzz_support.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace navigator::ulog;

namespace {

constexpr std::size_t kMaxScalarReads = 200000;  // per input: a few ms, whatever the file says

// The size a DATA message says its payload (after msg_id) has: 5 bytes before the payload are
// the message's uint16 size, its kind and the uint16 msg_id.
std::size_t payloadBytes(const std::uint8_t* data, std::uint64_t payload_offset) {
  std::uint16_t size;
  std::memcpy(&size, data + payload_offset - 5, 2);
  return std::size_t(size) - 2;
}

std::size_t scalarBytes(const ScalarField& f) { return f.char_length > 0 ? f.char_length : baseTypeBytes(f.type); }

void touch(const ULogFile& log, const std::uint8_t* data, std::size_t n) {
  CHECK(log.sizeBytes() == n);
  const bool dataflash = n >= 2 && data[0] == 0xA3 && data[1] == 0x95;  // framed by FMT lengths, no size field
  CHECK(log.problems().size() <= 100);
  for (const Problem& p : log.problems()) CHECK(p.offset <= n && !p.what.empty());
  for (const KeyValue& kv : log.info()) (void)kv.text();
  for (const KeyValue& kv : log.infoMultiple()) (void)kv.text();
  for (const KeyValue& kv : log.parameters()) {
    (void)kv.text();
    (void)kv.number();
  }
  for (const LoggedString& s : log.strings()) CHECK(logLevelName(s.level) != nullptr);
  std::size_t reads = 0;
  bool any = false, exported = false;
  for (const Subscription& sub : log.subscriptions()) {
    CHECK(sub.format != nullptr);
    CHECK(log.find(sub.name, sub.multi_id) != nullptr);
    const std::vector<ScalarField> fields = log.fields(sub);
    const std::vector<ScalarField> columns = csvColumns(log, sub);
    CHECK(columns.size() == fields.size());
    for (std::size_t i = 0; i < sub.count(); ++i) {
      const std::uint64_t at = sub.data_offsets[i];
      CHECK(at >= (dataflash ? 3 : 5) && at <= n);
      const std::size_t bytes = dataflash ? sub.format->bytes : payloadBytes(data, at);
      CHECK(at + bytes <= n);
      CHECK(bytes >= sub.format->logged_bytes && (dataflash || sub.format->logged_bytes >= 8));
      const std::uint64_t t = log.timestampUs(sub, i);
      CHECK(t >= log.firstUs() && t <= log.lastUs());
      any = true;
      if (i == 0) CHECK(t == sub.first_us);
      if (i + 1 == sub.count()) CHECK(t == sub.last_us);
      for (const ScalarField& f : fields) {
        CHECK(f.offset + scalarBytes(f) <= bytes);
        if (reads++ >= kMaxScalarReads) continue;
        if (f.char_length > 0)
          CHECK(log.text(sub, i, f).size() <= f.char_length);
        else
          (void)log.value(sub, i, f);
      }
    }
    // A CSV row the way exportCsv writes one (its cells through snprintf), for the first message.
    if (sub.count() > 0) {
      char cell[64];
      std::string row;
      for (const ScalarField& c : columns)
        row += c.char_length > 0
                   ? log.text(sub, 0, c)
                   : std::string(cell, std::size_t(std::snprintf(cell, sizeof cell, "%.17g", log.value(sub, 0, c))));
      (void)row;
    }
    const std::size_t k = log.indexAt(sub, sub.first_us + (sub.last_us - sub.first_us) / 2);
    CHECK(k <= sub.count());
    CHECK(log.indexAt(sub, 0) <= sub.count());
    if (!exported && sub.count() > 0 && sub.count() <= 64) {  // one file per input: files are slow
      const std::string csv = (fuzz::scratchDirectory("ulog_reader") / "topic.csv").string();
      auto rows = exportCsv(log, sub, csv);
      CHECK(!rows || *rows == sub.count());
      exported = true;
    }
  }
  if (!any) CHECK(log.firstUs() == 0 && log.lastUs() == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<double> progress;
  ReadOptions options;
  options.progress = [&](double f) { progress.push_back(f); };
  auto log = ULogFile::fromBytes("fuzz.ulg", std::vector<std::uint8_t>(data, data + size), options);
  if (!log) {
    const std::string& m = log.error().message;
    CHECK(m.rfind("fuzz.ulg: offset ", 0) == 0);
    CHECK(std::stoull(m.substr(17)) <= size);
    return 0;
  }
  CHECK(!progress.empty() && progress.back() == 1.0);
  for (std::size_t i = 0; i < progress.size(); ++i)
    CHECK(progress[i] >= 0 && progress[i] <= 1 && (i == 0 || progress[i] >= progress[i - 1]));
  touch(*log, data, size);

  auto again = ULogFile::fromBytes("fuzz.ulg", std::vector<std::uint8_t>(data, data + size));
  CHECK(again);
  CHECK(again->subscriptions().size() == log->subscriptions().size());
  for (std::size_t s = 0; s < log->subscriptions().size(); ++s)
    CHECK(again->subscriptions()[s].data_offsets == log->subscriptions()[s].data_offsets);
  CHECK(again->problems().size() == log->problems().size());
  CHECK(again->strings().size() == log->strings().size());
  CHECK(again->parameters().size() == log->parameters().size());
  return 0;
}
