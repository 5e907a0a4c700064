//===- Lattice.cpp - The ownership lattice ------------------------------===//

#include "analysis/model/OwnershipModel.h"

using namespace bufferlens;

std::string Ownership::str() const {
  switch (kind) {
  case Kind::Uninitialized:
    return "uninitialized";
  case Kind::Unique:
    return "unique(" + indicator + ")";
  case Kind::Unknown:
    return "unknown";
  }
  return "";
}

// OwnershipBasedBufferDeallocation.md's table: uninitialized is the identity,
// equal uniques stay, anything else is unknown.
Ownership bufferlens::join(const Ownership &a, const Ownership &b) {
  using Kind = Ownership::Kind;
  if (a.kind == Kind::Uninitialized)
    return b;
  if (b.kind == Kind::Uninitialized)
    return a;
  if (a.kind == Kind::Unique && b.kind == Kind::Unique &&
      a.indicator == b.indicator)
    return a;
  Ownership unknown;
  unknown.kind = Kind::Unknown;
  if (a.kind == Kind::Unknown)
    unknown.reason = a.reason;
  else if (b.kind == Kind::Unknown)
    unknown.reason = b.reason;
  else
    unknown.reason = "join of " + a.str() + " and " + b.str();
  return unknown;
}
