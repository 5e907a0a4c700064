//===- BoolExpr.cpp -------------------------------------------------------===//

#include "analysis/checker/BoolExpr.h"

using namespace bufferlens::checker;

static Bool node(BoolNode::Kind kind, Bool lhs, Bool rhs = nullptr) {
  auto n = std::make_shared<BoolNode>();
  n->kind = kind;
  n->lhs = std::move(lhs);
  n->rhs = std::move(rhs);
  return n;
}

static bool isConst(const Bool &a, bool value) {
  return a->kind == BoolNode::Const && a->value == value;
}

Bool bufferlens::checker::boolConst(bool value) {
  static const Bool t = [] {
    auto n = std::make_shared<BoolNode>();
    n->value = true;
    return n;
  }();
  static const Bool f = std::make_shared<BoolNode>();
  return value ? t : f;
}

Bool bufferlens::checker::boolAtom(int atom) {
  auto n = std::make_shared<BoolNode>();
  n->kind = BoolNode::Atom;
  n->atom = atom;
  return n;
}

Bool bufferlens::checker::boolNot(const Bool &a) {
  if (a->kind == BoolNode::Const)
    return boolConst(!a->value);
  if (a->kind == BoolNode::Not)
    return a->lhs;
  return node(BoolNode::Not, a);
}

Bool bufferlens::checker::boolAnd(const Bool &a, const Bool &b) {
  if (isConst(a, false) || isConst(b, true) || a == b)
    return a;
  if (isConst(b, false) || isConst(a, true))
    return b;
  return node(BoolNode::And, a, b);
}

Bool bufferlens::checker::boolOr(const Bool &a, const Bool &b) {
  if (isConst(a, true) || isConst(b, false) || a == b)
    return a;
  if (isConst(b, true) || isConst(a, false))
    return b;
  return node(BoolNode::Or, a, b);
}

Bool bufferlens::checker::boolXor(const Bool &a, const Bool &b) {
  if (a->kind == BoolNode::Const)
    return a->value ? boolNot(b) : b;
  if (b->kind == BoolNode::Const)
    return b->value ? boolNot(a) : a;
  if (a == b)
    return boolConst(false);
  return node(BoolNode::Xor, a, b);
}

int bufferlens::checker::evaluate(const Bool &f, const Assignment &assignment,
                                  int *undecided) {
  switch (f->kind) {
  case BoolNode::Const:
    return f->value;
  case BoolNode::Atom: {
    int v = f->atom < (int)assignment.size() ? assignment[f->atom] : -1;
    if (v < 0)
      *undecided = f->atom;
    return v;
  }
  case BoolNode::Not: {
    int v = evaluate(f->lhs, assignment, undecided);
    return v < 0 ? -1 : !v;
  }
  case BoolNode::And:
  case BoolNode::Or: {
    int absorbing = f->kind == BoolNode::Or;
    int l = evaluate(f->lhs, assignment, undecided);
    if (l == absorbing)
      return l;
    int r = evaluate(f->rhs, assignment, undecided);
    if (r == absorbing)
      return r;
    return l < 0 || r < 0 ? -1 : !absorbing;
  }
  case BoolNode::Xor: {
    int l = evaluate(f->lhs, assignment, undecided);
    if (l < 0)
      return -1;
    int r = evaluate(f->rhs, assignment, undecided);
    return r < 0 ? -1 : l ^ r;
  }
  }
  return -1;
}
