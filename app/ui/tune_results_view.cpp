#include "app/ui/tune_results_view.h"

#include "widgets/plots/live_plot.h"
#include "widgets/plots/series_plot.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace navigator {
namespace {

using vsim::tune::Measured;

enum GainColumn { kName, kBefore, kAfter, kChange, kVehicle, kGainColumns };
enum SummaryColumn { kManoeuvre, kOvershoot, kSettling, kTilt, kFailed, kSummaryColumns };

const QColor kBetter(0x00, 0x7a, 0x3d);
const QColor kWorse(0xb0, 0x1c, 0x1c);

// In the user's locale, no group separators: a person reads these.
QString readableNumber(double v, int digits = 6) {
  QLocale locale;
  locale.setNumberOptions(QLocale::OmitGroupSeparator);
  return locale.toString(v, 'g', digits);
}
QString fixed(double v, int decimals) {
  QLocale locale;
  locale.setNumberOptions(QLocale::OmitGroupSeparator);
  return locale.toString(v, 'f', decimals);
}

QString measuredLabel(Measured m) {
  switch (m) {
    case Measured::RollDeg:
      return TuneResultsView::tr("roll [°]");
    case Measured::PitchDeg:
      return TuneResultsView::tr("pitch [°]");
    case Measured::RollRateDps:
      return TuneResultsView::tr("roll rate [°/s]");
    case Measured::PitchRateDps:
      return TuneResultsView::tr("pitch rate [°/s]");
    case Measured::YawRateDps:
      return TuneResultsView::tr("yaw rate [°/s]");
    case Measured::ClimbMps:
      return TuneResultsView::tr("climb rate [m/s]");
    case Measured::TiltRmsDeg:  // the trace is the tilt over time; the RMS is taken of it
    case Measured::TiltDeg:
      return TuneResultsView::tr("tilt [°]");
    case Measured::HeightM:
      return TuneResultsView::tr("height change [m]");
  }
  return {};
}

QTableWidgetItem* item(const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
  auto* it = new QTableWidgetItem(text);
  it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  it->setTextAlignment(align);
  return it;
}

// "before → after", green when the tuned value is smaller (better), red when larger.
QTableWidgetItem* change(double before, double after, double scale, int decimals, const QString& tip) {
  QTableWidgetItem* it =
      item(QStringLiteral("%1 → %2").arg(fixed(before * scale, decimals), fixed(after * scale, decimals)));
  const double step = 0.5 * std::pow(10.0, -decimals);
  if (after * scale < before * scale - step)
    it->setForeground(kBetter);
  else if (after * scale > before * scale + step)
    it->setForeground(kWorse);
  it->setToolTip(tip);
  return it;
}

// Keeps `t` at least as wide as its columns (up to kMaxTableWidth_px), so the grid gives the
// tables their room and the plots beside them the rest, instead of cutting the tables' last
// columns. A column's need: its header's and its cells' widest.
constexpr int kMaxTableWidth_px = 640;
void fitWidthToColumns(QTableWidget* t) {
  const QHeaderView* h = t->horizontalHeader();
  const auto* view = static_cast<const QAbstractItemView*>(t);  // (sizeHintForColumn is public here)
  int width = 2 * t->frameWidth() + t->verticalScrollBar()->sizeHint().width();
  for (int i = 0; i < h->count(); ++i) width += std::max(h->sectionSizeHint(i), view->sizeHintForColumn(i));
  t->setMinimumWidth(std::min(width, kMaxTableWidth_px));
}

QTableWidget* table(int columns, const QStringList& headers) {
  auto* t = new QTableWidget(0, columns);
  t->setHorizontalHeaderLabels(headers);
  t->verticalHeader()->hide();
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Every column as wide as its contents, the last too (stretched, it kept at least 100 px and
  // went off a table sized to its columns); the table is made that wide (fitWidthToColumns).
  t->horizontalHeader()->setStretchLastSection(false);
  t->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  t->setWordWrap(false);
  QObject::connect(t->model(), &QAbstractItemModel::dataChanged, t, [t] { fitWidthToColumns(t); });
  QObject::connect(t->model(), &QAbstractItemModel::rowsInserted, t, [t] { fitWidthToColumns(t); });
  fitWidthToColumns(t);
  return t;
}

QString marginText(double factor, bool beyond) {
  return beyond ? TuneResultsView::tr("× %1 or more").arg(readableNumber(factor, 3))
                : TuneResultsView::tr("× %1").arg(readableNumber(factor, 3));
}

}  // namespace

TuneResultsView::TuneResultsView(QWidget* cost_plot, QWidget* parent) : QWidget(parent) {
  gains_ = table(kGainColumns, {tr("Parameter"), tr("Before"), tr("Tuned"), tr("Change"), tr("Vehicle")});
  gains_->setToolTip(
      tr("The gains the tuner moved: their values before the tune (the firmware's defaults) and "
         "tuned. The Vehicle column says what the vehicle did with each when written."));
  summary_ = table(kSummaryColumns,
                   {tr("Manoeuvre"), tr("Overshoot [%]"), tr("Settling [s]"), tr("Tilt RMS [°]"), tr("Failed")});
  summary_->setToolTip(
      tr("Overshoot and settling time of the worst held-out flight, the tilt's RMS in gusts (mean), "
         "and the flights that failed a hard constraint: before → tuned. Green: better, red: worse."));
  summary_title_ =
      new QLabel(tr("<b>Held-out flights</b> (other seeds, calm air and winds, and 12 airframes the tuning "
                    "never flew), worst flight: before → tuned"));
  summary_title_->setWordWrap(true);
  margins_ = new QLabel;
  margins_->setWordWrap(true);
  margins_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  manoeuvre_ = new QComboBox;
  for (const vsim::tune::Manoeuvre& m : vsim::tune::standardManoeuvres()) {
    manoeuvre_->addItem(QString::fromStdString(m.name));
    manoeuvre_->setItemData(manoeuvre_->count() - 1, QString::fromStdString(m.description), Qt::ToolTipRole);
  }
  manoeuvre_->setToolTip(tr("The manoeuvre whose response is shown"));
  response_ = new SeriesPlot(tr("Step response"));
  connect(manoeuvre_, &QComboBox::currentIndexChanged, this, &TuneResultsView::showManoeuvre);

  auto* choice = new QHBoxLayout;
  auto* choice_label = new QLabel(tr("&Manoeuvre:"));
  choice_label->setBuddy(manoeuvre_);
  choice->addWidget(choice_label);
  choice->addWidget(manoeuvre_);
  choice->addStretch(1);
  auto* response_box = new QVBoxLayout;
  response_box->addLayout(choice);
  response_box->addWidget(response_, 1);

  auto* gains_box = new QVBoxLayout;
  gains_box->addWidget(new QLabel(tr("<b>Gains</b>: before → tuned")));
  gains_box->addWidget(gains_, 1);

  auto* summary_box = new QVBoxLayout;
  summary_box->addWidget(summary_title_);
  summary_box->addWidget(summary_, 1);
  summary_box->addWidget(margins_);

  // The search's progress beside the gains it moves; the responses beside the summary of the
  // same flights.
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(cost_plot, 0, 0);
  grid->addLayout(gains_box, 0, 1);
  grid->addLayout(response_box, 1, 0);
  grid->addLayout(summary_box, 1, 1);
  grid->setColumnStretch(0, 3);
  grid->setColumnStretch(1, 2);
  grid->setRowStretch(0, 4);
  grid->setRowStretch(1, 5);
  clear();
}

void TuneResultsView::clear() {
  result_.reset();
  gains_->setRowCount(0);
  summary_->setRowCount(0);
  margins_->setText(tr("Stability margins: run a tune to see them."));
  response_->clear();
  response_->setTitle(tr("Step response: run a tune to see the default and tuned gains fly it"));
}

void TuneResultsView::showResult(std::shared_ptr<const vsim::tune::TuneResult> result) {
  clear();
  result_ = std::move(result);
  if (!result_) return;
  fillGains(*result_);
  fillSummary(*result_);
  const vsim::tune::Margins &b = result_->margins_before, &a = result_->margins_after;
  margins_->setText(tr("<b>Stability margins</b> (every robustness vehicle stays stable), before → tuned:<br>"
                       "rate-loop gains %1 → %2 · motor time constants %3 → %4")
                        .arg(marginText(b.rate_gain, b.rate_gain_beyond), marginText(a.rate_gain, a.rate_gain_beyond),
                             marginText(b.motor_lag, b.motor_lag_beyond), marginText(a.motor_lag, a.motor_lag_beyond)));
  showManoeuvre(manoeuvre_->currentIndex());
}

void TuneResultsView::fillGains(const vsim::tune::TuneResult& r) {
  gains_->setRowCount(int(r.tuned.size()));
  for (int row = 0; row < int(r.tuned.size()); ++row) {
    const auto& [name, after] = r.tuned[std::size_t(row)];
    const double before = row < int(r.before.size()) ? r.before[std::size_t(row)].second : std::nan("");
    QTableWidgetItem* n = item(QString::fromStdString(name), Qt::AlignLeft | Qt::AlignVCenter);
    QTableWidgetItem* b = item(readableNumber(before));
    QTableWidgetItem* a = item(readableNumber(after));
    b->setData(Qt::UserRole, before);  // the exact values, for whoever reads the table
    a->setData(Qt::UserRole, after);
    const double percent = before != 0.0 ? 100.0 * (after - before) / before : 0.0;
    // From 0 (a feature the vehicle had off, the stick shaping) no percentage means anything.
    QTableWidgetItem* c = item(before == after ? tr("unchanged")
                               : before == 0.0 ? tr("switched on")
                                               : QStringLiteral("%1%2 %").arg(
                                                     percent > 0 ? QStringLiteral("+") : QString(), fixed(percent, 1)));
    gains_->setItem(row, kName, n);
    gains_->setItem(row, kBefore, b);
    gains_->setItem(row, kAfter, a);
    gains_->setItem(row, kChange, c);
    gains_->setItem(row, kVehicle, item(QString(), Qt::AlignLeft | Qt::AlignVCenter));
  }
}

void TuneResultsView::fillSummary(const vsim::tune::TuneResult& r) {
  summary_->setRowCount(0);
  for (std::size_t i = 0; i < r.held_before.size() && i < r.held_after.size(); ++i) {
    const vsim::tune::ManoeuvreSummary &b = r.held_before[i], &a = r.held_after[i];
    const vsim::tune::Manoeuvre* m = vsim::tune::findManoeuvre(b.manoeuvre);
    const bool step = !m || !m->edges.empty();
    const int row = summary_->rowCount();
    summary_->insertRow(row);
    QTableWidgetItem* name = item(QString::fromStdString(b.manoeuvre), Qt::AlignLeft | Qt::AlignVCenter);
    if (m) name->setToolTip(QString::fromStdString(m->description));
    summary_->setItem(row, kManoeuvre, name);
    if (step) {
      summary_->setItem(
          row, kOvershoot,
          change(b.overshoot_worst, a.overshoot_worst, 100.0, 1,
                 tr("Mean %1 % → %2 %").arg(fixed(100 * b.overshoot_mean, 1), fixed(100 * a.overshoot_mean, 1))));
      summary_->setItem(row, kSettling,
                        change(b.settling_worst_s, a.settling_worst_s, 1.0, 3,
                               tr("Mean %1 s → %2 s").arg(fixed(b.settling_mean_s, 3), fixed(a.settling_mean_s, 3))));
      summary_->setItem(row, kTilt, item(QStringLiteral("—")));
    } else {
      summary_->setItem(row, kOvershoot, item(QStringLiteral("—")));
      summary_->setItem(row, kSettling, item(QStringLiteral("—")));
      summary_->setItem(
          row, kTilt,
          change(b.tilt_rms_mean_deg, a.tilt_rms_mean_deg, 1.0, 2,
                 tr("Worst %1° → %2°").arg(fixed(b.tilt_rms_worst_deg, 2), fixed(a.tilt_rms_worst_deg, 2))));
    }
    QTableWidgetItem* failed = item(tr("%1 → %2 of %3").arg(b.failures).arg(a.failures).arg(a.flights));
    if (a.failures > 0) {
      failed->setForeground(kWorse);
      failed->setToolTip(QString::fromStdString(a.first_failure));
    }
    summary_->setItem(row, kFailed, failed);
  }
}

void TuneResultsView::setVehicleStatus(int row, const QString& text, bool ok, const QString& tooltip) {
  QTableWidgetItem* it = gains_->item(row, kVehicle);
  if (!it) return;
  it->setText(text);
  it->setToolTip(tooltip);
  it->setForeground(ok ? kBetter : kWorse);
}

QString TuneResultsView::vehicleStatus(int row) const {
  const QTableWidgetItem* it = gains_->item(row, kVehicle);
  return it ? it->text() : QString();
}

void TuneResultsView::clearVehicleStatus() {
  for (int row = 0; row < gains_->rowCount(); ++row) setVehicleStatus(row, QString(), true);
}

void TuneResultsView::showManoeuvre(int index) {
  if (manoeuvre_->currentIndex() != index) {
    manoeuvre_->setCurrentIndex(index);  // comes back here through currentIndexChanged
    return;
  }
  response_->clear();
  const auto& list = vsim::tune::standardManoeuvres();
  if (!result_ || index < 0 || std::size_t(index) >= list.size() ||
      std::size_t(index) >= result_->responses_before.size() || std::size_t(index) >= result_->responses_after.size())
    return;
  const vsim::tune::Manoeuvre& m = list[std::size_t(index)];
  const vsim::tune::Response &b = result_->responses_before[std::size_t(index)],
                             &a = result_->responses_after[std::size_t(index)];
  response_->setTitle(
      tr("%1: the nominal airframe's held-out flight, default and tuned gains").arg(QString::fromStdString(m.name)));
  response_->setAxisLabels(tr("time [s]"), measuredLabel(m.measured));
  const auto vec = [](const std::vector<double>& v) { return QVector<double>(v.begin(), v.end()); };
  const int ref = response_->addSeries({tr("reference"), QColor(0x44, 0x44, 0x44), Qt::DashLine, 1.2, true});
  const int before = response_->addSeries({tr("default gains"), plotColour(0), Qt::SolidLine, 1.5, false});
  const int after = response_->addSeries({tr("tuned gains"), plotColour(2), Qt::SolidLine, 1.5, false});
  response_->setData(ref, vec(b.t_s), vec(b.reference));
  response_->setData(before, vec(b.t_s), vec(b.measured));
  response_->setData(after, vec(a.t_s), vec(a.measured));
}

}  // namespace navigator
