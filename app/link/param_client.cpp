#include "app/link/param_client.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace navigator {
namespace {

QString idText(const char (&id)[16]) { return QString::fromLatin1(id, qsizetype(strnlen(id, sizeof id))); }

// Copies a name into a fixed MAVLink id field, which is not terminated when 16 long.
void putId(char (&field)[16], const QString& name) {
  const QByteArray bytes = name.toLatin1();
  std::memset(field, 0, sizeof field);
  std::memcpy(field, bytes.constData(), std::min<std::size_t>(std::size_t(bytes.size()), sizeof field));
}

QString number(double value, bool integer) {
  return integer ? QString::number(std::llround(value)) : QString::number(value, 'g', 7);
}

// The range an integer MAV_PARAM_TYPE can carry.
std::pair<double, double> integerRange(std::uint8_t type) {
  switch (type) {
    case ParamClient::kTypeUint8:
      return {0, 255};
    case ParamClient::kTypeInt8:
      return {-128, 127};
    case ParamClient::kTypeUint16:
      return {0, 65535};
    case ParamClient::kTypeInt16:
      return {-32768, 32767};
    case ParamClient::kTypeUint32:
      return {0, 4294967295.0};
    default:
      return {-2147483648.0, 2147483647.0};
  }
}

}  // namespace

QString ParamValue::text() const { return number(value, isInteger()); }

ParamClient::ParamClient(MavlinkConnection* connection, const LinkTimings& timings, QObject* parent)
    : QObject(parent), connection_(connection), timings_(timings) {
  qRegisterMetaType<ParamValue>();
  list_timer_.setSingleShot(true);
  set_timer_.setSingleShot(true);
  connect(&list_timer_, &QTimer::timeout, this, &ParamClient::onListTimer);
  connect(&set_timer_, &QTimer::timeout, this, &ParamClient::onSetTimer);
  connect(connection_, &MavlinkConnection::frameReceived, this, &ParamClient::onFrame);
}

void ParamClient::setTarget(std::uint8_t system_id, std::uint8_t component_id) {
  target_system_ = system_id;
  target_component_ = component_id;
}

float ParamClient::encode(std::uint8_t mav_type, double value) {
  if (mav_type < kTypeUint8 || mav_type > kTypeInt32) return float(value);
  unsigned char bytes[4] = {0, 0, 0, 0};
  const auto put = [&](auto v) { std::memcpy(bytes, &v, sizeof v); };
  switch (mav_type) {
    case kTypeUint8:
      put(std::uint8_t(value));
      break;
    case kTypeInt8:
      put(std::int8_t(value));
      break;
    case kTypeUint16:
      put(std::uint16_t(value));
      break;
    case kTypeInt16:
      put(std::int16_t(value));
      break;
    case kTypeUint32:
      put(std::uint32_t(value));
      break;
    default:
      put(std::int32_t(value));
      break;
  }
  float field;
  std::memcpy(&field, bytes, sizeof field);
  return field;
}

double ParamClient::decode(std::uint8_t mav_type, float field) {
  unsigned char bytes[4];
  std::memcpy(bytes, &field, sizeof bytes);
  const auto get = [&](auto v) {
    std::memcpy(&v, bytes, sizeof v);
    return double(v);
  };
  switch (mav_type) {
    case kTypeUint8:
      return get(std::uint8_t{});
    case kTypeInt8:
      return get(std::int8_t{});
    case kTypeUint16:
      return get(std::uint16_t{});
    case kTypeInt16:
      return get(std::int16_t{});
    case kTypeUint32:
      return get(std::uint32_t{});
    case kTypeInt32:
      return get(std::int32_t{});
    default:
      return double(field);
  }
}

bool ParamClient::complete() const { return total_ > 0 && received() == total_; }

int ParamClient::received() const {
  int n = 0;
  for (const auto& p : table_) n += p.has_value();
  return n;
}

QList<ParamValue> ParamClient::params() const {
  QList<ParamValue> out;
  for (const auto& p : table_)
    if (p) out.append(*p);
  return out;
}

std::optional<ParamValue> ParamClient::param(const QString& name) const {
  for (const auto& p : table_)
    if (p && p->name == name) return p;
  return std::nullopt;
}

void ParamClient::requestAll() {
  if (target_system_ == 0) {
    emit listFailed(tr("Cannot read the parameters: no vehicle connected"));
    return;
  }
  table_.clear();
  total_ = 0;
  listing_ = true;
  list_sends_ = 0;
  read_rounds_ = 0;
  sendList();
}

void ParamClient::sendList() {
  ++list_sends_;
  mavlink_param_request_list_t r{};
  r.target_system = target_system_;
  r.target_component = target_component_;
  list_timer_.start(timings_.param_retry_ms);  // before sending: the answer may come synchronously
  connection_->send(r);
}

void ParamClient::sendRead(int index) {
  mavlink_param_request_read_t r{};
  r.target_system = target_system_;
  r.target_component = target_component_;
  r.param_index = std::int16_t(index);
  connection_->send(r);
}

QString ParamClient::missingText() const {
  QStringList missing;
  for (int i = 0; i < total_; ++i)
    if (!table_[std::size_t(i)]) missing << QString::number(i);
  return missing.join(QStringLiteral(", "));
}

