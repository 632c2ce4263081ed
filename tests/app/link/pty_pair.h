// PtyPair: two pseudo-terminals joined by socat, standing in for a serial cable in the tests
// (ptys carry bytes at any baud rate and know no parity). Stable link names in a folder the
// test owns; socat is always stopped (SIGTERM, then SIGKILL) on destruction.
#pragma once

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QTest>

namespace navigator::test {

// A socat pty pair with stable link names; always stopped (SIGTERM, then SIGKILL) on destruction.
class PtyPair {
 public:
  explicit PtyPair(const QString& dir) : a_(dir + "/gcs"), b_(dir + "/vehicle") {}
  ~PtyPair() { stop(); }
  QString a() const { return a_; }
  QString b() const { return b_; }

  bool start() {
    process_.start(QStringLiteral("socat"),
                   {QStringLiteral("pty,raw,echo=0,link=") + a_, QStringLiteral("pty,raw,echo=0,link=") + b_});
    if (!process_.waitForStarted(3000)) return false;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 3000) {
      if (QFileInfo::exists(a_) && QFileInfo::exists(b_)) return true;
      QTest::qWait(20);
    }
    return false;
  }
  void stop() {
    if (process_.state() == QProcess::NotRunning) return;
    process_.terminate();  // socat removes its links on SIGTERM
    if (!process_.waitForFinished(2000)) {
      process_.kill();
      process_.waitForFinished(2000);
    }
  }

 private:
  QString a_, b_;
  QProcess process_;
};

}  // namespace navigator::test
