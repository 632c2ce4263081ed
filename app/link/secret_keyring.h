// SecretKeyring: one named secret in the desktop's keyring (the Secret Service of GNOME Keyring
// or KWallet, through qtkeychain), read and written synchronously. desktopKeyring() is the real
// one; tests hand SigningKeyStore a keyring of their own.
// Thread contract: the GUI thread (qtkeychain runs its D-Bus calls in a local event loop).
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

namespace navigator {

class SecretKeyring {
 public:
  enum class Result { Ok, NotFound, Unavailable };
  virtual ~SecretKeyring() = default;
  // Unavailable: no keyring runs (no D-Bus session, no Secret Service), or it refused; *error
  // says what it said.
  virtual Result read(const QString& name, QByteArray* data, QString* error) = 0;
  virtual Result write(const QString& name, const QByteArray& data, QString* error) = 0;
  // "the desktop keyring (service navigator)"
  virtual QString describe() const = 0;
};

// The desktop keyring through qtkeychain, under the service name "navigator".
std::unique_ptr<SecretKeyring> desktopKeyring();

}  // namespace navigator
