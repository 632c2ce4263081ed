// Where the station keeps flight logs: under the user's data folder by default
// (QStandardPaths::AppDataLocation/logs), or the folder the "logs/folder" setting names; and
// whether that disk has room for a flight. Shared by the recorder (flight_recorder.h) and the
// Logs page's library.
#pragma once

#include <QString>

#include <optional>

namespace navigator {

QString defaultLogFolder();
// The folder set (QSettings "logs/folder"), or the default.
QString logFolder();
void setLogFolder(const QString& folder);  // empty: back to the default

// Whether every flight is recorded (QSettings "logs/record", default yes) and the margin kept
// before arming and after disarming (QSettings "logs/margin_s", default 5 s, 0 … 60 s).
bool recordFlights();
void setRecordFlights(bool record);
double logMarginS();
void setLogMarginS(double seconds);
inline constexpr double kDefaultLogMarginS = 5.0, kMaxLogMarginS = 60.0;

// Bytes a flight of `seconds` at 1 kHz takes, about (every topic of a SITL flight).
qint64 expectedLogBytes(double seconds);
// A warning in words when `folder` cannot be created or has less room than `needed_bytes`
// ("Only 120 MB free on /home for flight logs; an hour of flight takes about 2.1 GB."), or
// nothing.
std::optional<QString> diskSpaceWarning(const QString& folder, qint64 needed_bytes);

}  // namespace navigator
