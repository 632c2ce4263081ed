#include "app/ui/window_fit.h"

#include <algorithm>

namespace navigator {

QRect openingGeometry(const std::optional<QRect>& saved, const QRect& available, const QMargins& frame,
                      const QSize& preferred) {
  if (saved && saved->isValid() && available.contains(saved->marginsAdded(frame))) return *saved;
  const QRect inside = available.marginsRemoved(frame);
  const QSize size(std::max(1, std::min(preferred.width(), inside.width())),
                   std::max(1, std::min(preferred.height(), inside.height())));
  QRect client(QPoint(0, 0), size);
  client.moveCenter(inside.center());
  return client;
}

}  // namespace navigator
