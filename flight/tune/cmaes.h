// CMA-ES, the covariance matrix adaptation evolution strategy, with the default parameters and
// update equations of N. Hansen, "The CMA Evolution Strategy: A Tutorial" (arXiv:1604.00772,
// 2016), §B (weights for the μ best only, no negative weights), in ask/tell form: a
// generation's λ candidates are asked for together, flown together (one batch over the SIMD
// lanes, threads and ranks) and told back together.
//
// Why by hand: pagmo2 2.18 (Debian 12's libpagmo-dev) evaluates CMA-ES candidates one at a
// time (its batch evaluators serve only PSO, GACO, NSGA-II and friends), and NLopt has no
// ask/tell interface; a generation flown as one batch is the point (docs/design/tuner.md).
//
// Box constraints [0, 1]^n: a candidate outside is evaluated at its projection onto the box and
// its distance from it is added to its cost (tell's caller does that: see projected()), so the
// distribution learns to stay inside. Deterministic: the same seed gives the same candidates
// (std::mt19937_64 and the polar method, both fully specified), the ranking breaks ties by index.
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <random>
#include <vector>

namespace vsim::tune {

class Cmaes {
 public:
  // start: the initial mean; sigma0: the initial step size (coordinates); lambda: candidates per
  // generation (0: 4 + ⌊3 ln n⌋, the tutorial's default).
  Cmaes(const Eigen::VectorXd& start, double sigma0, int lambda, std::uint64_t seed);

  // The next generation's candidates (λ points, unbounded).
  const std::vector<Eigen::VectorXd>& ask();
  // Their costs, in ask's order; updates mean, paths, covariance and step size.
  void tell(const std::vector<double>& costs);

  const Eigen::VectorXd& mean() const { return mean_; }
  double sigma() const { return sigma_; }
  int lambda() const { return lambda_; }
  int generation() const { return generation_; }
  // σ times the largest standard deviation of the distribution along any axis.
  double spread() const;

  // The point of the box [0, 1]^n nearest to x.
  static Eigen::VectorXd projected(const Eigen::VectorXd& x);

 private:
  double normal();
  void decompose();

  int n_, lambda_, mu_;
  Eigen::VectorXd weights_;
  double mu_eff_, c_sigma_, d_sigma_, c_c_, c_1_, c_mu_, chi_n_;
  Eigen::VectorXd mean_, p_sigma_, p_c_;
  Eigen::MatrixXd C_, B_, invsqrtC_;
  Eigen::VectorXd D_;
  double sigma_;
  int generation_ = 0;
  std::mt19937_64 rng_;
  bool have_spare_ = false;
  double spare_ = 0.0;
  std::vector<Eigen::VectorXd> asked_;
};

}  // namespace vsim::tune
