// TuneJob: one autotuner run (flight/tune/tuner.h) off the GUI thread, for the Tune page. The
// whole tune — search, held-out flights, margins — runs on a worker thread; every candidate's
// progress and the outcome reach the GUI thread as queued signals. Cancel sets the tuner's
// flag (checked before each candidate) and frees the job at once: the cancelled run's
// remaining work finishes in the background and its result is dropped, never shown or
// written. Beside it, the little the page needs from flight/ and sim/: the airframes it can
// tune and the tuned set saved as a parameter file.
// Thread contract: create, start, cancel and destroy on the GUI thread; the signals arrive
// there. Destroying the job cancels every run and waits for its thread.
#pragma once

#include "flight/tune/tuner.h"
#include "sim/vehicle/vehicle_model.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <optional>

namespace navigator {

// A generation evaluated, or a check begun: vsim::tune::Progress in the GUI's types.
struct TuneProgress {
  QString stage;                            // "rate", "angle", "altitude" (staged), "joint", or "checks"
  int evaluation = 0;                       // candidates so far, over all stages
  int evaluations_max = 0;                  // the cap over all stages (a stage may converge sooner)
  int generation = 0, generations_max = 0;  // of this stage
  double cost = 0.0, best_cost = 0.0;       // this generation's best, and the best of its stage so far
  double elapsed_s = 0.0;                   // wall time since the start
  QString check;                            // during the checks: what is being flown
  int check_step = 0, check_steps = 0;
};

class TuneJob : public QObject {
  Q_OBJECT
 public:
  explicit TuneJob(QObject* parent = nullptr);
  ~TuneJob() override;

  // Tunes `model` with `options` on a worker thread. False (and nothing started) while a run
  // is going.
  bool start(const vsim::VehicleModel& model, const vsim::tune::TuneOptions& options);
  // Ends the run as cancelled (emits cancelled() now); nothing of it arrives afterwards.
  void cancel();
  bool isRunning() const { return static_cast<bool>(run_); }
  // Waits until no cancelled run is still finishing in the background (for tests and exit).
  void waitForIdleThreads();

 signals:
  void progressed(const navigator::TuneProgress& progress);
  void succeeded(std::shared_ptr<const vsim::tune::TuneResult> result);
  void failed(const QString& message);
  void cancelled();

 private:
  struct Run {
    std::atomic<bool> cancel{false};
  };
  QThreadPool pool_;          // the runs' threads (a cancelled one may still be finishing)
  std::shared_ptr<Run> run_;  // the run whose signals are wanted; null when idle
};

// The airframes a tune can take, from the program's data folder (../share/navigator/airframes):
// each shipped YAML file's path, by name ("generic_quad", "lander_004", "s500").
QList<QPair<QString, QString>> shippedAirframes();
// An airframe file read into a model, or the loader's error naming the file.
vsim::Result<vsim::VehicleModel> loadTuneAirframe(const QString& path);
// `base` with the mass properties the Inertia Inspector computed (whole-vehicle mass, centre
// of mass and tensor in the airframe's body FRD coordinates): what "Fly these mass properties"
// flies. The error says why the vehicle cannot have them.
vsim::Result<vsim::VehicleModel> withInspectorMass(const vsim::VehicleModel& base,
                                                   const vsim::MassProperties& body_FRD);

// Where a tune takes its airframe from: the one flying, the Inertia Inspector's mass
// properties on a vehicle, a shipped airframe, a file.
enum class TuneAirframeSource { Flying, Inspector, Shipped, File };

// Where a tune finds the airframes it does not load itself (MainWindow fills these in).
struct TuneAirframeSources {
  // The airframe the Fly page flies (SITL, attached or HIL), if any.
  std::function<std::optional<vsim::VehicleModel>()> flying;
  // The Inertia Inspector's whole-vehicle mass properties in body FRD, if it has a reliable result.
  std::function<std::optional<vsim::MassProperties>()> inspector;
  // The airframe the inspector's mass properties go onto when none is flying.
  QString default_airframe_path;
};

// The airframe a tune flies and a sentence saying what it is ("s500: 1.2 kg, Ixx …, 4 rotors").
struct ChosenAirframe {
  vsim::VehicleModel model;
  QString description;
};
// The airframe of `source` (`path` for Shipped and File): the flying one; the inspector's mass
// properties on the flying vehicle, or on the default airframe when none flies; or the file
// loaded. The error says what is missing in words a pilot understands.
vsim::Result<ChosenAirframe> chooseTuneAirframe(TuneAirframeSource source, const QString& path,
                                                const TuneAirframeSources& sources);
// A model in a line: name, mass, principal moments, rotors.
QString tuneAirframeLine(const vsim::VehicleModel& m);
// Why gains tuned on `tuned` may not suit `flying`, in a sentence (empty: the same airframe
// with the same mass properties): another airframe by name, or a mass or an inertia tensor
// differing by more than 1 % (the tune's robustness set spans ±10 %, but an engineer should
// be told, not guess).
QString tunedForAnotherVehicle(const vsim::VehicleModel& tuned, const vsim::VehicleModel& flying);

// Writes the tuned gains as NAME VALUE lines (vsim::writeParamFile, the format vayu_sitl
// --params reads), with `comments` above them. The error names the file, or is empty.
QString saveTunedParams(const QString& path, const vsim::tune::TuneResult& result, const QStringList& comments);

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::TuneProgress)
Q_DECLARE_METATYPE(std::shared_ptr<const vsim::tune::TuneResult>)
