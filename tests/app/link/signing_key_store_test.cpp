// The station's signing keys (SigningKeyStore) and MavlinkConnection's signing on its own: keys
// from the operating system's random source, a store readable by its owner only, a damaged or
// too-open store refused with the reason and never written over, and a connection that signs
// what it sends and delivers from the keyed vehicle only what is signed with the key.
#include "app/link/mavlink_connection.h"
#include "app/link/signing_key_store.h"
#include "firmware/mavlink/mavlink_sha256.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace navigator;

class SigningKeyStoreTest : public QObject {
  Q_OBJECT

 private slots:
  void keysAreKeptPrivatelyAndReadBack() {
    QTemporaryDir dir;
    const QString path = dir.path() + "/a/b/signing-keys.json";  // folders made as needed
    SigningKeyStore store(path);
    QCOMPARE(store.load(), QString());  // no file yet: empty
    QVERIFY(!store.entry(1));
    const SigningKey k1 = SigningKeyStore::generateKey(), k2 = SigningKeyStore::generateKey();
    QVERIFY(k1 != k2);  // 2^-256 to fail by chance
    QVERIFY(!mavlink_signing_key_is_zero(k1.data()));
    QCOMPARE(store.setKey(1, k1, 1000), QString());
    QCOMPARE(store.setKey(7, k2, 2000), QString());
    QCOMPARE(QFile(path).permissions() & ~(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser),
             QFileDevice::Permissions());
    QCOMPARE(store.setTimestamp(1, 900), QString());  // never back
    SigningKeyStore again(path);
    QCOMPARE(again.load(), QString());
    QCOMPARE(again.entry(1)->key, k1);
    QCOMPARE(again.entry(1)->timestamp, std::uint64_t(1000));
    QCOMPARE(again.entry(7)->key, k2);
    QCOMPARE(again.remove(7), QString());
    SigningKeyStore third(path);
    third.load();
    QVERIFY(!third.entry(7));
    QVERIFY(third.entry(1));
  }

