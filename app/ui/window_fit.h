// Where the main window opens: inside the screen's available area (the desktop less panels and
// docks) with its title bar and frame, never partly off it (unchecked, at first start the
// window was as tall as the screen plus its title bar, hiding the status bar; a geometry
// restored at another position cut the right panel; and where the window manager's frame was
// other than estimated, or none at all, the window ended up partly off the screen with its
// status bar). GUI thread.
#pragma once

#include <QMargins>
#include <QRect>
#include <QSize>

#include <optional>

class QWidget;

namespace navigator {

// The window's client rectangle to open at. `saved`: the client rectangle it had when last
// closed, if any; kept when it lies, with `frame` around it, within `available`. Otherwise
// `preferred`, shrunk to fit `available` less `frame`, centred in `available`.
QRect openingGeometry(const std::optional<QRect>& saved, const QRect& available, const QMargins& frame,
                      const QSize& preferred);

// Places `window` to open on its screen: openingGeometry with a frame estimated from the
// style's title bar; then, once on show and framed by the window manager, with the frame it
// really has — moved and shrunk inside the screen's available area wherever it is not.
void placeOnScreen(QWidget& window, const std::optional<QRect>& saved, const QSize& preferred);

}  // namespace navigator
