// The ownership lattice of OwnershipBasedBufferDeallocation.md
// (mlir/docs/OwnershipBasedBufferDeallocation.md, "Ownerships"): its join
// table, row by row, and the states the analysis reports for the upstream
// document's own example.

#include "TestUtil.h"
#include "analysis/model/OwnershipModel.h"

using namespace bufferlens;
using namespace bufferlens::test;

static Ownership uninitialized() { return {}; }
static Ownership unique(std::string x) {
  return {Ownership::Kind::Unique, std::move(x), ""};
}
static Ownership unknown() { return {Ownership::Kind::Unknown, "", "r"}; }

TEST(OwnershipLatticeTest, JoinTable) {
  EXPECT_EQ(join(uninitialized(), uninitialized()).str(), "uninitialized");
  EXPECT_EQ(join(unique("%x"), uninitialized()).str(), "unique(%x)");
  EXPECT_EQ(join(uninitialized(), unique("%x")).str(), "unique(%x)");
  EXPECT_EQ(join(unique("%x"), unique("%x")).str(), "unique(%x)");
  Ownership different = join(unique("%x"), unique("%y"));
  EXPECT_EQ(different.str(), "unknown");
  EXPECT_EQ(different.reason, "join of unique(%x) and unique(%y)");
  EXPECT_EQ(join(unknown(), unique("%x")).str(), "unknown");
  EXPECT_EQ(join(unique("%x"), unknown()).str(), "unknown");
  EXPECT_EQ(join(unknown(), uninitialized()).str(), "unknown");
  EXPECT_EQ(join(uninitialized(), unknown()).reason, "r");
}

static std::string stateOf(const AnalysisResult &r, const std::string &value,
                           const std::string &block) {
  ValueId id = valueNamed(r, "example", value);
  for (const ValueOwnership &state : r.ownership[0].states)
    if (state.value == id && r.blocks[state.block].label == block)
      return state.ownership.str();
  return "none";
}

TEST(OwnershipLatticeTest, SeedExampleStates) {
  AnalysisResult r = analyze(R"(
func.func @example(%memref: memref<?xi8>, %select_cond: i1, %br_cond: i1) {
  %c0 = arith.constant 0 : index
  %size = memref.dim %memref, %c0 : memref<?xi8>
  %alloc = memref.alloc(%size) : memref<?xi8>
  %alloca = memref.alloca(%size) : memref<?xi8>
  %select = arith.select %select_cond, %alloc, %alloca : memref<?xi8>
  cf.cond_br %br_cond, ^bb1(%alloc : memref<?xi8>), ^bb1(%memref : memref<?xi8>)
^bb1(%bbarg: memref<?xi8>):
  memref.copy %bbarg, %select : memref<?xi8> to memref<?xi8>
  return
}
)");
  ASSERT_EQ(r.ownership.size(), 1u);
  ASSERT_TRUE(r.ownership[0].computed) << r.ownership[0].reason;
  EXPECT_EQ(stateOf(r, "%memref", "^bb0"), "unique(false)");
  EXPECT_EQ(stateOf(r, "%alloc", "^bb0"), "unique(true)");
  EXPECT_EQ(stateOf(r, "%alloca", "^bb0"), "unique(false)");
  EXPECT_EQ(stateOf(r, "%select", "^bb0"), "unknown");
  EXPECT_EQ(stateOf(r, "%bbarg", "^bb1"), "unique(ownership of %bbarg)");
  EXPECT_EQ(stateOf(r, "%select", "^bb1"),
            "unique(retained ownership of %select from ^bb0)");
  // Two deallocs at the end of ^bb0 (one per cond_br successor), one in ^bb1.
  ASSERT_EQ(r.ownership[0].sites.size(), 3u);
  EXPECT_EQ(r.ownership[0].sites[0].successorIndex, 0);
  EXPECT_EQ(r.ownership[0].sites[1].successorIndex, 1);
  EXPECT_EQ(r.ownership[0].sites[2].successor, kNone);
  EXPECT_EQ(names(r, r.ownership[0].sites[0].retained),
            (Names{"%alloc", "%select"}));
  EXPECT_EQ(names(r, r.ownership[0].sites[1].retained),
            (Names{"%memref", "%select"}));
}
