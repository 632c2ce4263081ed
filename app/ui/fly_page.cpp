#include "app/ui/fly_page.h"

#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "app/core/hil_bridge.h"
#include "app/ui/board_health_view.h"
#include "app/ui/instrument_feed.h"
#include "app/ui/keyboard_focus.h"
#include "app/ui/pilot_input_panel.h"
#include "app/ui/rotor_marks.h"
#include "app/ui/sample_pose.h"
#include "app/ui/telemetry_plots.h"
#include "app/ui/vehicle_binding.h"
#include "app/link/serial_hil_bandwidth.h"
#include "app/link/serial_port_catalog.h"
#include "flight/flight_runner.h"
#include "widgets/board_panel.h"
#include "widgets/flight_panel.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/instruments/primary_flight_display.h"
#include "widgets/parameter_editor.h"
#include "widgets/rotor_layout_view.h"
#include "widgets/vehicle_link_panel.h"
#include "widgets/wind_panel.h"
#include "firmware/protocol/vayu_protocol.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <ctime>

namespace navigator {
namespace {

constexpr int kDrainPeriodMs = 16;  // 60 Hz: the view's pose rate and the plots' replot cap

double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// "4.0 m/s from 270°, updraft 0.5 m/s, turbulence σ 1.0 m/s", in the user's locale.
QString describeWind(const WindSetting& w) {
  const double speed = std::hypot(w.wind_NED_mps[0], w.wind_NED_mps[1]);
  QStringList parts;
  if (speed > 0)
    parts << FlyPage::tr("%L1 m/s from %L2°").arg(speed, 0, 'f', 1).arg(windFromBearing_deg(w.wind_NED_mps), 0, 'f', 0);
  if (w.wind_NED_mps[2] != 0) parts << FlyPage::tr("updraft %L1 m/s").arg(-w.wind_NED_mps[2], 0, 'f', 1);
  if (w.turbulence_sigma_mps != 0) parts << FlyPage::tr("turbulence σ %L1 m/s").arg(w.turbulence_sigma_mps, 0, 'f', 1);
  return parts.join(QStringLiteral(", "));
}

// The airframe's rotors for the 3-D view's own model: places about the centre of mass and
// thrust axes, FRD → FLU.
QVector<RotorGlyph> rotorGlyphs(const vsim::VehicleModel& m) {
  QVector<RotorGlyph> out;
  for (int i = 0; i < m.rotor_count; ++i) {
    const vsim::RotorModel& r = m.rotors[std::size_t(i)];
    out.push_back({QVector3D(float(r.position_B_m.x()), float(-r.position_B_m.y()), float(-r.position_B_m.z())),
                   QVector3D(float(r.axis_B.x()), float(-r.axis_B.y()), float(-r.axis_B.z()))});
  }
  return out;
}

}  // namespace

FlyPage::FlyPage(Station* station, QWidget* parent) : QWidget(parent), station_(station) {
  joystick_ = new joystick::JoystickManager(settings_, QString(), this);
  pilot_ = new joystick::PilotInputSource(this);
  pilot_->setJoystick(joystick_);
  view_ = new FlightView3D;
  plots_ = new TelemetryPlots;
  log_ = new QPlainTextEdit;
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(5000);
  status_ = new QLabel;

  auto* centre = new QSplitter(Qt::Vertical);
  centre->addWidget(view_);
  centre->addWidget(plots_);
  centre->setStretchFactor(0, 1);
  centre->setStretchFactor(1, 1);
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(centre);
  split->addWidget(buildSide());
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  drain_timer_ = new QTimer(this);
  drain_timer_->setTimerType(Qt::PreciseTimer);
  connect(drain_timer_, &QTimer::timeout, this, &FlyPage::drainSamples);
  figures_timer_ = new QTimer(this);
  connect(figures_timer_, &QTimer::timeout, this, &FlyPage::updateFigures);
  connectSession();
  restoreSettings();
  // Always on: the samples come from the SITL simulator or, in HIL, from the board's world.
  drain_timer_->start(kDrainPeriodMs);
  figures_clock_.start();
  page_clock_.start();
  frames_at_last_ = view_->framesRendered();
  cpu_s_at_last_ = threadCpuSeconds();
  figures_timer_->start(1000);
  qApp->installEventFilter(this);
  joystick_->start();
}

FlyPage::~FlyPage() { qApp->removeEventFilter(this); }

QWidget* FlyPage::buildSide() {
  QStringList modes;  // the firmware's custom_mode order, from the one table of modes
  for (int m = 0; m < VAYU_MODE_COUNT; ++m) modes << QString::fromLatin1(vayu_mode_name(m));
  flight_panel_ = new FlightPanel(modes);
  vehicles_panel_ = new VehicleLinkPanel;
  // The Flight tab: which vehicle and the autopilot link above the vehicle's own panel.
  auto* flight_tab = new QWidget;
  auto* flight_layout = new QVBoxLayout(flight_tab);
  flight_layout->setContentsMargins(0, 0, 0, 0);
  flight_layout->setSpacing(0);
  flight_layout->addWidget(vehicles_panel_);
  flight_layout->addWidget(flight_panel_, 1);
  wind_panel_ = new WindPanel;
  parameters_ = new ParameterEditor;
  auto* tabs = new QTabWidget;
  tabs_ = tabs;
  tabs_->setObjectName(QStringLiteral("flySideTabs"));
  input_panel_ = new PilotInputPanel(joystick_, pilot_);
  // Scrolled on a short screen (1280×800) rather than squeezed: nothing in it cut.
  auto* flight_scroll = new QScrollArea;
  flight_scroll->setObjectName(QStringLiteral("flightTabScroll"));
  flight_scroll->setWidget(flight_tab);
  flight_scroll->setWidgetResizable(true);
  flight_scroll->setFrameShape(QFrame::NoFrame);
  flight_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  tabs->addTab(flight_scroll, tr("Flight"));
  tabs->addTab(input_panel_, tr("Sticks"));
  tabs->addTab(wind_panel_, tr("Wind"));
  rotors_view_ = new RotorLayoutView;
  tabs->addTab(rotors_view_, tr("Motors"));
  tabs->setTabToolTip(tabs->indexOf(rotors_view_),
                      tr("The airframe's rotors seen from above: numbers, spins, and the allocation"));
  tabs->addTab(parameters_, tr("Parameters"));
  board_panel_ = new BoardPanel;
  tabs->addTab(board_panel_, tr("Board"));
  tabs->addTab(log_, tr("Log"));
  tabs->setTabToolTip(tabs->indexOf(log_), tr("The firmware's log and the station's messages"));
  // Every tab on show: no scroll arrows hiding the Board tab; the column is at least as wide as
  // the tab bar.
  tabs->setUsesScrollButtons(false);
  // The instruments above the tabs, on show whichever tab is open.
  pfd_ = new PrimaryFlightDisplay;
  auto* side = new QWidget;
  auto* layout = new QVBoxLayout(side);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(pfd_);
  starvation_label_ = new QLabel;
  starvation_label_->setWordWrap(true);
  starvation_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  starvation_label_->setStyleSheet(QStringLiteral("QLabel { color: white; background: #b00020; }"));
  starvation_label_->setMargin(4);
  starvation_label_->setToolTip(FirmwareStarvation::advice());
  starvation_label_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
  starvation_label_->hide();
  layout->addWidget(starvation_label_);
  layout->addWidget(tabs, 1);
  side->setMinimumWidth(tabs->tabBar()->sizeHint().width() + 8);
  return side;
}

void FlyPage::showVehicle(VehicleLink* link) {
  station_->vehicles()->choose(Vehicle::of(link));
  showChosenVehicle();
}

void FlyPage::showChosenVehicle() {
  VehicleLink* link = station_->vehicles()->shown()->link();
  binding_->bind(link);
  instruments_->bind(link);
  listVehicles();
}

void FlyPage::listVehicles() {
  // First the session's own vehicle (SITL's firmware, or the board while its port is open),
  // then every vehicle heard on the autopilot link, by system id.
  VehicleLink* own = station_->vehicles()->active()->link();
  const QString who = own->vehicle().system_id != 0 ? VehicleRoster::describe(own->vehicle()) : tr("no vehicle yet");
  QStringList labels{station_->feed()->source() == FlightSource::Sitl ? tr("SITL: %1").arg(who)
                                                                      : tr("Board: %1").arg(who)};
  int current = 0;
  const QList<VehicleLink*>& heard = station_->autopilots()->link()->roster()->vehicles();
  Vehicle* chosen = station_->vehicles()->chosen();
  for (int i = 0; i < heard.size(); ++i) {
    QString label = VehicleRoster::describe(heard[i]->vehicle());
    if (heard[i]->linkState() == LinkState::Lost) label = tr("%1 (link lost)").arg(label);
    labels << label;
    if (chosen && heard[i] == chosen->link()) current = i + 1;
  }
  QStringList others;
  for (const QString& o : station_->otherSources()) others << tr("Other source, not flown here: %1").arg(o);
  vehicles_panel_->setVehicles(labels, current, others);
}

void FlyPage::onSimulationStarted(const QString& elsewhere) {
  applyWind(wind_panel_->setting());
  // Before a flight: room for its log?
  if (auto warning = station_->recorder()->checkDiskSpace())
    flight_panel_->showMessage(*warning, FlightPanel::MessageLevel::Warning);
  // Another autopilot, or a simulator started elsewhere, flies: this station's firmware does not.
  if (!elsewhere.isEmpty()) flight_panel_->setFirmwareElsewhere(elsewhere);
}

void FlyPage::showRotors(const vsim::VehicleModel& model, const QString& state) {
  instruments_->setFlightAxes(vsim::flightAxes_BF(model));  // the truth on the PFD in the firmware's axes
  plots_->setFlightAxes(vsim::flightAxes_BF(model));        // and on the attitude plot
  rotors_view_->setRotors(
      rotorMarks(model),
      tr("%1: %2 rotors. %3").arg(QString::fromStdString(model.name)).arg(model.rotor_count).arg(state));
}

void FlyPage::showAirframe(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config) {
  const auto flyable = vsim::checkAllocation(model);
  showRotors(model, flyable ? tr("The station gives the firmware this geometry (MIXER 1).")
                            : QString::fromStdString(flyable.error().message));
  std::vector<std::array<double, 2>> rotors;
  rotors.reserve(std::size_t(std::max(model.rotor_count, 0)));
  for (int i = 0; i < model.rotor_count; ++i)
    rotors.push_back({model.rotors[std::size_t(i)].position_B_m.x(), model.rotors[std::size_t(i)].position_B_m.y()});
  plots_->setRotorPositions(rotors);
  view_->setVehicleMesh({});
  view_->setFallbackRotors(rotorGlyphs(model));
  showSceneWorld(view_, config.world);
}

void FlyPage::showMassProperties(const vsim::VehicleModel& model, bool own) {
  showRotors(model, own ? tr("The station gives the firmware this geometry (MIXER 1).")
                        : tr("About the new centre of mass; the station gives the firmware this geometry (MIXER 1)."));
  if (own) view_->setVehicleMesh({});
  view_->setFallbackRotors(rotorGlyphs(model));
}

void FlyPage::showVehicleMesh(const QVector<float>& corners_FLU_m) { view_->setVehicleMesh(corners_FLU_m); }

void FlyPage::applyWind(const WindSetting& setting) {
  const auto& w = setting.wind_NED_mps;
  station_->sitl()->setWind(Eigen::Vector3d(w[0], w[1], w[2]), setting.turbulence_sigma_mps);
}

void FlyPage::drainSamples() {
  takeStarvation();
  const FlightDrain d = station_->feed()->drain();
  // Attitude only (a board reports no position here): at the origin, as the board estimates it.
  if (d.board_attitude_WB_wxyz) showAttitude(view_, *d.board_attitude_WB_wxyz);
  if (!d.world_vehicles.empty()) showOtherVehicles(view_, d.world_vehicles, d.selected_vehicle);
  if (!d.samples.empty()) instruments_->setTruth(d.samples.back());
  instruments_->setStickThrottle(pilot_->enabled() ? pilot_->lastSticks().throttle : PfdReading::kUnknown);
  if (instruments_->takeChanged()) pfd_->setState(instruments_->state());
  if (d.samples.empty()) return;
  plots_->appendSamples(d.samples);
  const TelemetrySample& s = d.samples.back();
  if (!std::isfinite(s.p_W_m[0])) return;  // a board's own reports: no true pose, no wind
  showSamplePose(view_, s);
}

void FlyPage::updateSigning() {
  VehicleSigning* signing = station_->vehicles()->shown()->signing();
  if (!signing) {
    flight_panel_->setSigning(FlightPanel::Signing::NotOffered, tr("not offered for this autopilot"), false);
    return;
  }
  const VehicleSigning::Summary s = signing->summary();
  const auto state = s.state == VehicleSigning::State::Signed     ? FlightPanel::Signing::Signed
                     : s.state == VehicleSigning::State::Refusing ? FlightPanel::Signing::Refusing
                                                                  : FlightPanel::Signing::Unsigned;
  flight_panel_->setSigning(state, s.text, s.can_switch);
}

void FlyPage::updateFigures() {
  instruments_->updateLinkQuality();
  updateSigning();
  const double wall_s = double(figures_clock_.restart()) * 1e-3;
  FlightFigures f = station_->feed()->figures();
  const double now_s = double(page_clock_.elapsed()) * 1e-3;
  updateStarvation();
  const QString hil = takeHilFigures(f, now_s);
  const double cpu_s = threadCpuSeconds();
  const quint64 frames = view_->framesRendered();
  figures_.realtime_factor = f.realtime_factor;
  figures_.overruns = f.overruns;
  figures_.nan_resets = f.nan_resets;
  figures_.samples_lost = f.samples_lost;
  figures_.samples_plotted = plots_->samplesPlotted();
  if (wall_s > 0) {
    figures_.gui_frames_per_s = double(frames - frames_at_last_) / wall_s;
    figures_.gui_cpu_percent = 100.0 * (cpu_s - cpu_s_at_last_) / wall_s;
  }
  frames_at_last_ = frames;
  cpu_s_at_last_ = cpu_s;
  if (f.board_link) {
    const LinkStats& b = *f.board_link;
    board_panel_->setStatisticsText(tr("%1 B in, %2 B out · %3 frames in · %4 CRC errors · %5 B dropped · %6 gaps")
                                        .arg(b.bytes_in)
                                        .arg(b.bytes_out)
                                        .arg(b.frames_in)
                                        .arg(b.crc_errors)
                                        .arg(b.bytes_dropped)
                                        .arg(b.sequence_gaps));
  }
  status_->setText((station_->recorder()->recording() ? tr("● REC · ") : QString()) + hil +
                   tr("sim %1 s · rtf %2 · overruns %3 · NaN resets %4 · samples lost %5 · %6 fps · GUI CPU %7 % · "
                      "link %8 frames, %9 CRC errors")
                       .arg(QLocale().toString(f.sim_time_s, 'f', 1))
                       .arg(QLocale().toString(f.realtime_factor, 'f', 3))
                       .arg(f.overruns)
                       .arg(f.nan_resets)
                       .arg(figures_.samples_lost)
                       .arg(QLocale().toString(figures_.gui_frames_per_s, 'f', 0))
                       .arg(QLocale().toString(figures_.gui_cpu_percent, 'f', 0))
                       .arg(f.shown_link.frames_in)
                       .arg(f.shown_link.crc_errors));
  status_->setToolTip(tr("%1\nOverruns: IMU periods the simulator could not finish by their real-time deadline "
                         "(the lost time is dropped, never caught up).")
                          .arg(f.scheduling.isEmpty() ? tr("The simulator is not running here.") : f.scheduling));
  emit figuresUpdated(figures_);
}

void FlyPage::takeStarvation() {
  // Read at the drain's rate, so none of the simulator's once-a-second reports is missed (each
  // carries the longest gap of its own second); a report read again counts once.
  SitlSession* sitl = station_->sitl();
  if (sitl->worker()->running() && sitl->firmware()->running())
    starvation_.take(double(page_clock_.elapsed()) * 1e-3, sitl->worker()->status());
  else
    starvation_.reset();
}

void FlyPage::updateStarvation() {
  const QString warning = starvation_.text();
  if (!warning.isEmpty() && starvation_label_->isHidden()) appendLog(warning + QLatin1Char(' ') + starvation_.advice());
  starvation_label_->setText(warning);
  starvation_label_->setVisible(!warning.isEmpty());
  // Every line on show at the column's width (a wrapped label's own hint is for another width).
  if (!warning.isEmpty())
    starvation_label_->setMinimumHeight(starvation_label_->heightForWidth(starvation_label_->width()));
}

QString FlyPage::takeHilFigures(FlightFigures& f, double now_s) {
  HilBridge* bridge = station_->hil()->bridge();
  if (!bridge) {
    hil_rate_.reset();
    figures_.hil_exchanges_per_s = 0;
    return {};
  }
  // The board's loop sets the pace of the world on show, not the station's own simulator.
  const HilFigures h = hil_rate_.take(now_s, bridge->exchanges(), bridge->simTimeUs());
  f.sim_time_s = h.sim_time_s;
  f.realtime_factor = h.realtime_factor;
  figures_.hil_exchanges_per_s = h.exchanges_per_s;
  if (!h.valid) return tr("HIL · ");
  board_panel_->setHilRateText(tr("%1\nMeasured: %2 HIL_SENSOR/s, real-time factor %3 (the board's loop).")
                                   .arg(bridge->rateDescription(), QLocale().toString(h.exchanges_per_s, 'f', 0),
                                        QLocale().toString(h.realtime_factor, 'f', 3)));
  return tr("HIL %1 HIL_SENSOR/s · ").arg(QLocale().toString(h.exchanges_per_s, 'f', 0));
}

void FlyPage::restoreSettings() {
  // What the pilot chose last time: wind, camera and where the sticks come from. A value out
  // of range (a hand-edited file) is ignored and the default stays.
  WindSetting wind;
  bool ok[4] = {};
  wind.wind_NED_mps = {settings_.value("fly/windNorth", 0.0).toDouble(&ok[0]),
                       settings_.value("fly/windEast", 0.0).toDouble(&ok[1]),
                       settings_.value("fly/windDown", 0.0).toDouble(&ok[2])};
  wind.turbulence_sigma_mps = settings_.value("fly/turbulenceSigma", 0.0).toDouble(&ok[3]);
  if (ok[0] && ok[1] && ok[2] && ok[3] &&
      std::isfinite(wind.wind_NED_mps[0] + wind.wind_NED_mps[1] + wind.wind_NED_mps[2]) &&
      std::isfinite(wind.turbulence_sigma_mps) && wind.turbulence_sigma_mps >= 0) {
    wind_panel_->setSetting(wind);
    // A wind that comes back from the last session is said, never flown silently.
    const auto& w = wind.wind_NED_mps;
    if (w[0] != 0 || w[1] != 0 || w[2] != 0 || wind.turbulence_sigma_mps != 0) {
      restored_wind_text_ = tr("The wind of the last session is back: %1. Press Calm in the Wind tab for still air.")
                                .arg(describeWind(wind));
      wind_panel_->setNotice(restored_wind_text_);
    }
  }
  const int camera = settings_.value("fly/camera", int(FlightCameraMode::Follow)).toInt();
  if (camera >= int(FlightCameraMode::Follow) && camera <= int(FlightCameraMode::Observer))
    view_->setCameraMode(FlightCameraMode(camera));
  connect(view_, &FlightView3D::cameraModeChanged, this,
          [this](FlightCameraMode m) { settings_.setValue("fly/camera", int(m)); });
  connect(wind_panel_, &WindPanel::settingChanged, this, [this](const WindSetting& w) {
    settings_.setValue("fly/windNorth", w.wind_NED_mps[0]);
    settings_.setValue("fly/windEast", w.wind_NED_mps[1]);
    settings_.setValue("fly/windDown", w.wind_NED_mps[2]);
    settings_.setValue("fly/turbulenceSigma", w.turbulence_sigma_mps);
  });
}

void FlyPage::setHil(bool run) {
  if (!run) {
    station_->hil()->stop();
    return;
  }
  const QString error = station_->startHil();
  if (!error.isEmpty()) board_panel_->setStateText(error);
}

void FlyPage::appendLog(const QString& line) { log_->appendPlainText(line); }

bool FlyPage::eventFilter(QObject* watched, QEvent* event) {
  // Flying keys reach the pilot input only when the keyboard is the source and
  // keyboardSticksMayTakeKeys() allows it, here or on the page set by setKeysAlsoFlyOn: never
  // while a text field, spin box, combo, list or
  // dialog has the focus, nor from another window. The rule does not depend on `watched`, so a
  // key event seen again on its way from the window to the focus widget is judged the same.
  if (pilot_->source() != joystick::PilotInputSource::Source::Keyboard) return QWidget::eventFilter(watched, event);
  if (event->type() == QEvent::KeyPress || event->type() == QEvent::KeyRelease) {
    auto* key = static_cast<QKeyEvent*>(event);
    const bool press = event->type() == QEvent::KeyPress;
    if (keyboardSticksMayTakeKeys(*this) || (keys_also_on_ && keyboardSticksMayTakeKeys(*keys_also_on_))) {
      if (pilot_->keyEvent(key->key(), press, key->isAutoRepeat())) return true;
    } else if (!press && !key->isAutoRepeat()) {
      pilot_->keyEvent(key->key(), false);  // a held key let go wherever the focus went; the event goes on
    }
  } else if (event->type() == QEvent::WindowDeactivate && watched == window()) {
    pilot_->releaseAllKeys();  // the releases will go to another window or application
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace navigator
