// MavlinkInspector: a window listing every system, component and message the station hears on
// any of its links — the autopilot link (every frame, messages the codec does not know
// included, from AutopilotLink's raw frame scanner), the station's own SITL link and the board
// link (the frames their codec delivers) —, each message with its rate (Hz over MessageStats'
// window), its count and, for the one selected, its last fields decoded (the codec's table)
// or its raw bytes in hex. Freeze holds what is shown (counting goes on) until pressed again.
// The view is refreshed on its TickClock's ticks (its own, every 500 ms, or one a test drives).
// Thread contract: GUI thread; frames from a connection on another thread arrive queued.
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/message_stats.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace navigator {

class AutopilotLink;
class MavlinkConnection;
class Station;

class MavlinkInspector : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kRefreshMs = 500;
  // `clock`: not owned; null: its own, ticking every kRefreshMs while shown.
  explicit MavlinkInspector(TickClock* clock = nullptr, QWidget* parent = nullptr);

  // Frames the codec delivers on `connection`, listed under `link` ("SITL link").
  void addConnection(const QString& link, MavlinkConnection* connection);
  // Every frame on an autopilot link, unknown messages included.
  void addAutopilotLink(const QString& link, AutopilotLink* autopilots);
  // One frame heard on `link`, now on the inspector's clock.
  void takeFrame(const QString& link, const navigator::RawFrame& frame);

  // The window for `station`'s links, made on first use (a child of `parent`), shown and raised.
  static MavlinkInspector* showFor(Station* station, QWidget* parent);

  QTreeWidget* tree() const { return tree_; }
  QTableWidget* fields() const { return fields_; }
  QPushButton* freezeButton() const { return freeze_; }
  const MessageStats& stats() const { return stats_; }
  void refresh();  // the view from the statistics now (what a tick does unless frozen)

 protected:
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  QTreeWidgetItem* sourceItem(const MessageKey& key);
  void showFields();

  SteadyTickClock own_clock_{kRefreshMs};
  TickClock* clock_;
  MessageStats stats_;
  QTreeWidget* tree_ = nullptr;
  QTableWidget* fields_ = nullptr;
  QPushButton* freeze_ = nullptr;
  QLabel* summary_ = nullptr;
  QHash<QString, QTreeWidgetItem*> sources_;  // "link/sysid/compid"
  std::map<MessageKey, QTreeWidgetItem*> items_;
};

}  // namespace navigator
