// Counter-based random numbers for the batch, one independent stream per vehicle and source,
// in SIMD lanes: Philox4x32-10 (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as
// 1, 2, 3", SC'11) — ten rounds of two 32×32→64 multiplications, the key bumped by the Weyl
// constants between rounds. A draw is a pure function of (key, counter): key = the vehicle's
// seed, counter = (its IMU period, the draw's number in the period, the stream), so a vehicle's
// noise does not depend on its index, the batch size or the thread count, and a reset restores
// it. tests/sim/batch_noise_test checks the words against Random123's philox4x32.
//
// Per-target header (Highway's foreach_target): included once per SIMD target.
#if defined(VSIM_BATCH_PHILOX_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VSIM_BATCH_PHILOX_INL_H_
#undef VSIM_BATCH_PHILOX_INL_H_
#else
#define VSIM_BATCH_PHILOX_INL_H_
#endif

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace vsim::batch::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Lanes are 64-bit, as wide as the doubles they feed; each holds one 32-bit Philox word.
template <class DU>
struct PhiloxWords {
  hn::Vec<DU> w0, w1, w2, w3;
};

template <class DU>
HWY_INLINE PhiloxWords<DU> Philox4x32(DU du, PhiloxWords<DU> c, hn::Vec<DU> k0, hn::Vec<DU> k1) {
  const hn::Repartition<uint32_t, DU> d32;
  const auto m0 = hn::Set(du, 0xD2511F53u), m1 = hn::Set(du, 0xCD9E8D57u);
  const auto weyl0 = hn::Set(du, 0x9E3779B9u), weyl1 = hn::Set(du, 0xBB67AE85u), low32 = hn::Set(du, 0xFFFFFFFFu);
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k0 = hn::And(hn::Add(k0, weyl0), low32);
      k1 = hn::And(hn::Add(k1, weyl1), low32);
    }
#if HWY_TARGET == HWY_SCALAR
    (void)d32;  // one lane: a plain 64-bit product of the two 32-bit words
    const auto p0 = hn::Mul(c.w0, m0);
    const auto p1 = hn::Mul(c.w2, m1);
#else
    // The low 32 bits of each 64-bit lane are its even 32-bit lane: MulEven is 32×32→64.
    const auto p0 = hn::MulEven(hn::BitCast(d32, c.w0), hn::BitCast(d32, m0));
    const auto p1 = hn::MulEven(hn::BitCast(d32, c.w2), hn::BitCast(d32, m1));
#endif
    const auto hi0 = hn::ShiftRight<32>(p0), lo0 = hn::And(p0, low32);
    const auto hi1 = hn::ShiftRight<32>(p1), lo1 = hn::And(p1, low32);
    c = PhiloxWords<DU>{hn::Xor(hn::Xor(hi1, c.w1), k0), lo1, hn::Xor(hn::Xor(hi0, c.w3), k1), lo0};
  }
  return c;
}

// One stream of draws for a lane group: key from the seeds, counter (period, draw, stream).
template <class D>
class PhiloxStream {
 public:
  using DU = hn::RebindToUnsigned<D>;
  using V = hn::Vec<D>;
  using VU = hn::Vec<DU>;

  PhiloxStream(D d, const uint64_t* seed, const uint64_t* period, uint32_t stream)
      : d_(d),
        key0_(hn::And(hn::LoadU(DU(), seed), hn::Set(DU(), 0xFFFFFFFFu))),
        key1_(hn::ShiftRight<32>(hn::LoadU(DU(), seed))),
        period_lo_(hn::And(hn::LoadU(DU(), period), hn::Set(DU(), 0xFFFFFFFFu))),
        period_hi_(hn::ShiftRight<32>(hn::LoadU(DU(), period))),
        stream_(hn::Set(DU(), stream)) {}

  PhiloxWords<DU> Words() {
    const DU du;
    return Philox4x32(du, PhiloxWords<DU>{period_lo_, period_hi_, hn::Set(du, draw_++), stream_}, key0_, key1_);
  }

  // Two standard normal draws (Box–Muller on two uniforms of 53 bits each, in (0, 1)).
  void Normals(V& a, V& b) {
    const PhiloxWords<DU> w = Words();
    const V u1 = Uniform53(w.w0, w.w1), u2 = Uniform53(w.w2, w.w3);
    const V r = hn::Sqrt(hn::Mul(hn::Set(d_, -2.0), hn::CallLog(d_, u1)));
    const V angle = hn::Mul(hn::Set(d_, 2.0 * 3.14159265358979323846), u2);
    a = hn::Mul(r, hn::CallCos(d_, angle));
    b = hn::Mul(r, hn::CallSin(d_, angle));
  }

  V Normal() {
    if (spare_valid_) {
      spare_valid_ = false;
      return spare_;
    }
    V a, b;
    Normals(a, b);
    spare_ = b;
    spare_valid_ = true;
    return a;
  }

  // Four uniform draws in (−1, 1) (32 bits each).
  void Uniforms(V out[4]) {
    const PhiloxWords<DU> w = Words();
    const VU words[4] = {w.w0, w.w1, w.w2, w.w3};
    const hn::RebindToSigned<D> di;
    for (int i = 0; i < 4; ++i) {
      const V x = hn::ConvertTo(d_, hn::BitCast(di, words[i]));  // [0, 2³²)
      out[i] = hn::Sub(hn::Mul(hn::Add(x, hn::Set(d_, 0.5)), hn::Set(d_, 1.0 / 2147483648.0)), hn::Set(d_, 1.0));
    }
  }

 private:
  V Uniform53(VU high, VU low) const {
    const hn::RebindToSigned<D> di;
    const VU bits = hn::Or(hn::ShiftLeft<21>(high), hn::ShiftRight<11>(low));  // < 2⁵³
    const V x = hn::ConvertTo(d_, hn::BitCast(di, bits));
    return hn::Mul(hn::Add(x, hn::Set(d_, 0.5)), hn::Set(d_, 1.0 / 9007199254740992.0));
  }

  D d_;
  VU key0_, key1_, period_lo_, period_hi_, stream_;
  uint32_t draw_ = 0;
  V spare_ = hn::Zero(D());
  bool spare_valid_ = false;
};

}  // namespace vsim::batch::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
