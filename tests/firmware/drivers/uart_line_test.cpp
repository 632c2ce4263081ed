// The bit-level UART line of the receiver models (firmware/chips/uart_line.h): a reader set up as
// the sender reads every byte back; a reader at half the sender's baud reads what the bit timing
// gives, worked out by hand; the garbling is deterministic.
#include "firmware/chips/uart_line.h"

#include <QtTest>

#include <vector>

class UartLineTest : public QObject {
  Q_OBJECT
 private slots:
  void aMatchingReaderReadsEveryByte() {
    std::vector<uint8_t> all(256);
    for (int i = 0; i < 256; ++i) all[i] = (uint8_t)i;
    std::vector<uint8_t> out(512);
    const uart_line_format_t crsf = {420000, false, 1, false};
    QCOMPARE(uart_line_resample(all.data(), all.size(), &crsf, &crsf, out.data(), out.size()), size_t{256});
    QVERIFY(std::equal(all.begin(), all.end(), out.begin()));
    const uart_line_format_t sbus = {100000, true, 2, true};
    QCOMPARE(uart_line_resample(all.data(), all.size(), &sbus, &sbus, out.data(), out.size()), size_t{256});
    QVERIFY(std::equal(all.begin(), all.end(), out.begin()));
    QVERIFY(uart_line_compatible(&sbus, &sbus));
  }

  void aSlowReaderReadsWhatTheBitTimingGives() {
    // 0x00 sent 8N1 at 200000 baud: low for 9 sender bits (start + 8 data, 45 us), then the stop
    // bit. A reader at 100000 baud takes the edge at 0 and reads data bit k at the middle of its
    // bit k + 1, (1.5 + k) x 10 us: 15, 25, 35 us are low, 45 us on is high: 0b11111000.
    const uart_line_format_t fast = {200000, false, 1, false};
    const uart_line_format_t slow = {100000, false, 1, false};
    const uint8_t zero = 0x00;
    uint8_t out[4];
    QCOMPARE(uart_line_resample(&zero, 1, &fast, &slow, out, sizeof out), size_t{1});
    QCOMPARE(out[0], uint8_t{0xF8});
    QVERIFY(!uart_line_compatible(&fast, &slow));
    // Deterministic: a CRSF frame read at 115200 gives the same bytes every time, fewer than sent.
    const std::vector<uint8_t> frame = {0xC8, 0x18, 0x16, 0xE0, 0x03, 0x1F, 0xF8, 0xC0, 0x07, 0x3E, 0xF0, 0x81, 0x0F};
    const uart_line_format_t crsf = {420000, false, 1, false};
    const uart_line_format_t wrong = {115200, false, 1, false};
    uint8_t a[64], b[64];
    const size_t na = uart_line_resample(frame.data(), frame.size(), &crsf, &wrong, a, sizeof a);
    const size_t nb = uart_line_resample(frame.data(), frame.size(), &crsf, &wrong, b, sizeof b);
    QCOMPARE(na, nb);
    QVERIFY(na > 0 && na < frame.size());
    QVERIFY(std::equal(a, a + na, b));
  }

  void anUninvertedReaderOfSbusSeesNoIdleLine() {
    // SBUS idles low on the wire; a reader that does not invert sees a break, and the sender's
    // start bit (high on the wire) as a 1. 0x0F 8E2 on the inverted wire, 10 us a bit: start 1,
    // data 0000 1111, parity 1, stop 00; the first falling edge the reader sees is at 10 us (start
    // -> data bit 0), and its data bits at 25 + 10 k us fall on sender bits 2..9: 0,0,0,1,1,1,1,1
    // = 0xF8. It resumes at its stop bit (115 us); 0x00 (start 1, data 1x8, parity 1, stop 00 at
    // 120..240 us) gives its falling edge at 220 us and reads sender bit 23 (0), then 1s: 0xFE;
    // the last 0x00's edge at 340 us is followed by its stop bit and the low idle line: 0x00.
    const uart_line_format_t sbus = {100000, true, 2, true};
    const uart_line_format_t plain = {100000, true, 2, false};
    const uint8_t frame[3] = {0x0F, 0x00, 0x00};
    uint8_t out[8];
    const size_t n = uart_line_resample(frame, 3, &sbus, &plain, out, sizeof out);
    QCOMPARE(n, size_t{3});
    QCOMPARE(out[0], uint8_t{0xF8});
    QCOMPARE(out[1], uint8_t{0xFE});
    QCOMPARE(out[2], uint8_t{0x00});
  }
};

QTEST_APPLESS_MAIN(UartLineTest)
#include "uart_line_test.moc"
