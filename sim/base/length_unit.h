// Length units a mesh file may be drawn in (files carry no unit; the user states it).
#pragma once

#include <optional>
#include <string_view>

namespace vsim {

enum class LengthUnit { Metre, Centimetre, Millimetre, Inch };

// Metres per unit: exact by definition (1 in = 25.4 mm).
constexpr double metresPerUnit(LengthUnit unit) {
  switch (unit) {
    case LengthUnit::Metre:
      return 1.0;
    case LengthUnit::Centimetre:
      return 0.01;
    case LengthUnit::Millimetre:
      return 0.001;
    case LengthUnit::Inch:
      return 0.0254;
  }
  return 1.0;
}

// "m", "cm", "mm", "in".
constexpr std::string_view lengthUnitSymbol(LengthUnit unit) {
  switch (unit) {
    case LengthUnit::Metre:
      return "m";
    case LengthUnit::Centimetre:
      return "cm";
    case LengthUnit::Millimetre:
      return "mm";
    case LengthUnit::Inch:
      return "in";
  }
  return "m";
}

// Parses a unit symbol as written by lengthUnitSymbol; nothing for anything else.
constexpr std::optional<LengthUnit> parseLengthUnit(std::string_view symbol) {
  for (LengthUnit u : {LengthUnit::Metre, LengthUnit::Centimetre, LengthUnit::Millimetre, LengthUnit::Inch})
    if (symbol == lengthUnitSymbol(u)) return u;
  return std::nullopt;
}

}  // namespace vsim
