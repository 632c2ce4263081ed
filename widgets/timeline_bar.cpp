#include "widgets/timeline_bar.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QProxyStyle>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <cmath>

namespace navigator {
namespace {

int toMs(double t_s) { return int(std::lround(t_s * 1000.0)); }

// A click on the groove seeks to where it was clicked, as in every media player (Qt's
// default page-steps about 10 s); the style's other hints stay the application's.
class SeekOnClickStyle : public QProxyStyle {
 public:
  using QProxyStyle::QProxyStyle;
  int styleHint(StyleHint hint, const QStyleOption* option, const QWidget* widget,
                QStyleHintReturn* returned) const override {
    if (hint == QStyle::SH_Slider_AbsoluteSetButtons) return Qt::LeftButton | Qt::MiddleButton;
    return QProxyStyle::styleHint(hint, option, widget, returned);
  }
};

}  // namespace

TimelineBar::TimelineBar(QWidget* parent) : QWidget(parent) {
  play_ = new QToolButton;
  play_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  slider_ = new QSlider(Qt::Horizontal);
  auto* seek_style = new SeekOnClickStyle;  // (a QProxyStyle follows the application's style)
  seek_style->setParent(slider_);
  slider_->setStyle(seek_style);
  slider_->setToolTip(tr("Position in the span on show: drag or click to move"));
  time_ = new QLabel;
  time_->setMinimumWidth(time_->fontMetrics().horizontalAdvance(QStringLiteral("00000.000 / 00000.000 s")));
  speed_ = new QComboBox;
  speed_->setToolTip(tr("Playback speed"));
  from_ = new QDoubleSpinBox;
  to_ = new QDoubleSpinBox;
  for (QDoubleSpinBox* box : {from_, to_}) {
    box->setDecimals(3);
    box->setSuffix(tr(" s"));
    box->setKeyboardTracking(false);
    box->setAccelerated(true);
  }
  from_->setToolTip(tr("Start of the span the timeline and the plots show"));
  to_->setToolTip(tr("End of the span the timeline and the plots show"));
  whole_ = new QToolButton;
  whole_->setText(tr("Whole log"));
  whole_->setToolTip(tr("Show the whole log again"));

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(play_);
  layout->addWidget(slider_, 1);
  layout->addWidget(time_);
  layout->addWidget(speed_);
  layout->addSpacing(12);
  layout->addWidget(new QLabel(tr("Span")));
  layout->addWidget(from_);
  layout->addWidget(new QLabel(tr("to")));
  layout->addWidget(to_);
  layout->addWidget(whole_);

  connect(play_, &QToolButton::clicked, this, [this] {
    if (playing_)
      emit pauseRequested();
    else
      emit playRequested();
  });
  // Only the user's moves: the position set from outside comes with the signals blocked. A drag
  // seeks once, where it is let go (each seek refills every plot and the trail); the time
  // follows the handle meanwhile.
  slider_->setTracking(false);
  connect(slider_, &QSlider::sliderMoved, this, [this] { showTime(); });
  connect(slider_, &QSlider::valueChanged, this, [this](int ms) {
    showTime();
    emit seekRequested(double(ms) * 1e-3);
  });
  connect(speed_, &QComboBox::activated, this,
          [this](int index) { emit speedChosen(speed_->itemData(index).toDouble()); });
  connect(from_, &QDoubleSpinBox::valueChanged, this, &TimelineBar::spanEdited);
  connect(to_, &QDoubleSpinBox::valueChanged, this, &TimelineBar::spanEdited);
  connect(whole_, &QToolButton::clicked, this, &TimelineBar::wholeSpanRequested);
  setPlaying(false);
  setLength(0);
}

void TimelineBar::setSpeeds(const QList<double>& speeds, double current) {
  const QSignalBlocker block(speed_);
  speed_->clear();
  for (double s : speeds) speed_->addItem(tr("×%1").arg(QLocale().toString(s)), s);
  setSpeed(current);
}

void TimelineBar::setSpeed(double speed) {
  const QSignalBlocker block(speed_);
  const int i = speed_->findData(speed);
  if (i >= 0) speed_->setCurrentIndex(i);
}

void TimelineBar::setLength(double length_s) {
  length_s_ = length_s > 0 ? length_s : 0;
  for (QWidget* w : std::initializer_list<QWidget*>{play_, slider_, speed_, from_, to_, whole_})
    w->setEnabled(length_s_ > 0);
  {
    const QSignalBlocker a(from_), b(to_);
    from_->setRange(0, length_s_);
    to_->setRange(0, length_s_);
  }
  showTime();
}

void TimelineBar::setSpan(double from_s, double to_s) {
  {
    const QSignalBlocker a(from_), b(to_), c(slider_);
    from_->setValue(from_s);
    to_->setValue(to_s);
    slider_->setRange(toMs(from_s), toMs(to_s));
    slider_->setPageStep(std::max(1, (toMs(to_s) - toMs(from_s)) / 20));
    slider_->setSingleStep(std::max(1, (toMs(to_s) - toMs(from_s)) / 200));
  }
  showTime();
}

void TimelineBar::setPosition(double t_s) {
  {
    const QSignalBlocker block(slider_);
    slider_->setValue(toMs(t_s));
  }
  showTime();
}

void TimelineBar::setPlaying(bool playing) {
  playing_ = playing;
  play_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  play_->setText(playing ? tr("Pause") : tr("Play"));
}

double TimelineBar::position_s() const { return double(slider_->value()) * 1e-3; }

void TimelineBar::showTime() {
  const QLocale l;
  // The handle's place (where a drag is, before it is let go; the position otherwise).
  time_->setText(
      tr("%1 / %2 s").arg(l.toString(double(slider_->sliderPosition()) * 1e-3, 'f', 3), l.toString(length_s_, 'f', 3)));
}

void TimelineBar::spanEdited() {
  if (toMs(from_->value()) == slider_->minimum() && toMs(to_->value()) == slider_->maximum())
    return;  // what is on show
  emit spanChosen(from_->value(), to_->value());
}

}  // namespace navigator
