#include "app/link/param_metadata_fetch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace navigator {

ParamMetadataFetch::ParamMetadataFetch(VehicleLink* link, QObject* parent)
    : QObject(parent), link_(link), download_([this](const ftp::Packet& p) {
        if (!link_ || !link_->connection()) return;
        link_->connection()->send(ftp::message(p, link_->vehicle().system_id, link_->vehicle().component_id));
      }) {
  if (link_->connection())
    connect(link_->connection(), &MavlinkConnection::frameReceived, this, &ParamMetadataFetch::onFrame);
  setClock(nullptr);
}

ParamMetadataFetch::~ParamMetadataFetch() = default;

void ParamMetadataFetch::setClock(TickClock* clock) {
  if (clock_) disconnect(clock_, &TickClock::tick, this, &ParamMetadataFetch::onTick);
  if (!clock) {
    if (!own_clock_) own_clock_ = std::make_unique<SteadyTickClock>(kTickMs);
    clock = own_clock_.get();
  }
  clock_ = clock;
  connect(clock_, &TickClock::tick, this, &ParamMetadataFetch::onTick);
  if (busy()) clock_->start();
}

QString ParamMetadataFetch::ftpPath(const QString& uri) {
  if (!uri.startsWith(QLatin1String("mftp://"))) return {};
  QString path = uri.mid(7);
  if (path.startsWith(QLatin1String("[;comp="))) path = path.mid(path.indexOf(QLatin1Char(']')) + 1);
  return path;
}

QString ParamMetadataFetch::parameterUriIn(const QByteArray& general_json, QString* error) {
  QJsonParseError parse{};
  const QJsonDocument doc = QJsonDocument::fromJson(general_json, &parse);
  if (parse.error != QJsonParseError::NoError || !doc.object().value("metadataTypes").isArray()) {
    *error = parse.error != QJsonParseError::NoError
                 ? tr("not JSON (%1 at byte %2)").arg(parse.errorString()).arg(parse.offset)
                 : tr("no \"metadataTypes\" list");
    return {};
  }
  for (const auto& v : doc.object().value("metadataTypes").toArray())
    if (v.toObject().value("type").toInt(-1) == kTypeParameter) {
      QString uri = v.toObject().value("uri").toString();
      if (uri.isEmpty()) *error = tr("the parameter metadata's entry has no \"uri\"");
      return uri;
    }
  *error = tr("it lists no parameter metadata (type %1)").arg(kTypeParameter);
  return {};
}

void ParamMetadataFetch::start() {
  params_.clear();
  error_.clear();
  uri_.clear();
  parameter_uri_.clear();
  if (!link_ || link_->vehicle().system_id == 0) {
    fail(tr("Parameter metadata: no vehicle is connected."));
    return;
  }
  request_tries_ = 0;
  setState(State::Requesting);
  sendRequest();
}

void ParamMetadataFetch::sendRequest() {
  ++request_tries_;
  requested_at_ms_ = clock_->nowMs();
  mavlink_command_long_t m{};
  m.target_system = link_->vehicle().system_id;
  m.target_component = link_->vehicle().component_id;
  m.command = 512;  // MAV_CMD_REQUEST_MESSAGE
  m.param1 = float(kComponentMetadataId);
  if (link_->connection()) link_->connection()->send(m);
}

void ParamMetadataFetch::onFrame(const mavlink_frame_t& frame) {
  if (!link_ || frame.sysid != link_->vehicle().system_id || frame.sysid == 0) return;
  if (mavlink_component_metadata_t m; state_ == State::Requesting && mavlink_component_metadata_decode(&frame, &m)) {
    uri_ = QString::fromLatin1(m.uri, qsizetype(strnlen(m.uri, sizeof m.uri)));
    fetch(uri_, State::General);
  } else if (mavlink_file_transfer_protocol_t f; mavlink_file_transfer_protocol_decode(&frame, &f)) {
    if (f.target_system != MavlinkConnection::kGcsSystemId && f.target_system != 0) return;
    if (download_.onReply(ftp::decode(f.payload), clock_->nowMs()) && download_.finished()) fileArrived();
  }
}

void ParamMetadataFetch::onTick() {
  if (state_ == State::Requesting && clock_->nowMs() - requested_at_ms_ >= kRequestRetryMs) {
    if (request_tries_ >= kRequestTries)
      fail(tr("Parameter metadata: the vehicle did not answer the request for COMPONENT_METADATA (%1 tries); "
              "the values are shown without metadata.")
               .arg(kRequestTries));
    else
      sendRequest();
  } else if (state_ == State::General || state_ == State::Parameters) {
    download_.tick(clock_->nowMs());
    if (download_.finished()) fileArrived();
  }
}

void ParamMetadataFetch::fetch(const QString& uri, State next) {
  const QString path = ftpPath(uri);
  if (path.isEmpty()) {
    fail(tr("Parameter metadata: the vehicle points to %1, not a file on the vehicle (mftp://); the station reads "
            "only from the vehicle, so the values are shown without metadata.")
             .arg(uri));
    return;
  }
  setState(next);
  if (!download_.start(path.toStdString(), clock_->nowMs())) fileArrived();
}

void ParamMetadataFetch::fileArrived() {
  const QString uri = state_ == State::General ? uri_ : parameter_uri_;
  if (download_.state() == ftp::Download::State::Failed) {
    fail(tr("Parameter metadata: reading %1 from the vehicle failed: %2; the values are shown without metadata.")
             .arg(uri, QString::fromStdString(download_.error())));
    return;
  }
  QByteArray bytes(reinterpret_cast<const char*>(download_.bytes().data()), qsizetype(download_.bytes().size()));
  if (uri.endsWith(QLatin1String(".xz"))) {
    QString why;
    const auto unpacked = xzDecompress(bytes, &why);
    if (!unpacked) {
      fail(tr("Parameter metadata: %1 from the vehicle is corrupt (%2); the values are shown without metadata.")
               .arg(uri, why));
      return;
    }
    bytes = *unpacked;
  }
  if (state_ == State::General) {
    QString why;
    parameter_uri_ = parameterUriIn(bytes, &why);
    if (parameter_uri_.isEmpty()) {
      fail(tr("Parameter metadata: %1 from the vehicle: %2; the values are shown without metadata.").arg(uri, why));
      return;
    }
    fetch(parameter_uri_, State::Parameters);
    return;
  }
  ParamMetadataLoad load = parsePx4ParamMetadata(bytes, tr("%1 from the vehicle").arg(uri));
  if (!load.error.isEmpty()) {
    fail(tr("Parameter metadata: %1").arg(load.error));
    return;
  }
  params_ = std::move(load.params);
  setState(State::Done);
  emit finished(
      true,
      tr("Parameter metadata from the vehicle (%1): %n parameters described.", nullptr, int(params_.size())).arg(uri));
}

void ParamMetadataFetch::fail(const QString& message) {
  error_ = message;
  params_.clear();
  setState(State::Failed);
  emit finished(false, message);
}

void ParamMetadataFetch::setState(State s) {
  state_ = s;
  if (busy())
    clock_->start();
  else
    clock_->stop();
}

}  // namespace navigator
