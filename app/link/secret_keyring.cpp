#include "app/link/secret_keyring.h"

#include <qt6keychain/keychain.h>

#include <QEventLoop>
#include <QObject>

namespace navigator {

namespace {

class QtKeychainRing : public SecretKeyring {
 public:
  Result read(const QString& name, QByteArray* data, QString* error) override {
    QKeychain::ReadPasswordJob job(service());
    job.setAutoDelete(false);
    job.setInsecureFallback(false);  // never a plain file in its place: ours is 0600
    job.setKey(name);
    run(job);
    if (job.error() == QKeychain::NoError) {
      *data = job.binaryData();
      return Result::Ok;
    }
    if (job.error() == QKeychain::EntryNotFound) return Result::NotFound;
    *error = job.errorString();
    return Result::Unavailable;
  }

  Result write(const QString& name, const QByteArray& data, QString* error) override {
    QKeychain::WritePasswordJob job(service());
    job.setAutoDelete(false);
    job.setInsecureFallback(false);
    job.setKey(name);
    job.setBinaryData(data);
    run(job);
    if (job.error() == QKeychain::NoError) return Result::Ok;
    *error = job.errorString();
    return Result::Unavailable;
  }

  QString describe() const override { return QObject::tr("the desktop keyring (service %1)").arg(service()); }

 private:
  static QString service() { return QStringLiteral("navigator"); }
  static void run(QKeychain::Job& job) {
    QEventLoop loop;
    bool done = false;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, [&] {
      done = true;
      loop.quit();
    });
    job.start();
    if (!done) loop.exec(QEventLoop::ExcludeUserInputEvents);  // (a job may finish inside start())
  }
};

}  // namespace

std::unique_ptr<SecretKeyring> desktopKeyring() { return std::make_unique<QtKeychainRing>(); }

}  // namespace navigator