  // Each damage named; no key taken from it, and a write refused, so the file stays as it was.
  void aDamagedStoreIsRefusedAndKept_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not JSON") << QByteArray("{\"format\": ") << QString("is damaged: ");
    QTest::newRow("another file") << QByteArray("{\"format\": \"x\"}") << QString("is not a signing key store");
    QTest::newRow("short key") << QByteArray(
                                      "{\"format\": \"navigator-signing-keys 1\", \"vehicles\": {\"1\": {\"key\": "
                                      "\"00ff\", \"timestamp\": 1}}}")
                               << QString("the key of system 1 is not 64 hex digits");
    QTest::newRow("system 0") << QByteArray(
                                     "{\"format\": \"navigator-signing-keys 1\", \"vehicles\": {\"0\": {\"key\": \"" +
                                     QByteArray(64, 'a') + "\", \"timestamp\": 1}}}")
                              << QString("\"0\" is not a system id");
  }
  void aDamagedStoreIsRefusedAndKept() {
    QFETCH(QByteArray, content);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString path = dir.path() + "/signing-keys.json";
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
    SigningKeyStore store(path);
    const QString problem = store.load();
    QVERIFY2(problem.contains(reason), qPrintable(problem));
    QVERIFY2(problem.contains(path), qPrintable(problem));
    QVERIFY(!store.entry(1));
    QCOMPARE(store.setKey(2, SigningKeyStore::generateKey(), 0), problem);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), content);
  }

  void aStoreOthersMayReadIsRefused() {
    QTemporaryDir dir;
    const QString path = dir.path() + "/signing-keys.json";
    SigningKeyStore store(path);
    QCOMPARE(store.setKey(1, SigningKeyStore::generateKey(), 0), QString());
    QVERIFY(QFile(path).setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
    SigningKeyStore again(path);
    QVERIFY(again.load().contains("chmod 600"));
    QVERIFY(!again.entry(1));
  }

  // With a keyring (a stand-in keyring: no Secret Service runs in the tests): the keys go there
  // and not into a file; a file left from before is read and moved into it at the next write; a
  // keyring that refuses a write is said, never quietly replaced by a file; without a keyring
  // running, the file.
  void keysGoToTheKeyringWhenOneRuns() {
    struct FakeRing : SecretKeyring {
      std::map<QString, QByteArray>* secrets;
      bool available = true, writable = true;
      explicit FakeRing(std::map<QString, QByteArray>* s) : secrets(s) {}
      Result read(const QString& name, QByteArray* data, QString* error) override {
        if (!available) return *error = "no D-Bus session", Result::Unavailable;
        if (!secrets->count(name)) return Result::NotFound;
        *data = secrets->at(name);
        return Result::Ok;
      }
      Result write(const QString& name, const QByteArray& data, QString* error) override {
        if (!available || !writable) return *error = "the keyring is locked", Result::Unavailable;
        (*secrets)[name] = data;
        return Result::Ok;
      }
      QString describe() const override { return "the test keyring"; }
    };
    QTemporaryDir dir;
    const QString path = dir.path() + "/signing-keys.json";
    const SigningKey k1 = SigningKeyStore::generateKey(), k2 = SigningKeyStore::generateKey();
    std::map<QString, QByteArray> secrets;  // a machine without a keyring first: the file
    auto unavailable = std::make_unique<FakeRing>(&secrets);
    unavailable->available = false;
    SigningKeyStore no_ring(path, std::move(unavailable));
    QCOMPARE(no_ring.load(), QString());
    QVERIFY(!no_ring.inKeyring());
    QCOMPARE(no_ring.setKey(1, k1, 10), QString());
    QVERIFY(QFile::exists(path));
    QVERIFY(secrets.empty());

    SigningKeyStore with_ring(path, std::make_unique<FakeRing>(&secrets));
    QCOMPARE(with_ring.load(), QString());
    QVERIFY(with_ring.inKeyring());
    QCOMPARE(with_ring.location(), QString("the test keyring"));
    QCOMPARE(with_ring.entry(1)->key, k1);  // read from the file left from before
    QCOMPARE(with_ring.setKey(2, k2, 20), QString());
    QVERIFY(!QFile::exists(path));  // moved into the keyring
    QCOMPARE(secrets.size(), std::size_t(1));
    QVERIFY(secrets.at("signing-keys").contains(SigningKeyStore::toHex(k1).toLatin1()));

    SigningKeyStore again(path, std::make_unique<FakeRing>(&secrets));
    QCOMPARE(again.load(), QString());
    QCOMPARE(again.entry(1)->key, k1);
    QCOMPARE(again.entry(2)->key, k2);

    auto locked = std::make_unique<FakeRing>(&secrets);
    locked->writable = false;
    SigningKeyStore refusing(path, std::move(locked));
    QCOMPARE(refusing.load(), QString());
    const QString why = refusing.setKey(3, SigningKeyStore::generateKey(), 0);
    QCOMPARE(why, QString("Cannot write the signing keys to the test keyring: the keyring is locked"));
    QVERIFY(!QFile::exists(path));  // no quiet fallback to a file
    QVERIFY(!refusing.entry(3));

    secrets["signing-keys"] = "{ damaged";
    SigningKeyStore damaged(path, std::make_unique<FakeRing>(&secrets));
    QVERIFY(damaged.load().startsWith("The signing key store the test keyring is damaged"));
    QVERIFY(!damaged.entry(1));
  }

  // The real keyring where none runs: the file. The test takes away the session bus (and the
  // display, through which D-Bus could start one), so on a desktop it never reaches the user's keyring.
  void withoutADesktopKeyringTheFile() {
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    qunsetenv("DISPLAY");
    QTemporaryDir dir;
    SigningKeyStore store(dir.path() + "/signing-keys.json", desktopKeyring());
    QCOMPARE(store.load(), QString());
    QVERIFY(!store.inKeyring());
    QCOMPARE(store.setKey(1, SigningKeyStore::generateKey(), 0), QString());
    QVERIFY(QFile::exists(store.path()));
  }

  // The connection: with a key for system 1 it signs what it sends, delivers system 1's frames
  // only signed (counted by reason), and leaves other systems' alone; while switching, an
  // unsigned frame still on its way is taken until the first signed one.
  void theConnectionSignsAndChecks() {
    const SigningKey key = SigningKeyStore::generateKey();
    std::uint64_t clock = 38000000000000ull;
    MavlinkConnection station, vehicle_side;
    station.setSigningClock([&clock] { return clock; });
    vehicle_side.setSigningClock([&clock] { return clock; });
    QSignalSpy out(&station, &MavlinkConnection::bytesToSend);
    QSignalSpy delivered(&station, &MavlinkConnection::frameReceived);
    station.setSigningKey(1, key, 0, /*switching=*/true);
    mavlink_heartbeat_t h{};
    QVERIFY(station.send(h));
    QCOMPARE(out.at(0).at(0).toByteArray().size(), MAVLINK_V2_HEADER_LEN + 1 + 2 + MAVLINK_SIGNATURE_LEN);

    // Frames "from system 1" are made with a sender of that id.
    auto fromVehicle = [](const SigningKey* k, std::uint64_t t, std::uint8_t system = 1) {
      mavlink_signing_t s;
      mavlink_signing_init(&s, mavlink_sha256, 0);
      mavlink_signing_set_clock(&s, t);
      if (k) mavlink_signing_set_key(&s, k->data(), 0);
      mavlink_sender_t sender{system, 1, 0};
      mavlink_heartbeat_t hb{};
      std::uint8_t b[MAVLINK_MAX_FRAME_LEN];
      const std::size_t n = mavlink_sign_frame(&s, b, mavlink_heartbeat_pack(&sender, &hb, b));
      return QByteArray(reinterpret_cast<const char*>(b), qsizetype(n));
    };
    station.feedBytes(fromVehicle(nullptr, 0));  // switching: taken
    QCOMPARE(delivered.count(), 1);
    station.feedBytes(fromVehicle(&key, clock));  // signed: taken, and the switch is over
    QCOMPARE(delivered.count(), 2);
    station.feedBytes(fromVehicle(nullptr, 0));
    const SigningKey wrong = SigningKeyStore::generateKey();
    station.feedBytes(fromVehicle(&wrong, clock + 5));
    station.feedBytes(fromVehicle(&key, clock));    // the same timestamp again: a replay
    station.feedBytes(fromVehicle(nullptr, 0, 2));  // another system: not ours to check
    QCOMPARE(delivered.count(), 3);
    const LinkStats s = station.stats();
    QCOMPARE(s.signed_in, 1u);
    QCOMPARE(s.refused_unsigned, 1u);
    QCOMPARE(s.refused_wrong, 1u);
    QCOMPARE(s.refused_replayed, 1u);
    QCOMPARE(s.refused(), 3u);
    station.clearSigningKey();
    station.feedBytes(fromVehicle(nullptr, 0));
    QCOMPARE(delivered.count(), 4);
  }
};

QTEST_GUILESS_MAIN(SigningKeyStoreTest)
#include "signing_key_store_test.moc"
