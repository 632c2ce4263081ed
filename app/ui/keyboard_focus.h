// When the keyboard may fly: the rule that keeps flying keys out of text fields, dialogs and
// other windows. Typing "attitude.csv" into a file dialog must not yaw the vehicle.
// Thread contract: GUI thread.
#pragma once

class QWidget;

namespace navigator {

// True when a key pressed now may go to the keyboard sticks of `page`: the page is on show, its
// window has the keyboard focus (not a dialog, not another window or application), no modal
// dialog or popup (an open menu or combo list) is up, and the widget with the focus is not one
// that takes typed or arrow keys (text fields, spin boxes, combo boxes, lists and tables,
// sliders, key-sequence editors).
bool keyboardSticksMayTakeKeys(const QWidget& page);

}  // namespace navigator
