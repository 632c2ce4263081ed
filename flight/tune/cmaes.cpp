#include "flight/tune/cmaes.h"

#include "sim/base/uniform_bits.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace vsim::tune {

Cmaes::Cmaes(const Eigen::VectorXd& start, double sigma0, int lambda, std::uint64_t seed)
    : n_(int(start.size())), rng_(seed) {
  const double n = double(n_);
  lambda_ = lambda > 0 ? lambda : 4 + int(std::floor(3.0 * std::log(n)));
  lambda_ = std::max(lambda_, 2);
  mu_ = lambda_ / 2;
  // Tutorial (49)–(58): w_i ∝ ln((λ+1)/2) − ln i for the μ best, summing to 1.
  weights_.resize(mu_);
  for (int i = 0; i < mu_; ++i) weights_[i] = std::log((lambda_ + 1) / 2.0) - std::log(i + 1.0);
  weights_ /= weights_.sum();
  mu_eff_ = 1.0 / weights_.squaredNorm();
  c_sigma_ = (mu_eff_ + 2.0) / (n + mu_eff_ + 5.0);
  d_sigma_ = 1.0 + 2.0 * std::max(0.0, std::sqrt((mu_eff_ - 1.0) / (n + 1.0)) - 1.0) + c_sigma_;
  c_c_ = (4.0 + mu_eff_ / n) / (n + 4.0 + 2.0 * mu_eff_ / n);
  c_1_ = 2.0 / ((n + 1.3) * (n + 1.3) + mu_eff_);
  c_mu_ = std::min(1.0 - c_1_, 2.0 * (mu_eff_ - 2.0 + 1.0 / mu_eff_) / ((n + 2.0) * (n + 2.0) + mu_eff_));
  chi_n_ = std::sqrt(n) * (1.0 - 1.0 / (4.0 * n) + 1.0 / (21.0 * n * n));  // E‖N(0, I)‖
  mean_ = start;
  sigma_ = sigma0;
  p_sigma_ = Eigen::VectorXd::Zero(n_);
  p_c_ = Eigen::VectorXd::Zero(n_);
  C_ = Eigen::MatrixXd::Identity(n_, n_);
  B_ = Eigen::MatrixXd::Identity(n_, n_);
  invsqrtC_ = Eigen::MatrixXd::Identity(n_, n_);
  D_ = Eigen::VectorXd::Ones(n_);
}

double Cmaes::normal() {
  // Marsaglia's polar method on std::mt19937_64's fully specified output (std::normal_distribution
  // is not: its algorithm is the library's choice).
  if (have_spare_) {
    have_spare_ = false;
    return spare_;
  }
  double u, v, s;
  do {
    u = 2.0 * unitUniform(rng_) - 1.0;
    v = 2.0 * unitUniform(rng_) - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  const double k = std::sqrt(-2.0 * std::log(s) / s);
  spare_ = v * k;
  have_spare_ = true;
  return u * k;
}

const std::vector<Eigen::VectorXd>& Cmaes::ask() {
  asked_.assign(std::size_t(lambda_), Eigen::VectorXd());
  for (auto& x : asked_) {
    Eigen::VectorXd z(n_);
    for (int i = 0; i < n_; ++i) z[i] = normal();
    x = mean_ + sigma_ * (B_ * D_.cwiseProduct(z));  // m + σ·B·D·z ~ N(m, σ²C)
  }
  return asked_;
}

void Cmaes::tell(const std::vector<double>& costs) {
  std::vector<int> order(static_cast<std::size_t>(lambda_));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return costs[std::size_t(a)] < costs[std::size_t(b)]; });
  const Eigen::VectorXd old_mean = mean_;
  Eigen::VectorXd y_w = Eigen::VectorXd::Zero(n_);
  std::vector<Eigen::VectorXd> y(static_cast<std::size_t>(mu_));
  for (int i = 0; i < mu_; ++i) {
    y[std::size_t(i)] = (asked_[std::size_t(order[std::size_t(i)])] - old_mean) / sigma_;
    y_w += weights_[i] * y[std::size_t(i)];
  }
  mean_ = old_mean + sigma_ * y_w;  // (41) with c_m = 1
  ++generation_;
  // Step-size path (43) and the stall of the rank-one update, h_σ (tutorial, footnote to (45)).
  p_sigma_ = (1.0 - c_sigma_) * p_sigma_ + std::sqrt(c_sigma_ * (2.0 - c_sigma_) * mu_eff_) * (invsqrtC_ * y_w);
  const double ps = p_sigma_.norm();
  const double h_sigma =
      ps / std::sqrt(1.0 - std::pow(1.0 - c_sigma_, 2.0 * generation_)) < (1.4 + 2.0 / (n_ + 1.0)) * chi_n_ ? 1.0 : 0.0;
  p_c_ = (1.0 - c_c_) * p_c_ + h_sigma * std::sqrt(c_c_ * (2.0 - c_c_) * mu_eff_) * y_w;  // (45)
  // Covariance (47): rank-one and rank-μ updates.
  Eigen::MatrixXd rank_mu = Eigen::MatrixXd::Zero(n_, n_);
  for (int i = 0; i < mu_; ++i) rank_mu += weights_[i] * y[std::size_t(i)] * y[std::size_t(i)].transpose();
  const double delta_h = (1.0 - h_sigma) * c_c_ * (2.0 - c_c_);
  C_ = (1.0 - c_1_ - c_mu_) * C_ + c_1_ * (p_c_ * p_c_.transpose() + delta_h * C_) + c_mu_ * rank_mu;
  sigma_ *= std::exp((c_sigma_ / d_sigma_) * (ps / chi_n_ - 1.0));  // (44)
  decompose();
}

void Cmaes::decompose() {
  C_ = 0.5 * (C_ + C_.transpose());  // symmetric to the last bit
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(C_);
  B_ = eig.eigenvectors();
  D_ = eig.eigenvalues().cwiseMax(1e-20).cwiseSqrt();
  invsqrtC_ = B_ * D_.cwiseInverse().asDiagonal() * B_.transpose();
}

double Cmaes::spread() const { return sigma_ * D_.maxCoeff(); }

Eigen::VectorXd Cmaes::projected(const Eigen::VectorXd& x) { return x.cwiseMax(0.0).cwiseMin(1.0); }

}  // namespace vsim::tune
