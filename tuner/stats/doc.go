// Package stats is the statistics home of tourney: the estimates, tests,
// ratings and races that decisions rest on. Section numbers refer to the
// spec page statistics.md ("statistics that decide honestly").
//
// # Units
//
// Every variance is computed over units that are independent (§2): a game
// for Tri, a game pair for Penta, a block for BlockEstimate / UnitEstimate.
// A unit's score is on the per-game scale [0, 1] (a pair scoring 1½ has
// unit score ¾). With g games per unit, the normalized Elo is
//
//	nElo = (s − ½)/(√g·σ) · 800/ln 10            (§3; NEloScale = 800/ln 10)
//
// where σ is the per-unit standard deviation of the unit score: g = 1 for
// Tri, g = 2 for Penta and BlockEstimate (Penta is BlockEstimate of the
// pair scores / 2), any g through UnitEstimate. √g·σ estimates the per-game
// σ when the games of a unit are independent, so the trinomial and the
// pentanomial nElo agree on the same games in that case.
//
// # Estimate (§3)
//
// s = mean unit score, σ² = mean((x − s)²) (population variance), se =
// σ/√n. Elo = −400·log10(1/s − 1); its interval maps s ± z·se (z the
// two-sided normal quantile of conf) through the same curve, and the nElo
// interval maps the same score interval at the same σ. Interval ends
// beyond [0, 1] are clamped, giving ±Inf Elo: with so few units the data
// cannot bound the rating on that side. LOS = Φ((s − ½)/se).
//
// When s = 0, s = 1 or σ = 0 the normal interval would collapse or be
// meaningless, so Exact is set and the score interval is the Wilson score
// interval of n trials with proportion s. The binomial variance s(1−s) is
// the largest a [0, 1] score with mean s can have, so this is conservative.
// The Elo ends are the Elo of the Wilson ends: at s = 1 the lower end is
// finite (n/(n+z²)) and the upper end is +Inf together with the point
// estimate (the data give no upper bound, and −400·log10(1/s − 1) is +Inf);
// at s = 0 symmetrically; at σ = 0 with 0 < s < 1 (e.g. all draws) both
// ends are finite and on either side of the estimate. The nElo ends use
// the same worst-case σ = √(b(1−b)) at each Wilson end b. At σ = 0 the
// point nElo is ±Inf (s ≠ ½) or 0 (s = ½), LOS is 1, 0 or ½. No units give
// NaN everywhere (N = 0).
//
// # GSPRT (§3)
//
// LLR = Σ_i n_i·ln(p1_i/p0_i) over the outcomes i of the unit (3 for Tri,
// 5 for Penta, any values for LLR/LLRUnits), where p_h is the maximum-
// likelihood distribution on the same outcomes under hypothesis h given
// the empirical distribution p̂ — the generalized likelihood ratio, not
// the quadratic approximation:
//
//   - logistic: the mean is s_h = ScoreFromElo(elo_h). Maximising Σ p̂ ln p
//     subject to Σ p a = s_h gives p_i = p̂_i/(1 + θ(a_i − s_h)), θ the
//     root of Σ p̂_i (a_i − s_h)/(1 + θ(a_i − s_h)) = 0, found by bisection
//     to float64 resolution. This is the tilt of p̂ that the spec calls the
//     maximum-entropy tilt; it is the one that reproduces the §3 table (the
//     exponential tilt p ∝ p̂·e^{λa} solves a different problem,
//     min KL(p‖p̂), and is not the likelihood maximiser).
//   - normalized: the t-value (μ − ½)/σ is t_h = √g·nElo_h/(800/ln 10)
//     (g = 1 for Tri, 2 for Penta: the pentanomial hypothesis is per pair,
//     scaled as in the nElo formula above). The Lagrange condition gives
//     p_i = p̂_i/(1 + θφ_i), φ_i = a_i − ½ − t·(σ² + (a_i − μ)²)/(2σ) with μ,
//     σ those of p itself; it is iterated from the uniform distribution
//     until p changes by less than 1e-14 (Van den Bergh, "Comments on
//     normalized Elo", §4).
//
// Degenerate inputs. No units give LLR 0. A zero count on the support is
// replaced by 1e-3 (as fastchess and fishtest do; §3 rows 3 and 8 need
// it), so that one-sided samples (4250-0-0) give a large but finite LLR
// rather than ±Inf or 0. For the general LLR the support is the listed
// values (equal values merged; values listed with count 0 are regularized
// too); if fewer than two distinct values are listed, 0 and 1 are added
// with count 0 (so regularized). If a hypothesis cannot reach the data at
// all (its mean outside the range of the observed values, which can only
// happen with a caller-restricted support), its likelihood is 0 and the
// LLR is ±Inf (0 if both are unreachable).
//
// The §3 table: the eight regular rows are reproduced to ±0.01. For rows 3
// and 8 (one outcome only) the exact generalized LLR is 120.548 and
// 111.798, confirmed in the tests by brute-force likelihood maximisation
// and by a local-optimality check; the table's 120.56 and 111.82 come from
// an implementation whose root finder stops at a θ tolerance of 1e-7 and
// whose own test accepts 1 % relative error. The tests hold those two rows
// to ±0.03.
//
// State: "H1" at or above Upper = ln((1−β)/α), "H0" at or below Lower =
// ln(β/(1−α)), else "continue". Callers check only after complete blocks.
package stats
