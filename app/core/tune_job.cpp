#include "app/core/tune_job.h"

#include "flight/param_file.h"
#include "sim/config/airframe_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QMetaObject>

#include <algorithm>
#include <cmath>
#include <exception>

namespace navigator {
namespace {

// The tuner's messages name vsim-tune's options; the page's fields carry these labels.
QString pageWords(const std::string& message) {
  QString text = QString::fromStdString(message);
  text.replace(QStringLiteral("--max-evaluations"), TuneJob::tr("Max evaluations"));
  text.replace(QStringLiteral("--budget-s"), TuneJob::tr("Time limit"));
  return text;
}

}  // namespace

TuneJob::TuneJob(QObject* parent) : QObject(parent) {
  qRegisterMetaType<navigator::TuneProgress>();
  qRegisterMetaType<std::shared_ptr<const vsim::tune::TuneResult>>();
  // A new run may start while a cancelled one still flies its last checks.
  pool_.setMaxThreadCount(4);
}

TuneJob::~TuneJob() {
  if (run_) run_->cancel = true;
  run_.reset();
  pool_.waitForDone();
}

void TuneJob::waitForIdleThreads() { pool_.waitForDone(); }

bool TuneJob::start(const vsim::VehicleModel& model, const vsim::tune::TuneOptions& options) {
  if (run_) return false;
  auto run = std::make_shared<Run>();
  run_ = run;
  pool_.start([this, run, model, options] {
    // Everything the run tells the GUI goes through the GUI thread's event loop, and only while
    // it is still the job's run (not cancelled, not superseded).
    const auto post = [this, run](auto&& fn) {
      QMetaObject::invokeMethod(
          this,
          [this, run, fn = std::forward<decltype(fn)>(fn)] {
            if (run_ == run) fn();
          },
          Qt::QueuedConnection);
    };
    const vsim::tune::Ranks one_process;
    const auto progress = [&](const vsim::tune::Progress& p) {
      const TuneProgress out{QString::fromStdString(p.stage),
                             p.evaluation,
                             p.evaluations_max,
                             p.generation,
                             p.generations_max,
                             p.cost,
                             p.best_cost,
                             p.elapsed_s,
                             QString::fromStdString(p.check),
                             p.check_step,
                             p.check_steps};
      post([this, out] { emit progressed(out); });
    };
    try {
      auto result = vsim::tune::tune(model, options, one_process, progress, &run->cancel);
      if (!result) {
        const QString message = pageWords(result.error().message);
        post([this, message] {
          run_.reset();
          emit failed(message);
        });
        return;
      }
      auto shared = std::make_shared<const vsim::tune::TuneResult>(std::move(result).value());
      post([this, shared] {
        run_.reset();
        emit succeeded(shared);
      });
    } catch (const std::exception& e) {
      // (The tuner reports its errors as values; memory exhaustion is the one left.)
      const QString message = tr("The tuner stopped: %1").arg(QString::fromLocal8Bit(e.what()));
      post([this, message] {
        run_.reset();
        emit failed(message);
      });
    }
  });
  return true;
}

void TuneJob::cancel() {
  if (!run_) return;
  run_->cancel = true;
  run_.reset();
  emit cancelled();
}

QList<QPair<QString, QString>> shippedAirframes() {
  const QDir dir(QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/navigator/airframes")));
  QList<QPair<QString, QString>> out;
  for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
    out.append({f.completeBaseName(), f.absoluteFilePath()});
  return out;
}

vsim::Result<vsim::VehicleModel> loadTuneAirframe(const QString& path) {
  return vsim::loadAirframe(QFile::encodeName(path).toStdString());
}

vsim::Result<vsim::VehicleModel> withInspectorMass(const vsim::VehicleModel& base,
                                                   const vsim::MassProperties& body_FRD) {
  return vsim::withMassProperties(base, body_FRD);
}

QString saveTunedParams(const QString& path, const vsim::tune::TuneResult& result, const QStringList& comments) {
  std::vector<std::string> lines;
  for (const QString& c : comments) lines.push_back(c.toStdString());
  const auto written = vsim::writeParamFile(QFile::encodeName(path).toStdString(), result.tuned, lines);
  return written ? QString() : QString::fromStdString(written.error().message);
}

QString tuneAirframeLine(const vsim::VehicleModel& m) {
  const Eigen::Matrix3d& I = m.inertia_kgm2;
  auto number = [](double v) {
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(v, 'g', 4);
  };
  return TuneJob::tr("%1: %2 kg, Ixx %3, Iyy %4, Izz %5 kg·m², %n rotors", nullptr, m.rotor_count)
      .arg(QString::fromStdString(m.name), number(m.mass_kg), number(I(0, 0)), number(I(1, 1)), number(I(2, 2)));
}

QString tunedForAnotherVehicle(const vsim::VehicleModel& tuned, const vsim::VehicleModel& flying) {
  const bool same_name = tuned.name == flying.name;
  const bool same_mass = std::abs(tuned.mass_kg - flying.mass_kg) <= 0.01 * std::max(tuned.mass_kg, flying.mass_kg);
  const bool same_inertia = (tuned.inertia_kgm2 - flying.inertia_kgm2).norm() <=
                            0.01 * std::max(tuned.inertia_kgm2.norm(), flying.inertia_kgm2.norm());
  if (same_name && same_mass && same_inertia) return {};
  return TuneJob::tr("These gains were tuned for %1; the vehicle flies %2.")
      .arg(tuneAirframeLine(tuned), tuneAirframeLine(flying));
}

vsim::Result<ChosenAirframe> chooseTuneAirframe(TuneAirframeSource source, const QString& path,
                                                const TuneAirframeSources& sources) {
  const std::optional<vsim::VehicleModel> flying = sources.flying ? sources.flying() : std::nullopt;
  switch (source) {
    case TuneAirframeSource::Flying: {
      if (!flying)
        return vsim::Error{
            TuneJob::tr("Nothing is flying: start the simulation or choose another airframe.").toStdString()};
      return ChosenAirframe{*flying, TuneJob::tr("The airframe the Fly page flies. %1").arg(tuneAirframeLine(*flying))};
    }
    case TuneAirframeSource::Inspector: {
      const std::optional<vsim::MassProperties> mass = sources.inspector ? sources.inspector() : std::nullopt;
      if (!mass)
        return vsim::Error{
            TuneJob::tr("The Inertia Inspector has no reliable result: open a closed mesh there first.").toStdString()};
      vsim::VehicleModel base;
      if (flying) {
        base = *flying;
      } else {
        auto loaded = loadTuneAirframe(sources.default_airframe_path);
        if (!loaded) return loaded.error();
        base = std::move(loaded).value();
      }
      auto model = withInspectorMass(base, *mass);
      if (!model)
        return vsim::Error{TuneJob::tr("The vehicle cannot have the Inertia Inspector's mass properties: %1")
                               .arg(QString::fromStdString(model.error().message))
                               .toStdString()};
      const QString what =
          TuneJob::tr(
              "The Inertia Inspector's mass, centre of mass and inertia tensor (mesh axes as chosen there) on %1's "
              "rotors, IMU and feet%2. %3")
              .arg(QString::fromStdString(base.name), flying ? TuneJob::tr(" (the airframe flying)") : QString(),
                   tuneAirframeLine(*model));
      return ChosenAirframe{std::move(model).value(), what};
    }
    case TuneAirframeSource::Shipped:
    case TuneAirframeSource::File: {
      if (path.isEmpty()) return vsim::Error{TuneJob::tr("Choose an airframe file.").toStdString()};
      auto model = loadTuneAirframe(path);
      if (!model) return model.error();
      const QString what = QStringLiteral("%1 (%2)").arg(tuneAirframeLine(*model), QDir::toNativeSeparators(path));
      return ChosenAirframe{std::move(model).value(), what};
    }
  }
  return vsim::Error{TuneJob::tr("Choose an airframe.").toStdString()};
}

}  // namespace navigator
