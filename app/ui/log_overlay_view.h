// LogOverlayView: two flight logs against each other (before and after a tune): the attitude
// (roll, pitch, yaw) and the motor duties of both on shared time-from-start axes, the first
// log solid, the second dashed in the same colours. GUI thread only.
#pragma once

#include "app/core/replay_log.h"

#include <QWidget>

class QLabel;

namespace navigator {

class SeriesPlot;

class LogOverlayView : public QWidget {
  Q_OBJECT
 public:
  // Points per series at most: QCustomPlot redraws this many smoothly, and it is every sample
  // of a 50 s flight at 1 kHz (a longer flight shows every k-th sample).
  static constexpr std::size_t kMaxPoints = 50000;

  explicit LogOverlayView(QWidget* parent = nullptr);

  // Shows `first` (solid) and `second` (dashed); `*_name` names each in the caption and legend.
  void setLogs(const ReplayTrace& first, const QString& first_name, const ReplayTrace& second,
               const QString& second_name);
  void clear();
  bool isEmpty() const;

  SeriesPlot* attitudePlot() const { return attitude_; }
  SeriesPlot* motorPlot() const { return motors_; }
  QLabel* caption() const { return caption_; }

 private:
  QLabel* caption_ = nullptr;
  SeriesPlot* attitude_ = nullptr;
  SeriesPlot* motors_ = nullptr;
};

}  // namespace navigator
