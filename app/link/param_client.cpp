#include "app/link/param_client.h"

#include "app/link/autopilot_dialect.h"
#include "firmware/protocol/vayu_protocol.h"

#include <algorithm>
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

QString ParamValue::text() const {
  if (!readable) return ParamClient::tr("unreadable (type %1)").arg(ParamClient::typeName(mav_type));
  return approximate ? QStringLiteral("\u2248") + number(value, true) : number(value, isInteger());
}

QString ParamClient::typeName(std::uint8_t mav_type) {
  static const char* const names[] = {nullptr, "UINT8",  "INT8",  "UINT16", "INT16", "UINT32",
                                      "INT32", "UINT64", "INT64", "REAL32", "REAL64"};
  if (mav_type >= 1 && mav_type <= 10) return QString::fromLatin1(names[mav_type]);
  return tr("type %1").arg(mav_type);
}

std::optional<ParamEncoding> ParamClient::declaredEncoding(std::uint64_t capabilities) {
  const bool bytewise = capabilities & mav::kCapabilityParamEncodeBytewise;
  const bool c_cast = capabilities & mav::kCapabilityParamEncodeCCast;
  if (bytewise && !c_cast) return ParamEncoding::Bytewise;
  if (c_cast && !bytewise) return ParamEncoding::CCast;
  if (!bytewise && !c_cast && (capabilities & mav::kCapabilityParamFloat)) return ParamEncoding::CCast;
  return std::nullopt;
}

ParamEncoding ParamClient::encodingForAutopilot(std::uint8_t mav_autopilot) {
  return mav_autopilot == mav::kAutopilotArduPilotMega ? ParamEncoding::CCast : ParamEncoding::Bytewise;
}

float ParamClient::encode(ParamEncoding encoding, std::uint8_t mav_type, double value) {
  return encoding == ParamEncoding::CCast ? float(value) : encode(mav_type, value);
}

double ParamClient::decode(ParamEncoding encoding, std::uint8_t mav_type, float field) {
  if (encoding == ParamEncoding::Bytewise || mav_type < kTypeUint8 || mav_type > kTypeInt32)
    return decode(mav_type, field);
  if (!std::isfinite(field)) return 0.0;
  // A whole number as cast, within the type: a float beyond 2^24 may round past its end
  // (INT32's 2147483647 travels as 2147483648).
  const auto [low, high] = integerRange(mav_type);
  return std::clamp(std::round(double(field)), low, high);
}

ParamClient::ParamClient(MavlinkConnection* connection, const LinkTimings& timings, QObject* parent)
    : QObject(parent), connection_(connection), timings_(timings) {
  qRegisterMetaType<ParamValue>();
  qRegisterMetaType<ParamEncoding>();
  list_timer_.setSingleShot(true);
  set_timer_.setSingleShot(true);
  connect(&list_timer_, &QTimer::timeout, this, &ParamClient::onListTimer);
  connect(&set_timer_, &QTimer::timeout, this, &ParamClient::onSetTimer);
  connect(connection_, &MavlinkConnection::frameReceived, this, &ParamClient::onFrame);
}

