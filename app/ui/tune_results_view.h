// TuneResultsView: what a finished tune shows on the Tune page — the gains before → after (with
// a column saying what the vehicle did with each when they are written), the held-out
// flights' summary per manoeuvre (overshoot, settling, tilt, failures: defaults → tuned), the
// stability margins, and the step response of one manoeuvre (chosen in a list) with the
// reference, the default gains and the tuned gains overlaid. It turns the tuner's result into
// plain values for the widgets. It lays them out in a grid around the page's live cost plot (top
// left). GUI thread only.
#pragma once

#include "app/core/tune_job.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableWidget;

namespace navigator {

class SeriesPlot;

class TuneResultsView : public QWidget {
  Q_OBJECT
 public:
  // `cost_plot`: the page's best-cost plot, placed beside the gains.
  explicit TuneResultsView(QWidget* cost_plot, QWidget* parent = nullptr);

  void showResult(std::shared_ptr<const vsim::tune::TuneResult> result);
  void clear();
  // The vehicle column of the gains table: row `row`'s outcome ("confirmed", "refused", …).
  void setVehicleStatus(int row, const QString& text, bool ok, const QString& tooltip = {});
  QString vehicleStatus(int row) const;
  void clearVehicleStatus();

  // The manoeuvre whose response is on show (an index into vsim::tune::standardManoeuvres()).
  void showManoeuvre(int index);

  QTableWidget* gainsTable() const { return gains_; }
  QTableWidget* summaryTable() const { return summary_; }
  QLabel* marginsLabel() const { return margins_; }
  SeriesPlot* responsePlot() const { return response_; }
  QComboBox* manoeuvreChoice() const { return manoeuvre_; }

 private:
  void fillGains(const vsim::tune::TuneResult& r);
  void fillSummary(const vsim::tune::TuneResult& r);

  std::shared_ptr<const vsim::tune::TuneResult> result_;
  QTableWidget* gains_ = nullptr;
  QTableWidget* summary_ = nullptr;
  QLabel* summary_title_ = nullptr;
  QLabel* margins_ = nullptr;
  QComboBox* manoeuvre_ = nullptr;
  SeriesPlot* response_ = nullptr;
};

}  // namespace navigator
