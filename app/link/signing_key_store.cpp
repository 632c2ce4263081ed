#include "app/link/signing_key_store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace navigator {

namespace {
constexpr char kFormat[] = "navigator-signing-keys 1";
}

QString SigningKeyStore::defaultPath() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/signing-keys.json");
}

SigningKey SigningKeyStore::generateKey() {
  SigningKey key{};
  std::size_t got = 0;
  while (got < key.size()) {
    const ssize_t n = getrandom(key.data() + got, key.size() - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error(std::string("getrandom: ") + std::strerror(errno));
    got += std::size_t(n);
  }
  if (mavlink_signing_key_is_zero(key.data())) key[0] = 1;  // all zero means "no key" on the wire
  return key;
}

QString SigningKeyStore::toHex(const SigningKey& key) {
  return QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(key.data()), qsizetype(key.size())).toHex());
}

std::optional<SigningKey> SigningKeyStore::fromHex(const QString& text) {
  static const QString digits = QStringLiteral("0123456789abcdefABCDEF");
  if (text.size() != 64) return std::nullopt;
  for (const QChar c : text)
    if (!digits.contains(c)) return std::nullopt;
  const QByteArray bytes = QByteArray::fromHex(text.toLatin1());
  SigningKey key{};
  std::memcpy(key.data(), bytes.constData(), key.size());
  return key;
}

QString SigningKeyStore::location() const {
  return in_keyring_ ? keyring_->describe() : QDir::toNativeSeparators(path_);
}

QString SigningKeyStore::parse(const QByteArray& json, const QString& where) {
  const auto fail = [this, &where](const QString& why) {
    entries_.clear();
    problem_ = QObject::tr("The signing key store %1 %2; no key is taken from it and nothing is written over it.")
                   .arg(where, why);
    return problem_;
  };
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
  if (error.error != QJsonParseError::NoError)
    return fail(QObject::tr("is damaged: %1 at byte %2").arg(error.errorString()).arg(error.offset));
  const QJsonObject root = doc.object();
  if (root.value(QStringLiteral("format")).toString() != QLatin1String(kFormat))
    return fail(QObject::tr("is not a signing key store (format \"%1\" expected)").arg(QLatin1String(kFormat)));
  const QJsonObject vehicles = root.value(QStringLiteral("vehicles")).toObject();
  for (auto it = vehicles.begin(); it != vehicles.end(); ++it) {
    bool number = false;
    const int system_id = it.key().toInt(&number);
    if (!number || system_id < 1 || system_id > 255)
      return fail(QObject::tr("is damaged: \"%1\" is not a system id (1..255)").arg(it.key()));
    const QJsonObject v = it.value().toObject();
    const auto key = fromHex(v.value(QStringLiteral("key")).toString());
    if (!key) return fail(QObject::tr("is damaged: the key of system %1 is not 64 hex digits").arg(system_id));
    const double timestamp = v.value(QStringLiteral("timestamp")).toDouble(-1);
    if (!(timestamp >= 0 && timestamp < 281474976710656.0))
      return fail(QObject::tr("is damaged: the timestamp of system %1 is not a 48-bit count").arg(system_id));
    entries_[std::uint8_t(system_id)] = Entry{*key, std::uint64_t(timestamp)};
  }
  return {};
}

QString SigningKeyStore::load() {
  entries_.clear();
  problem_.clear();
  in_keyring_ = false;
  if (keyring_) {
    QByteArray data;
    QString why;
    switch (keyring_->read(QStringLiteral("signing-keys"), &data, &why)) {
      case SecretKeyring::Result::Ok:
        in_keyring_ = true;
        return parse(data, keyring_->describe());
      case SecretKeyring::Result::NotFound:
        in_keyring_ =
            true;  // a keyring runs: the keys go there (a file left from before is read, and moved at the next write)
        break;
      case SecretKeyring::Result::Unavailable:
        break;  // no keyring runs here: the file
    }
  }
  QFile file(path_);
  if (!file.exists()) return {};
  const QString where = QDir::toNativeSeparators(path_);
  if (file.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther))
    return problem_ = QObject::tr(
                          "The signing key store %1 may be read by other users (make it readable by you only: "
                          "chmod 600); no key is taken from it and nothing is written over it.")
                          .arg(where);
  if (!file.open(QIODevice::ReadOnly))
    return problem_ = QObject::tr(
                          "The signing key store %1 cannot be read (%2); no key is taken from it and nothing is "
                          "written over it.")
                          .arg(where, file.errorString());
  return parse(file.readAll(), where);
}

std::optional<SigningKeyStore::Entry> SigningKeyStore::entry(std::uint8_t system_id) const {
  if (!problem_.isEmpty()) return std::nullopt;
  const auto it = entries_.find(system_id);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

QString SigningKeyStore::writeFile(const QByteArray& json) {
  if (!QDir().mkpath(QFileInfo(path_).absolutePath()))
    return QObject::tr("Cannot create the folder of the signing key store %1.").arg(QDir::toNativeSeparators(path_));
  QSaveFile file(path_);
  if (!file.open(QIODevice::WriteOnly))
    return QObject::tr("Cannot write the signing key store %1: %2")
        .arg(QDir::toNativeSeparators(path_), file.errorString());
  // The temporary file is made the owner's only before a byte of a key is in it.
  if (!file.setPermissions(QFile::ReadOwner | QFile::WriteOwner)) {
    file.cancelWriting();
    return QObject::tr("Cannot make the signing key store %1 private to you.").arg(QDir::toNativeSeparators(path_));
  }
  file.write(json);
  if (!file.commit())
    return QObject::tr("Cannot write the signing key store %1: %2")
        .arg(QDir::toNativeSeparators(path_), file.errorString());
  return {};
}

QString SigningKeyStore::write(const std::map<std::uint8_t, Entry>& entries) {
  if (!problem_.isEmpty()) return problem_;
  QJsonObject vehicles;
  for (const auto& [system_id, e] : entries)
    vehicles.insert(QString::number(system_id), QJsonObject{{QStringLiteral("key"), toHex(e.key)},
                                                            {QStringLiteral("timestamp"), double(e.timestamp)}});
  const QJsonObject root{{QStringLiteral("format"), QLatin1String(kFormat)}, {QStringLiteral("vehicles"), vehicles}};
  const QByteArray json = QJsonDocument(root).toJson();
  if (in_keyring_) {
    QString why;
    if (keyring_->write(QStringLiteral("signing-keys"), json, &why) != SecretKeyring::Result::Ok)
      return QObject::tr("Cannot write the signing keys to %1: %2").arg(keyring_->describe(), why);
    QFile::remove(path_);  // moved into the keyring: no copy left in a file
  } else if (QString why = writeFile(json); !why.isEmpty()) {
    return why;
  }
  entries_ = entries;
  return {};
}

QString SigningKeyStore::setKey(std::uint8_t system_id, const SigningKey& key, std::uint64_t timestamp) {
  auto entries = entries_;
  entries[system_id] = Entry{key, timestamp};
  return write(entries);
}

QString SigningKeyStore::setTimestamp(std::uint8_t system_id, std::uint64_t timestamp) {
  auto entries = entries_;
  const auto it = entries.find(system_id);
  if (it == entries.end() || it->second.timestamp >= timestamp) return {};
  it->second.timestamp = timestamp;
  return write(entries);
}

QString SigningKeyStore::remove(std::uint8_t system_id) {
  auto entries = entries_;
  if (entries.erase(system_id) == 0) return {};
  return write(entries);
}

}  // namespace navigator
