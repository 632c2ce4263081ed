#include "app/ui/setup/setup_tables.h"

#include <QCoreApplication>

#include <array>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>

namespace navigator {

namespace {

const char* const kContext = "SetupTables";

SetupTable px4Power() {
  return {{{"BAT1_N_CELLS", QT_TRANSLATE_NOOP("SetupTables", "Cells in series"), "", 1, 16, 0, {}},
           {"BAT1_CAPACITY", QT_TRANSLATE_NOOP("SetupTables", "Capacity (-1: unknown)"), "mAh", -1, 100000, 0, {}},
           {"BAT1_V_CHARGED", QT_TRANSLATE_NOOP("SetupTables", "Full cell voltage"), "V", 2, 4.5, 2, {}},
           {"BAT1_V_EMPTY", QT_TRANSLATE_NOOP("SetupTables", "Empty cell voltage"), "V", 2, 4.5, 2, {}},
           {"BAT1_V_DIV", QT_TRANSLATE_NOOP("SetupTables", "Voltage divider"), "", -1, 1000, 3, {}},
           {"BAT1_A_PER_V", QT_TRANSLATE_NOOP("SetupTables", "Amps per volt"), "A/V", -1, 1000, 3, {}},
           {"BAT_LOW_THR", QT_TRANSLATE_NOOP("SetupTables", "Low at remaining"), "", 0.12, 0.5, 2, {}},
           {"BAT_CRIT_THR", QT_TRANSLATE_NOOP("SetupTables", "Critical at remaining"), "", 0.05, 0.25, 2, {}},
           {"BAT_EMERGEN_THR", QT_TRANSLATE_NOOP("SetupTables", "Emergency at remaining"), "", 0.03, 0.1, 2, {}}},
          {{"BAT1_V_EMPTY", "BAT1_V_CHARGED"}, {"BAT_CRIT_THR", "BAT_LOW_THR"}, {"BAT_EMERGEN_THR", "BAT_CRIT_THR"}},
          "BAT1_N_CELLS"};
}

SetupTable arduPilotPower() {
  const std::vector<SetupChoice> action{{0, QT_TRANSLATE_NOOP("SetupTables", "None")},
                                        {1, QT_TRANSLATE_NOOP("SetupTables", "Land")},
                                        {2, QT_TRANSLATE_NOOP("SetupTables", "Return (RTL)")},
                                        {3, QT_TRANSLATE_NOOP("SetupTables", "SmartRTL, else RTL")},
                                        {4, QT_TRANSLATE_NOOP("SetupTables", "SmartRTL, else Land")},
                                        {5, QT_TRANSLATE_NOOP("SetupTables", "Terminate")}};
  return {{{"BATT_MONITOR",
            QT_TRANSLATE_NOOP("SetupTables", "Battery monitor"),
            "",
            0,
            4,
            0,
            {{0, QT_TRANSLATE_NOOP("SetupTables", "Disabled")},
             {3, QT_TRANSLATE_NOOP("SetupTables", "Analog voltage only")},
             {4, QT_TRANSLATE_NOOP("SetupTables", "Analog voltage and current")}}},
           {"BATT_CAPACITY", QT_TRANSLATE_NOOP("SetupTables", "Capacity"), "mAh", 0, 1000000, 0, {}},
           {"BATT_VOLT_MULT", QT_TRANSLATE_NOOP("SetupTables", "Voltage multiplier"), "", 0, 1000, 3, {}},
           {"BATT_AMP_PERVLT", QT_TRANSLATE_NOOP("SetupTables", "Amps per volt"), "A/V", 0, 1000, 3, {}},
           {"BATT_LOW_VOLT", QT_TRANSLATE_NOOP("SetupTables", "Low voltage"), "V", 0, 100, 2, {}},
           {"BATT_CRT_VOLT", QT_TRANSLATE_NOOP("SetupTables", "Critical voltage"), "V", 0, 100, 2, {}},
           {"BATT_FS_LOW_ACT", QT_TRANSLATE_NOOP("SetupTables", "On low battery"), "", 0, 5, 0, action},
           {"BATT_FS_CRT_ACT", QT_TRANSLATE_NOOP("SetupTables", "On critical battery"), "", 0, 5, 0, action}},
          {{"BATT_CRT_VOLT", "BATT_LOW_VOLT"}},
          "BATT_MONITOR"};
}

SetupTable vayuPower() {
  return {{{"BAT_N_CELLS", QT_TRANSLATE_NOOP("SetupTables", "Cells in series (0: estimated)"), "", 0, 14, 0, {}},
           {"BAT_CAPACITY", QT_TRANSLATE_NOOP("SetupTables", "Capacity (0: unknown)"), "mAh", 0, 1.0e6, 0, {}},
           {"BAT_V_DIV", QT_TRANSLATE_NOOP("SetupTables", "Voltage divider"), "", 1, 100, 3, {}},
           {"BAT_A_PER_V", QT_TRANSLATE_NOOP("SetupTables", "Amps per volt"), "A/V", 0.001, 1000, 3, {}},
           {"BAT_V_CHARGED", QT_TRANSLATE_NOOP("SetupTables", "Full cell voltage"), "V", 2, 4.5, 2, {}},
           {"BAT_V_EMPTY", QT_TRANSLATE_NOOP("SetupTables", "Empty cell voltage"), "V", 2, 4.5, 2, {}},
           {"BAT_LOW_V", QT_TRANSLATE_NOOP("SetupTables", "Low cell voltage"), "V", 0, 4.5, 2, {}},
           {"BAT_CRIT_V", QT_TRANSLATE_NOOP("SetupTables", "Critical cell voltage"), "V", 0, 4.5, 2, {}},
           {"BAT_LOW_THR", QT_TRANSLATE_NOOP("SetupTables", "Low at remaining"), "", 0, 1, 2, {}},
           {"BAT_CRIT_THR", QT_TRANSLATE_NOOP("SetupTables", "Critical at remaining"), "", 0, 1, 2, {}}},
          {{"BAT_V_EMPTY", "BAT_V_CHARGED"}, {"BAT_CRIT_V", "BAT_LOW_V"}, {"BAT_CRIT_THR", "BAT_LOW_THR"}},
          "BAT_N_CELLS"};
}

SetupTable px4Safety() {
  const std::vector<SetupChoice> lost{{1, QT_TRANSLATE_NOOP("SetupTables", "Hold")},
                                      {2, QT_TRANSLATE_NOOP("SetupTables", "Return")},
                                      {3, QT_TRANSLATE_NOOP("SetupTables", "Land")},
                                      {5, QT_TRANSLATE_NOOP("SetupTables", "Terminate")},
                                      {6, QT_TRANSLATE_NOOP("SetupTables", "Disarm")}};
  std::vector<SetupChoice> link_lost = lost;
  link_lost.insert(link_lost.begin(), {0, QT_TRANSLATE_NOOP("SetupTables", "Disabled")});
  return {{{"NAV_RCL_ACT", QT_TRANSLATE_NOOP("SetupTables", "Radio lost"), "", 1, 6, 0, lost},
           {"COM_RC_LOSS_T", QT_TRANSLATE_NOOP("SetupTables", "Radio lost after"), "s", 0, 35, 1, {}},
           {"NAV_DLL_ACT", QT_TRANSLATE_NOOP("SetupTables", "Ground station link lost"), "", 0, 6, 0, link_lost},
           {"COM_DL_LOSS_T", QT_TRANSLATE_NOOP("SetupTables", "Link lost after"), "s", 5, 300, 0, {}},
           {"COM_LOW_BAT_ACT",
            QT_TRANSLATE_NOOP("SetupTables", "Low battery"),
            "",
            0,
            3,
            0,
            {{0, QT_TRANSLATE_NOOP("SetupTables", "Warning")},
             {2, QT_TRANSLATE_NOOP("SetupTables", "Land")},
             {3, QT_TRANSLATE_NOOP("SetupTables", "Return at critical, land at emergency")}}}},
          {},
          nullptr};
}

SetupTable arduPilotSafety() {
  return {{{"FS_THR_ENABLE",
            QT_TRANSLATE_NOOP("SetupTables", "Radio (throttle) lost"),
            "",
            0,
            5,
            0,
            {{0, QT_TRANSLATE_NOOP("SetupTables", "Disabled")},
             {1, QT_TRANSLATE_NOOP("SetupTables", "Return (RTL)")},
             {3, QT_TRANSLATE_NOOP("SetupTables", "Land")},
             {4, QT_TRANSLATE_NOOP("SetupTables", "SmartRTL, else RTL")},
             {5, QT_TRANSLATE_NOOP("SetupTables", "SmartRTL, else Land")}}},
           {"FS_THR_VALUE", QT_TRANSLATE_NOOP("SetupTables", "Radio lost below throttle"), "µs", 910, 1100, 0, {}},
           {"FS_GCS_ENABLE",
            QT_TRANSLATE_NOOP("SetupTables", "Ground station link lost"),
            "",
            0,
            5,
            0,
            {{0, QT_TRANSLATE_NOOP("SetupTables", "Disabled")},
             {1, QT_TRANSLATE_NOOP("SetupTables", "Return (RTL)")},
             {3, QT_TRANSLATE_NOOP("SetupTables", "SmartRTL, else RTL")},
             {4, QT_TRANSLATE_NOOP("SetupTables", "SmartRTL, else Land")},
             {5, QT_TRANSLATE_NOOP("SetupTables", "Land")}}},
           {"FS_GCS_TIMEOUT", QT_TRANSLATE_NOOP("SetupTables", "Link lost after"), "s", 2, 120, 0, {}}},
          {},
          nullptr};
}

SetupTable vayuSafety() {
  return {{{"FS_TIMEOUT_S", QT_TRANSLATE_NOOP("SetupTables", "Pilot input lost after"), "s", 0.1, 10, 1, {}},
           {"FS_DESCENT_MPS", QT_TRANSLATE_NOOP("SetupTables", "Failsafe descent rate"), "m/s", 0.1, 3, 1, {}},
           {"BAT_CRIT_ACT",
            QT_TRANSLATE_NOOP("SetupTables", "Critical battery"),
            "",
            0,
            1,
            0,
            {{0, QT_TRANSLATE_NOOP("SetupTables", "Warning")},
             {1, QT_TRANSLATE_NOOP("SetupTables", "Failsafe: level, descend, land")}}}},
          {},
          nullptr};
}

// The four sticks' channel rows and the first four channels' reversing, in each autopilot's names.
SetupTable radioRows(const char* map_prefix, double map_min, double map_max, const char* rev_format,
                     const std::vector<SetupChoice>& rev_choices) {
  SetupTable t;
  static const std::array<std::pair<const char*, const char*>, 4> sticks{
      {{"ROLL", QT_TRANSLATE_NOOP("SetupTables", "Roll stick on channel")},
       {"PITCH", QT_TRANSLATE_NOOP("SetupTables", "Pitch stick on channel")},
       {"THROTTLE", QT_TRANSLATE_NOOP("SetupTables", "Throttle stick on channel")},
       {"YAW", QT_TRANSLATE_NOOP("SetupTables", "Yaw stick on channel")}}};
  // The rows keep const char*: the names built here live in a set (stable addresses, each once).
  static std::set<std::string> names;
  for (const auto& [stick, label] : sticks) {
    const char* name = names.insert(std::string(map_prefix) + stick).first->c_str();
    t.rows.push_back({name, label, "", map_min, map_max, 0, {}});
  }
  static const std::array<const char*, 4> rev_labels{
      QT_TRANSLATE_NOOP("SetupTables", "Channel 1"), QT_TRANSLATE_NOOP("SetupTables", "Channel 2"),
      QT_TRANSLATE_NOOP("SetupTables", "Channel 3"), QT_TRANSLATE_NOOP("SetupTables", "Channel 4")};
  for (int n = 1; n <= 4; ++n) {
    char name[17];
    std::snprintf(name, sizeof name, rev_format, n);
    t.rows.push_back({names.insert(name).first->c_str(), rev_labels[std::size_t(n - 1)], "", -1, 1, 0, rev_choices});
  }
  return t;
}

SetupTable vayuRadio() {
  SetupTable t =
      radioRows("RC_MAP_", 1, 8, "RC%d_REV",
                {{0, QT_TRANSLATE_NOOP("SetupTables", "Normal")}, {1, QT_TRANSLATE_NOOP("SetupTables", "Reversed")}});
  t.rows.insert(t.rows.begin(), {"RC_IN_MODE",
                                 QT_TRANSLATE_NOOP("SetupTables", "Pilot input"),
                                 "",
                                 0,
                                 2,
                                 0,
                                 {{0, QT_TRANSLATE_NOOP("SetupTables", "Ground station only")},
                                  {1, QT_TRANSLATE_NOOP("SetupTables", "Receiver only")},
                                  {2, QT_TRANSLATE_NOOP("SetupTables", "Receiver, else ground station")}}});
  return t;
}

// The flight-mode switch's channel: a row of both the Radio and the Flight modes section.
SetupRow switchChannelRow(const char* name, double last_channel) {
  return {name, QT_TRANSLATE_NOOP("SetupTables", "Flight-mode switch on channel (0: none)"), "", 0, last_channel, 0,
          {}};
}
const SetupRow kPx4SwitchChannel = switchChannelRow("RC_MAP_FLTMODE", 18);
const SetupRow kArduPilotSwitchChannel = switchChannelRow("FLTMODE_CH", 16);

SetupTable px4Radio() {
  SetupTable t =
      radioRows("RC_MAP_", 0, 18, "RC%d_REV",
                {{1, QT_TRANSLATE_NOOP("SetupTables", "Normal")}, {-1, QT_TRANSLATE_NOOP("SetupTables", "Reversed")}});
  t.rows.push_back(kPx4SwitchChannel);
  return t;
}

SetupTable arduPilotRadio() {
  SetupTable t =
      radioRows("RCMAP_", 1, 16, "RC%d_REVERSED",
                {{0, QT_TRANSLATE_NOOP("SetupTables", "Normal")}, {1, QT_TRANSLATE_NOOP("SetupTables", "Reversed")}});
  t.rows.push_back(kArduPilotSwitchChannel);
  return t;
}

// The switch's channel row, then one row per slot: `slot_format` % 1..6 ("COM_FLTMODE%d"),
// each a choice of `modes` within [min_mode, max_mode].
SetupTable flightModeRows(const SetupRow& channel, const char* slot_format, double min_mode, double max_mode,
                          const std::vector<SetupChoice>& modes) {
  static const std::array<const char*, 6> labels{QT_TRANSLATE_NOOP("SetupTables", "Switch position 1 (lowest)"),
                                                 QT_TRANSLATE_NOOP("SetupTables", "Switch position 2"),
                                                 QT_TRANSLATE_NOOP("SetupTables", "Switch position 3"),
                                                 QT_TRANSLATE_NOOP("SetupTables", "Switch position 4"),
                                                 QT_TRANSLATE_NOOP("SetupTables", "Switch position 5"),
                                                 QT_TRANSLATE_NOOP("SetupTables", "Switch position 6 (highest)")};
  static std::set<std::string> names;  // stable addresses for the rows' const char* (as radioRows)
  SetupTable t{{channel}, {}, channel.name};
  for (int slot = 1; slot <= 6; ++slot) {
    char name[17];
    std::snprintf(name, sizeof name, slot_format, slot);
    t.rows.push_back(
        {names.insert(name).first->c_str(), labels[std::size_t(slot - 1)], "", min_mode, max_mode, 0, modes});
  }
  return t;
}

// The six switch positions' modes. PX4: COM_FLTMODE1..6 with the values its parameter metadata
// lists (PX4 b67c65bf's parameters.json, the external modes left out), the switch on
// RC_MAP_FLTMODE. ArduCopter: FLTMODE1..6 with the values of its parameter reference, the switch
// on FLTMODE_CH; slot 1 is a pulse up to 1230 µs, then 1360, 1490, 1620, 1749, and 1750 µs and
// above (the reference's FLTMODE1..6 descriptions).
SetupTable px4FlightModes() {
  static const std::vector<SetupChoice> modes{
      {-1, QT_TRANSLATE_NOOP("SetupTables", "Unassigned")},    {0, QT_TRANSLATE_NOOP("SetupTables", "Manual")},
      {1, QT_TRANSLATE_NOOP("SetupTables", "Altitude")},       {2, QT_TRANSLATE_NOOP("SetupTables", "Position")},
      {3, QT_TRANSLATE_NOOP("SetupTables", "Mission")},        {4, QT_TRANSLATE_NOOP("SetupTables", "Hold")},
      {5, QT_TRANSLATE_NOOP("SetupTables", "Return")},         {6, QT_TRANSLATE_NOOP("SetupTables", "Acro")},
      {7, QT_TRANSLATE_NOOP("SetupTables", "Offboard")},       {8, QT_TRANSLATE_NOOP("SetupTables", "Stabilized")},
      {9, QT_TRANSLATE_NOOP("SetupTables", "Position Slow")},  {10, QT_TRANSLATE_NOOP("SetupTables", "Takeoff")},
      {11, QT_TRANSLATE_NOOP("SetupTables", "Land")},          {12, QT_TRANSLATE_NOOP("SetupTables", "Follow Me")},
      {13, QT_TRANSLATE_NOOP("SetupTables", "Precision Land")}};
  return flightModeRows(kPx4SwitchChannel, "COM_FLTMODE%d", -1, 13, modes);
}

SetupTable arduPilotFlightModes() {
  static const std::vector<SetupChoice> modes{
      {0, QT_TRANSLATE_NOOP("SetupTables", "Stabilize")},   {1, QT_TRANSLATE_NOOP("SetupTables", "Acro")},
      {2, QT_TRANSLATE_NOOP("SetupTables", "AltHold")},     {3, QT_TRANSLATE_NOOP("SetupTables", "Auto")},
      {4, QT_TRANSLATE_NOOP("SetupTables", "Guided")},      {5, QT_TRANSLATE_NOOP("SetupTables", "Loiter")},
      {6, QT_TRANSLATE_NOOP("SetupTables", "RTL")},         {7, QT_TRANSLATE_NOOP("SetupTables", "Circle")},
      {9, QT_TRANSLATE_NOOP("SetupTables", "Land")},        {11, QT_TRANSLATE_NOOP("SetupTables", "Drift")},
      {13, QT_TRANSLATE_NOOP("SetupTables", "Sport")},      {14, QT_TRANSLATE_NOOP("SetupTables", "Flip")},
      {15, QT_TRANSLATE_NOOP("SetupTables", "AutoTune")},   {16, QT_TRANSLATE_NOOP("SetupTables", "PosHold")},
      {17, QT_TRANSLATE_NOOP("SetupTables", "Brake")},      {18, QT_TRANSLATE_NOOP("SetupTables", "Throw")},
      {19, QT_TRANSLATE_NOOP("SetupTables", "Avoid_ADSB")}, {20, QT_TRANSLATE_NOOP("SetupTables", "Guided_NoGPS")},
      {21, QT_TRANSLATE_NOOP("SetupTables", "Smart_RTL")},  {22, QT_TRANSLATE_NOOP("SetupTables", "FlowHold")},
      {23, QT_TRANSLATE_NOOP("SetupTables", "Follow")},     {24, QT_TRANSLATE_NOOP("SetupTables", "ZigZag")},
      {25, QT_TRANSLATE_NOOP("SetupTables", "SystemID")},   {26, QT_TRANSLATE_NOOP("SetupTables", "Heli_Autorotate")},
      {27, QT_TRANSLATE_NOOP("SetupTables", "Auto RTL")},   {28, QT_TRANSLATE_NOOP("SetupTables", "Turtle")}};
  return flightModeRows(kArduPilotSwitchChannel, "FLTMODE%d", 0, 28, modes);
}

// Navigator's firmware changes mode on the ground station's command (and falls back by itself);
// it reads no mode switch. What it starts in is its one flight-mode parameter.
SetupTable vayuFlightModes() {
  return {{{"MODE_DEFAULT",
            QT_TRANSLATE_NOOP("SetupTables", "Mode at start"),
            "",
            0,
            3,
            0,
            {{0, QT_TRANSLATE_NOOP("SetupTables", "ACRO")},
             {1, QT_TRANSLATE_NOOP("SetupTables", "ANGLE")},
             {2, QT_TRANSLATE_NOOP("SetupTables", "ALT_HOLD")},
             {3, QT_TRANSLATE_NOOP("SetupTables", "POSITION")}}}},
          {},
          nullptr};
}
}  // namespace

SetupTable radioTable(Autopilot autopilot) {
  switch (autopilot) {
    case Autopilot::Px4:
      return px4Radio();
    case Autopilot::ArduPilot:
      return arduPilotRadio();
    case Autopilot::Vayu:
      return vayuRadio();
    case Autopilot::Unknown:
      break;
  }
  return {};
}

SetupTable powerTable(Autopilot autopilot) {
  switch (autopilot) {
    case Autopilot::Px4:
      return px4Power();
    case Autopilot::ArduPilot:
      return arduPilotPower();
    case Autopilot::Vayu:
      return vayuPower();
    case Autopilot::Unknown:
      break;
  }
  return {};
}

SetupTable safetyTable(Autopilot autopilot) {
  switch (autopilot) {
    case Autopilot::Px4:
      return px4Safety();
    case Autopilot::ArduPilot:
      return arduPilotSafety();
    case Autopilot::Vayu:
      return vayuSafety();
    case Autopilot::Unknown:
      break;
  }
  return {};
}

SetupTable flightModesTable(Autopilot autopilot) {
  switch (autopilot) {
    case Autopilot::Px4:
      return px4FlightModes();
    case Autopilot::ArduPilot:
      return arduPilotFlightModes();
    case Autopilot::Vayu:
      return vayuFlightModes();
    case Autopilot::Unknown:
      break;
  }
  return {};
}

QString rowProblem(const SetupRow& row, double value) {
  const QString label = QCoreApplication::translate(kContext, row.label);
  if (!std::isfinite(value)) return QCoreApplication::translate(kContext, "%1: not a number").arg(label);
  if (!row.choices.empty()) {
    for (const SetupChoice& c : row.choices)
      if (double(c.value) == value) return {};
    return QCoreApplication::translate(kContext, "%1: %2 is not one of its choices").arg(label).arg(value);
  }
  if (value < row.min || value > row.max)
    return QCoreApplication::translate(kContext, "%1: %2 is outside %3 to %4 %5")
        .arg(label)
        .arg(value)
        .arg(row.min)
        .arg(row.max)
        .arg(QString::fromUtf8(row.unit))
        .trimmed();
  return {};
}

}  // namespace navigator
