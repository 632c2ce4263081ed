// SigningKeyStore: the station's MAVLink signing keys, one per vehicle (its system id), each
// with the last signing timestamp used, so a station restarted on a clock that went back never
// signs behind what the vehicle already heard. Kept outside the plain settings: in the desktop
// keyring when one runs (one secret, "signing-keys", holding the store's JSON), else in a JSON
// file readable by its owner only (0600), written through a temporary file renamed into place
// (so a crash never leaves half a store). A file left from a machine without a keyring is moved
// into the keyring at the next write. Keys come from the operating system's random source
// (getrandom(2)).
//
// A damaged store (not the store's JSON, a key that is not 64 hex digits, a system id out of
// range) or one others may read is refused with the problem in words: no key is taken from it
// and nothing is written over it, so a key the user still needs is never lost to a rewrite.
// Thread contract: plain value type; one thread at a time.
#pragma once

#include "app/link/mavlink_connection.h"
#include "app/link/secret_keyring.h"

#include <QString>

#include <cstdint>
#include <map>
#include <optional>

namespace navigator {

class SigningKeyStore {
 public:
  struct Entry {
    SigningKey key{};
    std::uint64_t timestamp = 0;  // the last signing timestamp sent with it (10 µs since 2015)
  };

  // `keyring`: where the keys live when it is available (null: the file only).
  explicit SigningKeyStore(QString path = defaultPath(), std::unique_ptr<SecretKeyring> keyring = nullptr)
      : path_(std::move(path)), keyring_(std::move(keyring)) {}
  // QStandardPaths' application data folder + "/signing-keys.json".
  static QString defaultPath();
  const QString& path() const { return path_; }
  // Where the keys are kept (after load): the keyring's description, or the file's path.
  QString location() const;
  bool inKeyring() const { return in_keyring_; }

  // Reads the file (a missing one is an empty store). Returns the problem in words, or empty.
  QString load();
  // Why the store cannot be used (from load), or empty.
  const QString& problem() const { return problem_; }

  std::optional<Entry> entry(std::uint8_t system_id) const;
  // Each writes the file at once; the problem in words (the store damaged, the folder not
  // writable), or empty. A failed write leaves the file and this store as they were.
  QString setKey(std::uint8_t system_id, const SigningKey& key, std::uint64_t timestamp);
  QString setTimestamp(std::uint8_t system_id, std::uint64_t timestamp);
  QString remove(std::uint8_t system_id);

  // 32 bytes from the operating system's random source.
  static SigningKey generateKey();
  static QString toHex(const SigningKey& key);
  static std::optional<SigningKey> fromHex(const QString& text);

 private:
  QString write(const std::map<std::uint8_t, Entry>& entries);
  QString parse(const QByteArray& json, const QString& where);  // into entries_; the problem, or empty
  QString writeFile(const QByteArray& json);

  QString path_;
  std::unique_ptr<SecretKeyring> keyring_;
  bool in_keyring_ = false;
  QString problem_;
  std::map<std::uint8_t, Entry> entries_;
};

}  // namespace navigator
