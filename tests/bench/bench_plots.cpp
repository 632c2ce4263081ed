// bench_plots: GUI-thread cost of one LivePlot fed like the application feeds it (1 kHz
// samples, drained in 16 ms batches, one redraw per batch), on the offscreen platform.
// Run: QT_QPA_PLATFORM=offscreen build/bin/bench_plots --benchmark_repetitions=5
//   BM_BufferAppend/C     16 samples of C channels into a warm TimeSeriesBuffer (10 s window)
//   BM_PlotAppend/C       the same through LivePlot::appendBatch (buffer + dirty flag)
//   BM_Frame/W/C/N        what one plot costs per 60 Hz frame with a full W s window: a 16-sample
//                         batch appended, the graphs brought in step (add + removeBefore), the
//                         x range moved, y autoscaled, QCustomPlot::replot into its 900 × 330 px
//                         paint buffer. core_share_at_60Hz is that CPU time × 60 as a share of one core.
//                         N = 1: noise only (an IMU at hover, autoscaled into its noise: the band
//                         fills the plot, the most pixels a plot draws).
//   BM_Grab/W/C/N         the same frame, then the widget rendered to a QPixmap (what a real
//                         repaint adds on top of the replot)
#include "widgets/plots/live_plot.h"
#include "widgets/plots/time_series_buffer.h"

#include <QApplication>
#include <QPixmap>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

namespace {

constexpr int kRate_hz = 1000;
constexpr int kBatch = 16;  // 1 kHz drained every 16 ms

// A noisy sensor-like signal, a slow sine per channel plus white noise, precomputed so that
// making a batch costs next to nothing inside the timed loop.
class Feed {
 public:
  static constexpr int kTable = 4096;
  // `noise_only`: no sine, as an IMU at hover: autoscale then fits the noise, and the plot
  // area fills with the band (the most pixels a plot draws).
  explicit Feed(int channels, bool noise_only = false)
      : channels_(channels), times_(kBatch), table_(std::size_t(kTable * channels)) {
    std::mt19937_64 rng(7);
    std::normal_distribution<double> noise;
    for (int k = 0; k < kTable; ++k)
      for (int c = 0; c < channels; ++c)
        table_[std::size_t(k * channels + c)] =
            (noise_only ? 0.0 : std::sin(2 * std::numbers::pi * (c + 1) * k / kTable)) + 0.05 * noise(rng);
  }
  void next() {
    first_ = k_ % kTable <= kTable - kBatch ? k_ % kTable : 0;
    for (int i = 0; i < kBatch; ++i, ++k_) times_[std::size_t(i)] = double(k_) * (1.0 / kRate_hz);
  }
  std::span<const double> times() const { return times_; }
  std::span<const double> values() const {
    return std::span(table_).subspan(std::size_t(first_ * channels_), std::size_t(kBatch * channels_));
  }

 private:
  int channels_;
  std::int64_t k_ = 0, first_ = 0;
  std::vector<double> times_, table_;
};

std::unique_ptr<navigator::LivePlot> makePlot(int channels, double window_s) {
  QList<navigator::PlotChannel> list;
  for (int c = 0; c < channels; ++c)
    list.push_back({QStringLiteral("ch%1").arg(c), QStringLiteral("m/s²"), navigator::plotColour(c)});
  auto plot = std::make_unique<navigator::LivePlot>(QStringLiteral("bench"), list);
  plot->setWindow(window_s);
  plot->resize(900, 330);  // a plot of six on a 1920 × 1080 screen
  plot->show();
  QCoreApplication::processEvents();
  return plot;
}

void BM_BufferAppend(benchmark::State& state) {
  const int channels = int(state.range(0));
  navigator::TimeSeriesBuffer buffer(channels, 10.0);
  Feed feed(channels);
  for (int i = 0; i < 11 * kRate_hz / kBatch; ++i) {  // warm: the window full, the ring grown
    feed.next();
    buffer.appendBatch(feed.times(), feed.values());
  }
  for (auto _ : state) {
    feed.next();
    benchmark::DoNotOptimize(buffer.appendBatch(feed.times(), feed.values()));
  }
}
BENCHMARK(BM_BufferAppend)->Arg(3)->Arg(8)->Unit(benchmark::kMicrosecond);

void BM_PlotAppend(benchmark::State& state) {
  const int channels = int(state.range(0));
  auto plot = makePlot(channels, 10.0);
  Feed feed(channels);
  for (int i = 0; i < 11 * kRate_hz / kBatch; ++i) {
    feed.next();
    plot->appendBatch(feed.times(), feed.values());
  }
  for (auto _ : state) {
    feed.next();
    plot->appendBatch(feed.times(), feed.values());
  }
}
BENCHMARK(BM_PlotAppend)->Arg(3)->Arg(8)->Unit(benchmark::kMicrosecond);

void frame(benchmark::State& state, bool grab) {
  const double window_s = double(state.range(0));
  const int channels = int(state.range(1));
  auto plot = makePlot(channels, window_s);
  Feed feed(channels, state.range(2) != 0);
  for (int i = 0; i < int(window_s + 1) * kRate_hz / kBatch; ++i) {  // the window full
    feed.next();
    plot->appendBatch(feed.times(), feed.values());
  }
  plot->replotNow();
  for (auto _ : state) {
    feed.next();
    plot->appendBatch(feed.times(), feed.values());
    plot->replotNow();
    if (grab) benchmark::DoNotOptimize(plot->grab());
  }
  state.counters["points_shown"] = double(plot->buffer().size() * std::size_t(channels));
  state.counters["core_share_at_60Hz"] =
      benchmark::Counter(1.0 / 60, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Frame(benchmark::State& state) { frame(state, false); }
BENCHMARK(BM_Frame)
    ->ArgNames({"window_s", "channels", "noise_only"})
    ->Args({10, 3, 0})
    ->Args({60, 3, 0})
    ->Args({10, 8, 0})
    ->Args({60, 8, 0})
    ->Args({10, 3, 1})
    ->Args({60, 3, 1})
    ->Unit(benchmark::kMicrosecond);

void BM_Grab(benchmark::State& state) { frame(state, true); }
BENCHMARK(BM_Grab)
    ->ArgNames({"window_s", "channels", "noise_only"})
    ->Args({10, 3, 0})
    ->Args({60, 3, 0})
    ->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
