// TunePage: the autotuner in the ground station. The user picks an airframe — the one
// flying now, the Inertia Inspector's mass properties on it, a shipped airframe or a file — and
// the options (time budget, seed, evaluation cap, staged or joint search), starts the tune and
// watches the best cost fall, candidate by candidate; Cancel stops it. A finished tune shows
// its results (TuneResultsView) and can be written to the connected vehicle (ParamSetWriter:
// the whole set checked first, then each value confirmed by its echo) or saved as a parameter
// file. The page lays out and wires; the tune runs in a TuneJob off the GUI thread.
// GUI thread only.
#pragma once

#include "app/core/param_set_writer.h"
#include "app/core/tune_job.h"
#include "app/link/vehicle_link.h"

#include <QElapsedTimer>
#include <QMap>
#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QCheckBox;
class QPushButton;
class QSpinBox;

namespace navigator {

class SeriesPlot;
class TuneResultsView;

class TunePage : public QWidget {
  Q_OBJECT
 public:
  explicit TunePage(QWidget* parent = nullptr);
  ~TunePage() override;

  void setAirframeSources(TuneAirframeSources sources);
  // The vehicle "Write to vehicle" writes to (null: none; the button is then disabled).
  void setVehicleLink(VehicleLink* link);

  // The airframe choices, in the order of the Airframe list.
  using Source = TuneAirframeSource;

  // Starts a tune with the options on show (as the Start button does). The problem, if it could
  // not start (no airframe, a file that does not load), is shown and returned.
  QString startTune();
  void cancelTune();
  bool isTuning() const;

  TuneJob* job() const { return job_; }
  std::shared_ptr<const vsim::tune::TuneResult> result() const { return result_; }
  QString statusText() const;
  QString writeStatusText() const;

  ParamSetWriter* writer() const { return writer_; }

 signals:
  // The tune ended: finished with a result, failed (the message), or cancelled.
  void tuneEnded();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  QWidget* buildOptions();
  QGroupBox* buildAirframeBox();
  QGroupBox* buildOptionsBox();
  QGroupBox* buildTunedGainsBox();
  void refreshAirframes();
  void describeAirframe();
  // The airframe chosen now, and a sentence saying what it is.
  vsim::Result<ChosenAirframe> chosenAirframe() const;  // chooseTuneAirframe for the list's choice
  void chooseFile();
  void updateButtons();  // which buttons and fields may be used now
  void resetProgress();
  void onProgress(const TuneProgress& p);
  static QString aimsText(const vsim::tune::TuneResult& result);
  void onSucceeded(std::shared_ptr<const vsim::tune::TuneResult> result);
  void setStatus(const QString& text, bool problem = false);
  void setWriteStatus(const QString& text, bool problem = false);
  void writeToVehicle();
  void saveWithDialog();
  QString saveTo(const QString& path);
  void sendToVehicle();  // writes the result's gains (writeToVehicle asked first when it had to)
  void saveOptions() const;
  void restoreOptions();

  TuneAirframeSources sources_;
  TuneJob* job_ = nullptr;
  ParamSetWriter* writer_ = nullptr;
  QPointer<VehicleLink> link_;
  QMetaObject::Connection link_state_;
  std::shared_ptr<const vsim::tune::TuneResult> result_;
  QString result_airframe_;  // the tuned airframe's name, for the saved file
  vsim::tune::TuneOptions result_options_;
  vsim::VehicleModel result_model_;  // the airframe the result was tuned on
  // The run under way: its airframe and options become the result's when it succeeds (until
  // then the last result stays: a cancelled or failed run does not wipe the one shown).
  QString run_airframe_;
  vsim::tune::TuneOptions run_options_;
  vsim::VehicleModel run_model_;
  QString file_path_;                // the airframe file chosen with "Airframe file…"
  QMap<QString, int> stage_series_;  // the cost plot's series of each stage
  QElapsedTimer run_clock_;          // since Start

  QComboBox* airframe_ = nullptr;
  QLabel* airframe_text_ = nullptr;
  QDoubleSpinBox* budget_ = nullptr;
  QSpinBox* seed_ = nullptr;
  QSpinBox* max_evaluations_ = nullptr;
  QComboBox* strategy_ = nullptr;
  QCheckBox* on_vehicle_ = nullptr;  // tune on top of the connected vehicle's own parameters
  QPushButton* start_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* status_ = nullptr;
  QPushButton* write_ = nullptr;
  QCheckBox* accept_unmet_ = nullptr;  // offer a tune that misses its aims anyway
  QLabel* aims_ = nullptr;             // the result's aims, in a pilot's words
  QPushButton* save_ = nullptr;
  QLabel* write_status_ = nullptr;
  SeriesPlot* cost_plot_ = nullptr;
  TuneResultsView* results_ = nullptr;
};

}  // namespace navigator
