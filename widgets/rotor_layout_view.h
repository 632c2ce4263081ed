// RotorLayoutView: the vehicle's rotors seen from above, as Betaflight Configurator's motor tab
// shows them — each rotor at its place about the centre of mass (forward up the widget, right to
// the right), its number (1-based, the motor output it is driven by), an arrow for the way it
// spins, and a line saying which allocation the vehicle flies with. Takes plain
// values. GUI thread only.
#pragma once

#include <QPointF>
#include <QString>
#include <QVector>
#include <QWidget>

namespace navigator {

struct RotorMark {
  double forward_m = 0.0, right_m = 0.0;  // position from the centre of mass, body axes (FRD)
  bool ccw = true;                        // counter-clockwise seen from above
  bool thrusts_up = true;                 // false: its thrust axis is not body up (drawn hollow)
};

class RotorLayoutView : public QWidget {
  Q_OBJECT
 public:
  explicit RotorLayoutView(QWidget* parent = nullptr);

  // The rotors to draw and the line under them ("hex_550: 6 rotors, allocated from this
  // geometry (MIXER 1)"); none: "No airframe".
  void setRotors(const QVector<RotorMark>& rotors, const QString& caption);
  const QVector<RotorMark>& rotors() const { return rotors_; }
  QString caption() const { return caption_; }
  // Where rotor `index` (0-based) is drawn, in widget pixels: what a test clicks or compares.
  QPointF rotorCentre(int index) const;

  QSize sizeHint() const override { return {320, 320}; }
  QSize minimumSizeHint() const override { return {200, 200}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  double scale() const;       // pixels per metre that fits every rotor with its disc
  double discRadius() const;  // pixels
  QPointF centre() const;

  QVector<RotorMark> rotors_;
  QString caption_;
};

}  // namespace navigator