void ParamClient::onListTimer() {
  if (!listing_) return;
  if (total_ == 0) {
    if (list_sends_ < timings_.param_tries)
      sendList();
    else
      failList(tr("No answer to the parameter list request after %n tries", nullptr, list_sends_));
    return;
  }
  if (read_rounds_ >= timings_.param_tries) {
    failList(tr("Parameter list incomplete: %1 of %2 received; indices %3 still missing after %n re-reads", nullptr,
                read_rounds_)
                 .arg(received())
                 .arg(total_)
                 .arg(missingText()));
    return;
  }
  ++read_rounds_;
  list_timer_.start(timings_.param_retry_ms);
  for (int i = 0; i < total_ && listing_; ++i)
    if (!table_[std::size_t(i)]) sendRead(i);
}

void ParamClient::failList(const QString& message) {
  listing_ = false;
  list_timer_.stop();
  emit listFailed(message);
}

void ParamClient::onFrame(const mavlink_frame_t& frame) {
  if (target_system_ == 0 || frame.sysid != target_system_) return;
  // Another component of the vehicle (a camera, a gimbal) has parameters of its own.
  if (target_component_ != 0 && frame.compid != target_component_) return;
  mavlink_param_value_t value;
  if (mavlink_param_value_decode(&frame, &value)) {
    onValue(value);
    return;
  }
  mavlink_statustext_t text;
  if (!sets_.empty() && mavlink_statustext_decode(&frame, &text)) {
    const QString line = QString::fromUtf8(text.text, qsizetype(strnlen(text.text, sizeof text.text)));
    if (line.contains(sets_.front().name)) sets_.front().reason = line;
  }
}

void ParamClient::onValue(const mavlink_param_value_t& m) {
  ParamValue v;
  v.name = idText(m.param_id);
  v.mav_type = m.param_type;
  v.value = decode(m.param_type, m.param_value);
  if (m.param_count > 0 && m.param_count != 65535 && int(m.param_count) != total_) {
    total_ = m.param_count;
    table_.resize(std::size_t(total_));
  }
  v.index = m.param_index < total_ ? int(m.param_index) : -1;
  if (v.index < 0)  // an echo outside the list (index 65535): find it by name
    for (std::size_t i = 0; i < table_.size(); ++i)
      if (table_[i] && table_[i]->name == v.name) v.index = int(i);
  if (v.index >= 0) table_[std::size_t(v.index)] = v;
  emit paramUpdated(v);

  if (!sets_.empty() && sets_.front().name == v.name) judgeSet(v);

  if (listing_) {
    emit progress(received(), total_);
    if (complete()) {
      listing_ = false;
      list_timer_.stop();
      emit listComplete(total_);
    } else {
      list_timer_.start(read_rounds_ > 0 ? timings_.param_retry_ms : timings_.param_list_gap_ms);
    }
  }
}

void ParamClient::judgeSet(const ParamValue& v) {
  const PendingSet& s = sets_.front();
  const bool same = v.isInteger() ? std::llround(s.value) == std::llround(v.value) : float(s.value) == float(v.value);
  if (same) {
    finishSet(true, tr("%1 = %2").arg(v.name, v.text()));
    return;
  }
  // During a list download a different value may be the list's, sent before the set took
  // effect: only a value outside a download is the echo of a refusal (a retry brings one).
  if (listing_) return;
  QString message = tr("%1 = %2 refused, vehicle kept %3").arg(v.name, number(s.value, v.isInteger()), v.text());
  if (!s.reason.isEmpty()) message += QStringLiteral(" (%1)").arg(s.reason);
  finishSet(false, message);
}

void ParamClient::setParam(const QString& name, double value) {
  QString problem;
  const std::optional<ParamValue> known = param(name);
  if (target_system_ == 0)
    problem = tr("%1: no vehicle connected").arg(name);
  else if (name.toLatin1().size() > 16)
    problem = tr("%1: a parameter name has at most 16 characters").arg(name);
  else if (!known)
    problem = tr("%1: unknown parameter (read the parameter list first)").arg(name);
  else if (!std::isfinite(value))
    problem = tr("%1: the value is not a finite number").arg(name);
  else if (known->isInteger() && value != std::floor(value))
    problem = tr("%1 is an integer parameter; %2 is not a whole number").arg(name).arg(value);
  else if (known->isInteger() &&
           (value < integerRange(known->mav_type).first || value > integerRange(known->mav_type).second))
    problem = tr("%1: %2 does not fit the parameter's integer type").arg(name).arg(value);
  if (!problem.isEmpty()) {
    emit setFinished(name, false, problem);
    return;
  }
  sets_.push_back(PendingSet{name, value, known->mav_type, 0, {}});
  if (sets_.size() == 1) transmitSet();
}

void ParamClient::transmitSet() {
  PendingSet& s = sets_.front();
  ++s.tries;
  mavlink_param_set_t m{};
  m.target_system = target_system_;
  m.target_component = target_component_;
  putId(m.param_id, s.name);
  m.param_type = s.mav_type;
  m.param_value = encode(s.mav_type, s.value);
  set_timer_.start(timings_.param_retry_ms);  // before sending: the echo may come synchronously
  connection_->send(m);
}

void ParamClient::onSetTimer() {
  if (sets_.empty()) return;
  const PendingSet& s = sets_.front();
  if (s.tries < timings_.param_tries)
    transmitSet();
  else
    finishSet(false, tr("%1: no answer from the vehicle after %n tries", nullptr, s.tries).arg(s.name));
}

void ParamClient::finishSet(bool ok, const QString& message) {
  set_timer_.stop();
  const QString name = sets_.front().name;
  sets_.pop_front();
  if (!sets_.empty()) transmitSet();
  emit setFinished(name, ok, message);
}

}  // namespace navigator
