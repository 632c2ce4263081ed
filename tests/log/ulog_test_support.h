// What the tests of log share: the independent reader of the ULog specification
// (ulog_spec_reader.py, run as a child process, its JSON parsed here), a flight written through
// FlightLog with every field of the 13 flight topics set to a known value (kept to compare what
// either reader gives back), and small file helpers.
#pragma once

#include "log/flight_log.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ulog_test {

using json = nlohmann::ordered_json;  // keeps the order of keys as the reader wrote them

// The spec reader's verdict on a file: its exit code and its JSON (see ulog_spec_reader.py).
struct SpecResult {
  int exit_code = -1;
  json out;
  std::string error;  // the process could not be run, or its output was not JSON
};
// Runs ulog_spec_reader.py on `path` with `args` (--values TOPIC, --limit N, --messages).
SpecResult specRead(const std::string& path, const std::vector<std::string>& args = {});

// One message as the spec reader walked it (--messages): where, which kind, how large, and for
// DATA and ADD_LOGGED_MSG the msg_id.
struct SpecMessage {
  std::uint64_t offset = 0;
  char kind = 0;
  std::uint16_t size = 0;
  int msg_id = -1;
  std::uint64_t end() const { return offset + 3 + size; }
};
std::vector<SpecMessage> specMessages(const json& out);

// A value written into a field, as its type holds it; compared with a JSON number exactly
// (floats by their bits: the spec reader prints Python's repr, which round-trips a double).
struct Expected {
  enum Kind { Float, Double, Unsigned, Signed, Bool } kind = Unsigned;
  float f = 0;
  double d = 0;
  std::uint64_t u = 0;
  std::int64_t i = 0;
  bool b = false;
  // "" when `j` holds this value exactly, else what differs.
  std::string mismatch(const json& j) const;
  // The same against what ULogFile::value() gives (a double: 64-bit integers compared through
  // their payload bytes by the caller instead).
  bool equalsDouble(double v) const;
  std::string text() const;
};

// One topic's messages as written: each message's fields by path ("gyro_rad[2]").
struct TopicRecord {
  std::string name;
  std::vector<std::map<std::string, Expected>> messages;
  std::vector<std::string> paths;  // every field path, in the order the topic's struct has them
};

// What writeFlight() wrote: every topic's messages, the INFO values, parameters and strings.
struct WrittenFlight {
  navigator::ulog::FlightIdentity identity;
  std::vector<TopicRecord> topics;  // in flightTopics() order
  struct Text {
    navigator::ulog::LogLevel level;
    std::uint64_t t_us;
    std::string text;
  };
  std::vector<Text> strings;
  const TopicRecord* find(const std::string& name) const;
};

struct FlightShape {
  int messages_per_topic = 20;  // each of the 13 topics
  int batches = 4;              // written in this many blocks (each waits for the writer: a SYNC after it)
  std::uint32_t seed = 1;       // the field values' generator
};
// Writes `path` through FlightLog (INFO, PARAMETER, all 13 topics, LOGGING) and closes it; the
// message of a failure in `error`. Blocks are forced by waiting for bytesQueued() == 0 between
// batches (a condition, bounded by 60 s), so the file has SYNC messages between them.
WrittenFlight writeFlight(const std::string& path, const FlightShape& shape, std::string& error);

std::vector<std::uint8_t> readFile(const std::string& path);
bool writeFile(const std::string& path, const std::vector<std::uint8_t>& bytes);

// Waits until `done()` holds, checking every millisecond, at most `limit_ms`; false on timeout.
template <class F>
bool waitFor(F&& done, int limit_ms = 60000);

}  // namespace ulog_test

#include <chrono>
#include <thread>

template <class F>
bool ulog_test::waitFor(F&& done, int limit_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}
