#include "models/calibration/profile_fit.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// Forward-difference step in the fitted variable (our choice: small against
// the bounds, large against the model's rounding).
constexpr double kDiffStep = 1e-4;
// LM damping: start, and the factors on a rejected / accepted step (Nielsen's
// simple schedule, our choice of constants).
constexpr double kInitialDamping = 1e-3;
constexpr double kDampingUp = 4.0;
constexpr double kDampingDown = 3.0;
constexpr double kMaxDamping = 1e12;
constexpr double kRelativeTolerance = 1e-10;

// The fitted variable of one constant: log(scale), or the scale itself when its
// lower bound is 0 (overlap).
struct Variable {
    int constant;
    bool logScale;
    double lo, hi;
    double priorWeight;
};

double toScale(const Variable& v, double x)
{
    return v.logScale ? std::exp(x) : x;
}

double sumSquares(const std::vector<double>& r)
{
    double s = 0;
    for (double v : r)
        s += v * v;
    return s;
}

class FitProblem {
public:
    FitProblem(const ProfileResiduals& f, const CalibrationProfile& base, const std::vector<Variable>& vars)
        : f_(f), base_(base), vars_(vars)
    {}

    CalibrationProfile profileAt(const std::vector<double>& x) const
    {
        CalibrationProfile p = base_;
        const auto& constants = profileConstants();
        for (std::size_t i = 0; i < vars_.size(); ++i)
            p.*constants[std::size_t(vars_[i].constant)].member = toScale(vars_[i], x[i]);
        return p;
    }

    // Data residuals, then one prior residual per variable (distance from scale 1).
    std::vector<double> residuals(const std::vector<double>& x) const
    {
        std::vector<double> r = f_(profileAt(x));
        for (double& v : r)
            if (!std::isfinite(v))
                v = 1e3; // a prediction that broke down is a large miss, never a NaN in the sums
        for (std::size_t i = 0; i < vars_.size(); ++i)
            r.push_back(vars_[i].priorWeight * (vars_[i].logScale ? x[i] : x[i] - 1.0));
        return r;
    }

    void project(std::vector<double>& x) const
    {
        for (std::size_t i = 0; i < vars_.size(); ++i)
            x[i] = std::clamp(x[i], vars_[i].lo, vars_[i].hi);
    }

    std::size_t size() const { return vars_.size(); }
    // A forward step, or a backward one at the upper bound.
    double step(std::size_t i, double xi) const
    {
        return xi + kDiffStep > vars_[i].hi ? -kDiffStep : kDiffStep;
    }

private:
    const ProfileResiduals& f_;
    CalibrationProfile base_;
    std::vector<Variable> vars_;
};

// Solves A d = b (n x n, n <= 7) by Gaussian elimination with partial pivoting.
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b)
{
    const std::size_t n = b.size();
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::fabs(a[r][c]) > std::fabs(a[pivot][c]))
                pivot = r;
        std::swap(a[c], a[pivot]);
        std::swap(b[c], b[pivot]);
        if (std::fabs(a[c][c]) < 1e-300)
            continue;
        for (std::size_t r = c + 1; r < n; ++r) {
            const double k = a[r][c] / a[c][c];
            for (std::size_t j = c; j < n; ++j)
                a[r][j] -= k * a[c][j];
            b[r] -= k * b[c];
        }
    }
    std::vector<double> d(n, 0.0);
    for (std::size_t i = n; i-- > 0;) {
        double s = b[i];
        for (std::size_t j = i + 1; j < n; ++j)
            s -= a[i][j] * d[j];
        d[i] = std::fabs(a[i][i]) < 1e-300 ? 0.0 : s / a[i][i];
    }
    return d;
}

std::vector<Variable> variablesOf(const ProfileFitOptions& options)
{
    const auto& constants = profileConstants();
    std::vector<int> free = options.freeConstants;
    if (free.empty())
        for (std::size_t i = 0; i < constants.size(); ++i)
            free.push_back(int(i));
    std::vector<Variable> vars;
    for (int i : free) {
        const ProfileConstant& c = constants[std::size_t(i)];
        const bool logScale = c.min > 0;
        const double w = std::size_t(i) < options.priorWeights.size() ? options.priorWeights[std::size_t(i)]
                                                                      : options.priorWeight;
        vars.push_back(
            {i, logScale, logScale ? std::log(c.min) : c.min, logScale ? std::log(c.max) : c.max, w});
    }
    return vars;
}

} // namespace

ProfileFit fitProfile(const ProfileResiduals& residuals, const CalibrationProfile& start,
                      const ProfileFitOptions& options)
{
    const std::vector<Variable> vars = variablesOf(options);
    const FitProblem problem(residuals, start, vars);
    std::vector<double> x;
    const auto& constants = profileConstants();
    for (const Variable& v : vars) {
        const double s = start.*constants[std::size_t(v.constant)].member;
        x.push_back(v.logScale ? std::log(std::max(s, 1e-9)) : s);
    }
    problem.project(x);
    ProfileFit fit;
    fit.costBefore = sumSquares(residuals(start));
    std::vector<double> r = problem.residuals(x);
    double cost = sumSquares(r);
    double damping = kInitialDamping;
    const std::size_t n = problem.size();
    for (int it = 0; it < options.maxIterations && n > 0; ++it) {
        fit.iterations = it + 1;
        // Jacobian by forward differences, one residual vector per variable.
        std::vector<std::vector<double>> jac(n);
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<double> xs = x;
            const double h = problem.step(i, x[i]);
            xs[i] += h;
            const std::vector<double> rs = problem.residuals(xs);
            jac[i].resize(r.size());
            for (std::size_t k = 0; k < r.size(); ++k)
                jac[i][k] = (rs[k] - r[k]) / h;
        }
        std::vector<std::vector<double>> jtj(n, std::vector<double>(n, 0.0));
        std::vector<double> jtr(n, 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t k = 0; k < r.size(); ++k)
                jtr[i] -= jac[i][k] * r[k];
            for (std::size_t j = 0; j < n; ++j)
                for (std::size_t k = 0; k < r.size(); ++k)
                    jtj[i][j] += jac[i][k] * jac[j][k];
        }
        bool improved = false;
        while (damping < kMaxDamping) {
            std::vector<std::vector<double>> a = jtj;
            for (std::size_t i = 0; i < n; ++i)
                a[i][i] += damping * (jtj[i][i] + 1.0);
            std::vector<double> xn = x;
            const std::vector<double> d = solve(a, jtr);
            for (std::size_t i = 0; i < n; ++i)
                xn[i] += d[i];
            problem.project(xn);
            const std::vector<double> rn = problem.residuals(xn);
            const double cn = sumSquares(rn);
            if (cn < cost) {
                const bool converged = cost - cn <= kRelativeTolerance * cost;
                x = xn;
                r = rn;
                cost = cn;
                damping = std::max(1e-12, damping / kDampingDown);
                improved = !converged;
                break;
            }
            damping *= kDampingUp;
        }
        if (!improved)
            break;
    }
    fit.profile = problem.profileAt(x);
    fit.costAfter = sumSquares(residuals(fit.profile));
    return fit;
}

} // namespace cf
