#include "log/flight_log.h"

#include <ctime>

namespace navigator::ulog {

vsim::Result<std::unique_ptr<FlightLog>> FlightLog::create(const std::string& path, const FlightIdentity& identity,
                                                           const RecorderOptions& options) {
  LogDefinitions defs;
  defs.start_us = identity.start_us;
  defs.info = {{"sys_name", "Navigator"}, {kInfoSource, identity.source}, {kInfoAirframe, identity.airframe}};
  if (!identity.software_version.empty()) defs.info.emplace_back("ver_sw", identity.software_version);
  if (!identity.start_utc.empty()) defs.info.emplace_back(kInfoStartUtc, identity.start_utc);
  if (identity.has_seed) defs.info_u64.emplace_back(kInfoSeed, identity.seed);
  if (!identity.mass_properties.empty()) defs.info.emplace_back(kInfoMassProperties, identity.mass_properties);
  defs.float_params = identity.float_params;
  defs.int_params = identity.int_params;
  defs.formats = flightFormats();
  auto rec = ULogRecorder::create(path, defs, options);
  if (!rec) return rec.error();
  auto log = std::unique_ptr<FlightLog>(new FlightLog(std::move(rec).value()));
  return log;
}

FlightLog::FlightLog(std::unique_ptr<ULogRecorder> rec) : rec_(std::move(rec)) {
  const auto& topics = flightTopics();
  static_assert(std::tuple_size_v<decltype(ids_)> == 13);
  for (std::size_t i = 0; i < ids_.size(); ++i) ids_[i] = rec_->subscribe(topics[i].name);
}

std::string utcNowIso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char s[32];
  std::strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return s;
}

}  // namespace navigator::ulog
