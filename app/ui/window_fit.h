// Where the main window opens: inside the screen's available area (the desktop less panels and
// docks) with its title bar and frame, never partly off it (unchecked, at first start the
// window was as tall as the screen plus its title bar, hiding the status bar; a geometry
// restored at another position cut the right panel). Plain geometry, no widgets; GUI thread.
#pragma once

#include <QMargins>
#include <QRect>
#include <QSize>

#include <optional>

namespace navigator {

// The window's client rectangle to open at. `saved`: the client rectangle it had when last
// closed, if any; kept when it lies, with `frame` around it, within `available`. Otherwise
// `preferred`, shrunk to fit `available` less `frame`, centred in `available`.
QRect openingGeometry(const std::optional<QRect>& saved, const QRect& available, const QMargins& frame,
                      const QSize& preferred);

}  // namespace navigator
