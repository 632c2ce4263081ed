#include "log/ulog_csv.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

namespace navigator::ulog {

std::vector<ScalarField> csvColumns(const ULogFile& log, const Subscription& sub) {
  std::vector<ScalarField> fields = log.fields(sub);  // a DataFlash log's TimeUS comes first already
  auto ts = std::find_if(fields.begin(), fields.end(), [](const ScalarField& f) { return f.path == "timestamp"; });
  if (ts != fields.end() && ts != fields.begin()) std::rotate(fields.begin(), ts, ts + 1);
  return fields;
}

namespace {

void cell(std::FILE* f, const ULogFile& log, const Subscription& sub, std::size_t i, const ScalarField& field) {
  if (field.char_length > 0) {
    std::string s = log.text(sub, i, field);
    std::string quoted = "\"";
    for (char c : s) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    std::fputs((quoted + "\"").c_str(), f);
    return;
  }
  const std::uint8_t* p = log.payload(sub, i) + field.offset;
  if (field.divisor != 1.0) {
    // A scaled integer (DataFlash's centidegrees, degrees × 1e7): the shortest decimal that
    // reads back as the quotient, so 12345 / 100 is written 123.45.
    char s[32];
    const auto written = std::to_chars(s, s + sizeof s, log.value(sub, i, field), std::chars_format::fixed);
    std::fwrite(s, 1, std::size_t(written.ptr - s), f);
    return;
  }
  switch (field.type) {
    case BaseType::Float:
      std::fprintf(f, "%.9g", scalarValue(p, field.type));
      break;
    case BaseType::Double:
      std::fprintf(f, "%.17g", scalarValue(p, field.type));
      break;
    case BaseType::UInt64: {
      std::uint64_t v;
      std::memcpy(&v, p, sizeof v);
      std::fprintf(f, "%llu", (unsigned long long)v);
      break;
    }
    case BaseType::Int64: {
      std::int64_t v;
      std::memcpy(&v, p, sizeof v);
      std::fprintf(f, "%lld", (long long)v);
      break;
    }
    default:
      std::fprintf(f, "%.0f", scalarValue(p, field.type));
      break;
  }
}

}  // namespace

vsim::Result<std::size_t> exportCsv(const ULogFile& log, const Subscription& sub, const std::string& path) {
  const std::string tmp = path + ".part";
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(tmp.c_str(), "w"), &std::fclose);
  if (!out) return vsim::Error{path + ": cannot write: " + std::strerror(errno)};
  std::FILE* f = out.get();
  const std::vector<ScalarField> columns = csvColumns(log, sub);
  for (std::size_t c = 0; c < columns.size(); ++c) std::fprintf(f, "%s%s", c ? "," : "", columns[c].path.c_str());
  std::fputc('\n', f);
  for (std::size_t i = 0; i < sub.count(); ++i) {
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (c) std::fputc(',', f);
      cell(f, log, sub, i, columns[c]);
    }
    std::fputc('\n', f);
  }
  const bool failed = std::ferror(f) != 0;
  const int close_result = std::fclose(out.release());
  std::error_code ec;
  if (failed || close_result != 0) {
    std::filesystem::remove(tmp, ec);
    return vsim::Error{path + ": writing the CSV failed"};
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return vsim::Error{path + ": cannot replace: " + ec.message()};
  }
  return sub.count();
}

}  // namespace navigator::ulog