void ParamClient::setTarget(std::uint8_t system_id, std::uint8_t component_id) {
  if (system_id != target_system_) {  // another vehicle: what the last one said does not hold
    declared_.reset();
    heartbeat_autopilot_.reset();
  }
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

void ParamClient::setDeclaredCapabilities(std::uint64_t capabilities) {
  declared_ = declaredEncoding(capabilities);
  if (declared_) {
    applyEncoding(*declared_, *declared_ == ParamEncoding::CCast
                                  ? tr("C cast, as the vehicle's AUTOPILOT_VERSION declares")
                                  : tr("bytewise, as the vehicle's AUTOPILOT_VERSION declares"));
  } else if (heartbeat_autopilot_) {
    const ParamEncoding e = encodingForAutopilot(*heartbeat_autopilot_);
    applyEncoding(e, tr("%1 by its autopilot (HEARTBEAT); AUTOPILOT_VERSION declares no single encoding "
                        "(capabilities 0x%2)")
                         .arg(e == ParamEncoding::CCast ? tr("C cast") : tr("bytewise"))
                         .arg(capabilities, 0, 16));
  }
}

void ParamClient::onHeartbeat(const mavlink_frame_t& frame) {
  mavlink_heartbeat_t h;
  mavlink_heartbeat_decode(&frame, &h);
  if (h.type == MAV_TYPE_GCS || h.autopilot == MAV_AUTOPILOT_INVALID) return;
  setAutopilot(h.autopilot);
}

void ParamClient::setAutopilot(std::uint8_t mav_autopilot) {
  if (heartbeat_autopilot_ == mav_autopilot) return;
  heartbeat_autopilot_ = mav_autopilot;
  if (declared_) return;  // the declaration wins over the guess
  const ParamEncoding e = encodingForAutopilot(mav_autopilot);
  applyEncoding(e, e == ParamEncoding::CCast ? tr("C cast, as ArduPilot's (HEARTBEAT autopilot %1)").arg(mav_autopilot)
                                             : tr("bytewise (HEARTBEAT autopilot %1)").arg(mav_autopilot));
}

// Takes the encoding; values already received are decoded again from their fields.
void ParamClient::applyEncoding(ParamEncoding encoding, const QString& reason) {
  const bool changed = encoding != encoding_ || reason != encoding_reason_;
  const bool redecode = encoding != encoding_;
  encoding_ = encoding;
  encoding_reason_ = reason;
  if (redecode)
    for (auto& p : table_) {
      if (!p || !p->readable || !p->isInteger()) continue;
      p->value = decode(encoding_, p->mav_type, p->wire);
      p->approximate = encoding_ == ParamEncoding::CCast && std::abs(p->value) >= kCCastExactLimit;
      emit paramUpdated(*p);
    }
  if (changed) emit encodingChanged(encoding_, encoding_reason_);
}

void ParamClient::onFrame(const mavlink_frame_t& frame) {
  if (target_system_ == 0 || frame.sysid != target_system_) return;
  if (frame.msgid == MAVLINK_MSG_ID_HEARTBEAT) {
    onHeartbeat(frame);
    return;
  }
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

bool ParamClient::checkValue(const mavlink_param_value_t& m, const QString& name) {
  QString problem;
  const bool carried = (m.param_type >= kTypeUint8 && m.param_type <= kTypeInt32) || m.param_type == kTypeReal32;
  if (!carried)
    problem = tr("%1: the vehicle sent a value of type %2, which PARAM_VALUE's 4-byte field cannot carry; "
                 "not taken")
                  .arg(name, typeName(m.param_type));
  else if (!std::isfinite(m.param_value) && (m.param_type == kTypeReal32 || encoding_ == ParamEncoding::CCast))
    problem = tr("%1: the vehicle sent a value that is not a number; not taken").arg(name);
  if (problem.isEmpty()) return true;
  emit paramProblem(name, problem);
  return false;
}

void ParamClient::onValue(const mavlink_param_value_t& m) {
  ParamValue v;
  v.name = idText(m.param_id);
  v.mav_type = m.param_type;
  v.wire = m.param_value;
  if (!checkValue(m, v.name)) {
    // Nothing known is replaced; a parameter not yet listed is listed as unreadable.
    if (param(v.name)) return;
    v.readable = false;
  } else {
    v.value = decode(encoding_, m.param_type, m.param_value);
    v.approximate = v.isInteger() && encoding_ == ParamEncoding::CCast && std::abs(v.value) >= kCCastExactLimit;
  }
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

QString ParamClient::cCastProblem(const QString& name, double value) const {
  if (encoding_ != ParamEncoding::CCast || std::abs(value) <= kCCastExactLimit || double(float(value)) == value)
    return {};
  // The two floats around `value`: the vehicle can hold one of them, not `value` itself.
  float low = float(value);
  if (double(low) > value) low = std::nextafter(low, -std::numeric_limits<float>::infinity());
  const float high = std::nextafter(low, std::numeric_limits<float>::infinity());
  return tr("%1: %2 cannot reach the vehicle exactly: its autopilot carries integers as a float, which holds "
            "whole numbers beyond 16777216 only in steps of %3; the nearest it can hold are %4 and %5")
      .arg(name, number(value, true), number(double(high) - double(low), true), number(double(low), true),
           number(double(high), true));
}

QString ParamClient::setProblem(const QString& name, double value) const {
  const std::optional<ParamValue> known = param(name);
  if (target_system_ == 0) return tr("%1: no vehicle connected").arg(name);
  if (name.toLatin1().size() > 16) return tr("%1: a parameter name has at most 16 characters").arg(name);
  if (!known) return tr("%1: unknown parameter (read the parameter list first)").arg(name);
  if (!known->readable)
    return tr("%1 has type %2, which PARAM_SET's 4-byte field cannot carry").arg(name, typeName(known->mav_type));
  if (!std::isfinite(value)) return tr("%1: the value is not a finite number").arg(name);
  if (!known->isInteger()) return {};
  if (value != std::floor(value))
    return tr("%1 is an integer parameter; %2 is not a whole number").arg(name).arg(value);
  if (value < integerRange(known->mav_type).first || value > integerRange(known->mav_type).second)
    return tr("%1: %2 does not fit the parameter's integer type").arg(name).arg(value);
  return cCastProblem(name, value);
}

void ParamClient::setParam(const QString& name, double value) {
  const QString problem = setProblem(name, value);
  if (!problem.isEmpty()) {
    emit setFinished(name, false, problem);
    return;
  }
  sets_.push_back(PendingSet{name, value, param(name)->mav_type, 0, {}});
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
  m.param_value = encode(encoding_, s.mav_type, s.value);
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
