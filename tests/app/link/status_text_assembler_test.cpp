// StatusTextAssembler against the STATUSTEXT definition of MAVLink's common.xml: `id` 0 is a
// text in one message; a non-zero `id` is shared by the chunks of one text, `chunk_seq` counts
// from 0, and a chunk whose text ends before its 50 bytes is the last. The texts are PX4's
// ("Arming denied: Resolve system health failures first", sent with a trailing tab).
#include "app/link/status_text_assembler.h"

#include <QtTest>

#include <cstring>
#include <string>

using navigator::StatusText;
using navigator::StatusTextAssembler;

namespace {

// The 50-byte text field of one chunk of `whole` (no terminator when it fills the field).
std::string chunk(const std::string& whole, int seq) {
  const std::size_t from = std::size_t(seq) * StatusTextAssembler::kChunkBytes;
  return from < whole.size() ? whole.substr(from, StatusTextAssembler::kChunkBytes) : std::string();
}

}  // namespace

class StatusTextAssemblerTest : public QObject {
  Q_OBJECT

 private slots:
  void oneMessageTextIsPassedOnCleaned() {
    StatusTextAssembler a;
    const auto out = a.add(6, "Takeoff detected\t", 0, 0);
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].severity, 6);
    QCOMPARE(out[0].text, QStringLiteral("Takeoff detected"));  // the tab at the end dropped
    QCOMPARE(a.add(4, "a\tb\nc\x1b[0m\x7f", 0, 0)[0].text, QStringLiteral("a b c[0m"));
    QVERIFY(!a.pending());
  }

  void chunksAreJoined() {
    // 52 bytes: chunk 0 holds 50 (no terminator), chunk 1 "t\t" (terminated). The station used
    // to show the last chunk alone: "t" and a replacement character.
    const std::string px4 = "Arming denied: Resolve system health failures first\t";
    StatusTextAssembler a;
    QVERIFY(a.add(3, chunk(px4, 0).c_str(), 7, 0).empty());
    QVERIFY(a.pending());
    const auto out = a.add(3, chunk(px4, 1).c_str(), 7, 1);
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].severity, 3);
    QCOMPARE(out[0].text, QStringLiteral("Arming denied: Resolve system health failures first"));
    QVERIFY(!a.pending());
    // Exactly 100 bytes: two full chunks and an empty third that ends it.
    const std::string hundred(100, 'x');
    QVERIFY(a.add(6, chunk(hundred, 0).c_str(), 8, 0).empty());
    QVERIFY(a.add(6, chunk(hundred, 1).c_str(), 8, 1).empty());
    QCOMPARE(a.add(6, "", 8, 2)[0].text, QString(100, QLatin1Char('x')));
  }

  void aUtf8CharacterSplitAcrossChunksSurvives() {
    // 49 ASCII bytes, then "°" (C2 B0) across the chunk boundary.
    const std::string text = std::string(49, 'a') + "\xc2\xb0" + "C";
    StatusTextAssembler a;
    QVERIFY(a.add(6, chunk(text, 0).c_str(), 9, 0).empty());
    QCOMPARE(a.add(6, chunk(text, 1).c_str(), 9, 1)[0].text, QString(49, QLatin1Char('a')) + QStringLiteral("°C"));
  }

  void lostChunksAreMarked() {
    const std::string text = std::string(50, 'a') + std::string(50, 'b') + "end";
    StatusTextAssembler a;
    QVERIFY(a.add(6, chunk(text, 0).c_str(), 11, 0).empty());
    QCOMPARE(a.add(6, chunk(text, 2).c_str(), 11, 2)[0].text, QString(50, QLatin1Char('a')) + QStringLiteral("…end"));
    // Its start lost: marked at the front.
    QCOMPARE(a.add(6, chunk(text, 2).c_str(), 12, 2)[0].text, QStringLiteral("…end"));
    // A chunk twice (a duplicate frame) adds nothing.
    QVERIFY(a.add(6, chunk(text, 0).c_str(), 13, 0).empty());
    QVERIFY(a.add(6, chunk(text, 0).c_str(), 13, 0).empty());
    QVERIFY(a.add(6, chunk(text, 1).c_str(), 13, 1).empty());
    QCOMPARE(a.add(6, chunk(text, 2).c_str(), 13, 2)[0].text, QString::fromStdString(text));
  }

  void anUnfinishedTextIsNotLost() {
    StatusTextAssembler a;
    const std::string text(60, 'z');
    QVERIFY(a.add(4, chunk(text, 0).c_str(), 20, 0).empty());
    // Another text begins: the unfinished one first, as far as it came.
    const auto out = a.add(6, "Landed", 0, 0);
    QCOMPARE(out.size(), std::size_t(2));
    QCOMPARE(out[0].text, QString(50, QLatin1Char('z')) + QStringLiteral("…"));
    QCOMPARE(out[0].severity, 4);
    QCOMPARE(out[1].text, QStringLiteral("Landed"));
    // Or on flush() (the link calls it when two heartbeats pass without a chunk).
    QVERIFY(a.add(4, chunk(text, 0).c_str(), 21, 0).empty());
    QCOMPARE(a.flush()->text, QString(50, QLatin1Char('z')) + QStringLiteral("…"));
    QVERIFY(!a.flush());
  }

  void anEndlessTextIsCut() {
    StatusTextAssembler a;
    const std::string full(50, 'q');
    std::vector<StatusText> out;
    for (int seq = 0; seq < 255 && out.empty(); ++seq) out = a.add(6, full.c_str(), 30, std::uint8_t(seq));
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].text.size(), StatusTextAssembler::kMaxBytes + 1);  // 20 chunks and "…"
    QVERIFY(out[0].text.endsWith(QStringLiteral("…")));
  }
};

QTEST_GUILESS_MAIN(StatusTextAssemblerTest)
#include "status_text_assembler_test.moc"
