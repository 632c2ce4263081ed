#include "flight/flyability.h"

#include "firmware/core/fc_params.h"
#include "flight/flight_runner.h"

#include <algorithm>
#include <cstdio>

namespace vsim {
namespace {

// The airframe's value of a firmware parameter: its firmware_params' (the last one given), else
// the table's default.
double airframeParam(const VehicleModel& model, int id) {
  const fc_param_info_t* info = fc_param_info(id);
  double value = double(info->default_value);
  for (const auto& [name, v] : model.firmware_params)
    if (fc_param_find(name.c_str()) == id) value = v;
  return value;
}

}  // namespace

ThrustToWeightRange firmwareThrustToWeightRange(const VehicleModel& model) {
  const fc_param_info_t* hover = fc_param_info(FC_PARAM_HOVER_THRUST);
  ThrustToWeightRange range;
  range.lowest = 1.0 / double(hover->max);
  range.highest = 1.0 / double(hover->min);
  const double idle_duty = airframeParam(model, FC_PARAM_MOT_IDLE);
  if (idle_duty > 0.0) range.highest = std::min(range.highest, 1.0 / (idle_duty * idle_duty));
  return range;
}

std::vector<std::string> flightProblems(const VehicleModel& model, const SimulationSteps& steps) {
  std::vector<std::string> problems = flyabilityProblems(model, steps);
  const double tw = thrustToWeight(model);
  if (!(tw >= 1.0)) return problems;  // it cannot lift itself: said
  const ThrustToWeightRange range = firmwareThrustToWeightRange(model);
  char text[320];
  if (tw < range.lowest || tw > range.highest) {
    const fc_param_info_t* hover = fc_param_info(FC_PARAM_HOVER_THRUST);
    std::snprintf(text, sizeof text,
                  "it is too %s for the flight firmware: thrust-to-weight %.3g at full throttle (%.4g kg), where the "
                  "firmware flies %.3g to %.3g (hover thrust HOVER_THRUST %.2g to %.2g of full, idle duty MOT_IDLE "
                  "%.2g)",
                  tw < range.lowest ? "heavy" : "light", tw, model.mass_kg, range.lowest, range.highest,
                  double(hover->min), double(hover->max), airframeParam(model, FC_PARAM_MOT_IDLE));
    problems.insert(problems.begin(), text);  // the first reason: it lifts, but not as the firmware flies
    return problems;                          // (the allocation's check would only refuse the same hover thrust)
  }
  if (auto allocation = checkAllocation(model); !allocation) problems.push_back(allocation.error().message);
  return problems;
}

}  // namespace vsim
