//===- IntFacts.cpp - Difference constraints over a path's integers -------===//
//
// dist[u][v] is the least known upper bound of v - u (node 0 is the
// constant 0); a negative cycle (dist[u][u] < 0) means no integers satisfy
// the constraints. See IntFacts.h for what is and is not expressed.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/IntFacts.h"

#include <algorithm>
#include <map>

using namespace bufferlens::checker;

namespace {
using Weight = __int128;
constexpr Weight kInf = (Weight)1 << 100;

struct Constraint {
  int u, v; ///< v - u <= w
  Weight w;
};

class System {
public:
  int node(const IntTerm &t) {
    if (t.isConstant())
      return 0;
    auto [it, inserted] = nodes.emplace(t.var, (int)nodes.size() + 1);
    return it->second;
  }
  /// a - b <= c
  void lessEq(const IntTerm &a, const IntTerm &b, Weight c,
              std::vector<Constraint> &into) {
    into.push_back({node(b), node(a), c - (Weight)a.offset + (Weight)b.offset});
  }
  /// t >= 0, i.e. 0 - t <= 0.
  void nonNegative(const IntTerm &t, std::vector<Constraint> &into) {
    lessEq(IntTerm{}, t, 0, into);
  }
  std::map<int64_t, int> nodes;
};

struct Conditional {
  std::vector<IntTerm> nonNegative; ///< Applies once these are known >= 0.
  std::vector<Constraint> then;
};

struct Disequality {
  int u, v; ///< v - u != k
  Weight k;
};
} // namespace

std::string bufferlens::checker::termKey(const IntTerm &t) {
  if (t.isConstant())
    return "c" + std::to_string(t.offset);
  std::string key = "o" + std::to_string(t.var);
  if (t.offset > 0)
    key += "+" + std::to_string(t.offset);
  else if (t.offset < 0)
    key += std::to_string(t.offset);
  return key;
}

bool bufferlens::checker::satisfiable(const std::vector<IntLiteral> &literals) {
  System sys;
  std::vector<Constraint> constraints;
  std::vector<Conditional> conditionals;
  std::vector<Disequality> disequalities;
  for (const IntLiteral &lit : literals) {
    const IntTerm &l = lit.comparison.lhs, &r = lit.comparison.rhs;
    switch (lit.comparison.kind) {
    case Comparison::Eq:
      if (lit.value) {
        sys.lessEq(l, r, 0, constraints);
        sys.lessEq(r, l, 0, constraints);
      } else {
        disequalities.push_back(
            {sys.node(r), sys.node(l), (Weight)r.offset - (Weight)l.offset});
      }
      break;
    case Comparison::Slt:
      if (lit.value)
        sys.lessEq(l, r, -1, constraints);
      else
        sys.lessEq(r, l, 0, constraints);
      break;
    case Comparison::Ult: {
      // l <u c with a constant c > 0 holds exactly for l in [0, c - 1];
      // c >=u r with a constant c >= 0 exactly for r in [0, c].
      if (lit.value && r.isConstant() && r.offset == 0)
        return false;
      if (lit.value && r.isConstant() && r.offset > 0) {
        sys.nonNegative(l, constraints);
        sys.lessEq(l, r, -1, constraints);
        break;
      }
      if (!lit.value && l.isConstant() && l.offset >= 0) {
        sys.nonNegative(r, constraints);
        sys.lessEq(r, l, 0, constraints);
        break;
      }
      Conditional c;
      c.nonNegative = {l, r};
      if (lit.value)
        sys.lessEq(l, r, -1, c.then);
      else
        sys.lessEq(r, l, 0, c.then);
      conditionals.push_back(std::move(c));
      break;
    }
    }
  }

  int n = (int)sys.nodes.size() + 1;
  std::vector<Weight> dist(n * n, kInf);
  auto at = [&](int u, int v) -> Weight & { return dist[u * n + v]; };
  for (int i = 0; i < n; ++i)
    at(i, i) = 0;
  auto add = [&](const Constraint &c) {
    at(c.u, c.v) = std::min(at(c.u, c.v), c.w);
  };
  for (const Constraint &c : constraints)
    add(c);
  std::vector<bool> applied(conditionals.size(), false);
  // Each round tightens a bound or applies a conditional; bounded anyway.
  for (size_t round = 0;
       round < 4 + 2 * (conditionals.size() + disequalities.size()) + 64;
       ++round) {
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i) {
        if (at(i, k) >= kInf)
          continue;
        for (int j = 0; j < n; ++j)
          if (at(k, j) < kInf && at(i, k) + at(k, j) < at(i, j))
            at(i, j) = at(i, k) + at(k, j);
      }
    for (int i = 0; i < n; ++i)
      if (at(i, i) < 0)
        return false;
    bool changed = false;
    auto knownNonNegative = [&](const IntTerm &t) {
      if (t.isConstant())
        return t.offset >= 0;
      // t.var >= -dist[var][0].
      Weight bound = at(sys.node(t), 0);
      return bound < kInf && -bound + (Weight)t.offset >= 0;
    };
    for (size_t c = 0; c < conditionals.size(); ++c) {
      if (applied[c] ||
          !std::all_of(conditionals[c].nonNegative.begin(),
                       conditionals[c].nonNegative.end(), knownNonNegative))
        continue;
      applied[c] = true;
      for (const Constraint &k : conditionals[c].then)
        if (k.w < at(k.u, k.v)) {
          add(k);
          changed = true;
        }
    }
    for (const Disequality &d : disequalities) {
      Weight hi = at(d.u, d.v);  // v - u <= hi
      Weight lo = -at(d.v, d.u); // v - u >= lo
      if (hi == d.k && lo == d.k)
        return false;
      if (hi == d.k) {
        at(d.u, d.v) = d.k - 1;
        changed = true;
      } else if (lo == d.k) {
        at(d.v, d.u) = -d.k - 1;
        changed = true;
      }
    }
    if (!changed)
      return true;
  }
  return true;
}
