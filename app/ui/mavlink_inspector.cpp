#include "app/ui/mavlink_inspector.h"

#include "app/core/station.h"
#include "app/link/autopilot_link.h"
#include "app/link/mavlink_connection.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace navigator {
namespace {

enum Column { kName, kRate, kCount };
constexpr int kKeyRole = Qt::UserRole;  // on a message item: its key (link, system, component, message id)

QString sourceText(const MessageKey& k) {
  return MavlinkInspector::tr("%1 · system %2 · component %3").arg(k.link).arg(k.sysid).arg(k.compid);
}

}  // namespace

MavlinkInspector::MavlinkInspector(TickClock* clock, QWidget* parent)
    : QWidget(parent), clock_(clock ? clock : &own_clock_) {
  qRegisterMetaType<RawFrame>();
  setWindowTitle(tr("MAVLink Inspector"));
  tree_ = new QTreeWidget;
  tree_->setObjectName(QStringLiteral("inspectorTree"));
  tree_->setHeaderLabels({tr("System / message"), tr("Rate [Hz]"), tr("Count")});
  tree_->header()->setSectionResizeMode(kName, QHeaderView::Stretch);
  fields_ = new QTableWidget(0, 2);
  fields_->setObjectName(QStringLiteral("inspectorFields"));
  fields_->setHorizontalHeaderLabels({tr("Field"), tr("Value")});
  fields_->horizontalHeader()->setStretchLastSection(true);
  fields_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  freeze_ = new QPushButton(tr("Freeze"));
  freeze_->setCheckable(true);
  freeze_->setToolTip(tr("Hold what is shown to read it; frames are still counted"));
  summary_ = new QLabel;
  auto* split = new QSplitter;
  split->addWidget(tree_);
  split->addWidget(fields_);
  auto* bar = new QHBoxLayout;
  bar->addWidget(summary_, 1);
  bar->addWidget(freeze_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(split, 1);
  resize(900, 560);

  connect(clock_, &TickClock::tick, this, [this] {
    if (!freeze_->isChecked()) refresh();
  });
  connect(freeze_, &QPushButton::toggled, this, [this](bool frozen) {
    freeze_->setText(frozen ? tr("Frozen: press to go on") : tr("Freeze"));
    if (!frozen) refresh();
  });
  connect(tree_, &QTreeWidget::currentItemChanged, this, &MavlinkInspector::showFields);
  refresh();
}

void MavlinkInspector::addConnection(const QString& link, MavlinkConnection* connection) {
  connect(connection, &MavlinkConnection::frameReceived, this, [this, link](const mavlink_frame_t& f) {
    RawFrame raw;
    raw.version = f.version;
    raw.sysid = f.sysid;
    raw.compid = f.compid;
    raw.seq = f.seq;
    raw.msgid = f.msgid;
    raw.payload = QByteArray(reinterpret_cast<const char*>(f.payload), f.length);
    raw.checked = true;
    takeFrame(link, raw);
  });
}

void MavlinkInspector::addAutopilotLink(const QString& link, AutopilotLink* autopilots) {
  connect(autopilots, &AutopilotLink::rawFrameReceived, this,
          [this, link](const RawFrame& frame) { takeFrame(link, frame); });
}

void MavlinkInspector::takeFrame(const QString& link, const RawFrame& frame) {
  stats_.add(link, frame, clock_->nowMs());
}

MavlinkInspector* MavlinkInspector::showFor(Station* station, QWidget* parent) {
  auto* inspector = parent->findChild<MavlinkInspector*>();
  if (!inspector) {
    inspector = new MavlinkInspector(nullptr, parent);
    inspector->setWindowFlag(Qt::Window);
    inspector->addAutopilotLink(tr("Autopilot link"), station->autopilots()->link());
    inspector->addConnection(tr("SITL link"), station->sitl()->connection());
    inspector->addConnection(tr("Board link"), station->board()->connection());
  }
  inspector->show();
  inspector->raise();
  inspector->activateWindow();
  return inspector;
}

QTreeWidgetItem* MavlinkInspector::sourceItem(const MessageKey& key) {
  const QString id = QStringLiteral("%1/%2/%3").arg(key.link).arg(key.sysid).arg(key.compid);
  QTreeWidgetItem*& item = sources_[id];
  if (!item) {
    item = new QTreeWidgetItem(tree_, {sourceText(key)});
    item->setExpanded(true);
  }
  return item;
}

void MavlinkInspector::refresh() {
  const std::int64_t now = clock_->nowMs();
  std::uint64_t frames = 0;
  for (const auto& [key, entry] : stats_.entries()) {
    QTreeWidgetItem*& item = items_[key];
    if (!item) {
      item = new QTreeWidgetItem(sourceItem(key),
                                 {MessageStats::messageName(key.msgid) + QStringLiteral(" (%1)").arg(key.msgid)});
      item->setData(kName, kKeyRole,
                    QVariant::fromValue(QStringList{key.link, QString::number(key.sysid), QString::number(key.compid),
                                                    QString::number(key.msgid)}));
      item->setTextAlignment(kRate, Qt::AlignRight);
      item->setTextAlignment(kCount, Qt::AlignRight);
    }
    item->setText(kRate, QString::number(stats_.rateHz(entry, now), 'f', 1));
    item->setText(kCount, QString::number(entry.count));
    frames += entry.count;
  }
  summary_->setText(
      tr("%n message(s) from %1 source(s); %2 frames", nullptr, int(items_.size())).arg(sources_.size()).arg(frames));
  showFields();
}

void MavlinkInspector::showFields() {
  fields_->setRowCount(0);
  const QTreeWidgetItem* item = tree_->currentItem();
  if (!item || !item->data(kName, kKeyRole).isValid()) return;
  const QStringList k = item->data(kName, kKeyRole).toStringList();
  const MessageKey key{k[0], std::uint8_t(k[1].toUInt()), std::uint8_t(k[2].toUInt()), k[3].toUInt()};
  const auto found = stats_.entries().find(key);
  if (found == stats_.entries().end()) return;
  QList<QPair<QString, QString>> rows = MessageStats::decodeFields(key.msgid, found->second.last_payload);
  if (rows.isEmpty())  // a message the codec does not know: its bytes
    rows.append({found->second.checked ? tr("payload (hex; checksum verified)") : tr("payload (hex; not verifiable)"),
                 MessageStats::hex(found->second.last_payload)});
  fields_->setRowCount(int(rows.size()));
  for (int r = 0; r < rows.size(); ++r) {
    fields_->setItem(r, 0, new QTableWidgetItem(rows[r].first));
    fields_->setItem(r, 1, new QTableWidgetItem(rows[r].second));
  }
}

void MavlinkInspector::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  clock_->start();
}

void MavlinkInspector::hideEvent(QHideEvent* event) {
  QWidget::hideEvent(event);
  if (clock_ == &own_clock_) own_clock_.stop();
}

}  // namespace navigator
