// TimelineBar: the bar under a replay — play/pause, a seek slider over the span on show, the
// position and the span's length, the speed (×0.25 … ×8), and the span itself (zoom: from and to,
// in seconds, and a button back to the whole log). It shows what it is told and asks for changes
// through its signals; it plays nothing itself. Times in seconds from the log's start, to the
// millisecond. Takes plain values. GUI thread only.
#pragma once

#include <QList>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QToolButton;

namespace navigator {

class TimelineBar : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineBar(QWidget* parent = nullptr);

  // The speeds offered ("×0.25") and the one chosen.
  void setSpeeds(const QList<double>& speeds, double current);
  void setSpeed(double speed);
  // The whole log's length [s]: the span boxes' limit. 0: nothing open, the bar disabled.
  void setLength(double length_s);
  // The span the slider covers [s].
  void setSpan(double from_s, double to_s);
  void setPosition(double t_s);
  void setPlaying(bool playing);

  double position_s() const;

  QToolButton* playButton() const { return play_; }
  QSlider* slider() const { return slider_; }
  QComboBox* speedBox() const { return speed_; }
  QDoubleSpinBox* fromBox() const { return from_; }
  QDoubleSpinBox* toBox() const { return to_; }
  QToolButton* wholeButton() const { return whole_; }
  QLabel* timeLabel() const { return time_; }

 signals:
  void playRequested();
  void pauseRequested();
  void seekRequested(double t_s);
  void speedChosen(double speed);
  void spanChosen(double from_s, double to_s);
  void wholeSpanRequested();

 private:
  void showTime();
  void spanEdited();

  QToolButton* play_ = nullptr;
  QSlider* slider_ = nullptr;
  QLabel* time_ = nullptr;
  QComboBox* speed_ = nullptr;
  QDoubleSpinBox* from_ = nullptr;
  QDoubleSpinBox* to_ = nullptr;
  QToolButton* whole_ = nullptr;
  bool playing_ = false;
  double length_s_ = 0;
};

}  // namespace navigator
