// IsolatedFunction (analysis/ownership/IsolatedFunction.h): a function moved
// into a module of its own beside declarations of what it names, and back
// to its place.

#include "analysis/ownership/IsolatedFunction.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using namespace mlir;

namespace {

std::vector<std::string> namesIn(ModuleOp module) {
  std::vector<std::string> names;
  for (Operation &op : module.getBody()->getOperations()) {
    auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    names.push_back(name ? name.str() : "?");
    if (auto visibility = SymbolTable::getSymbolVisibility(&op);
        visibility == SymbolTable::Visibility::Private)
      names.back() += " private";
    if (op.getNumRegions() && op.getRegion(0).empty())
      names.back() += " declaration";
  }
  return names;
}

TEST(IsolatedFunctionTest, MovesAloneWithWhatItNamesAndBack) {
  MLIRContext context(dialectRegistry());
  std::vector<Finding> errors;
  auto parsed = ParsedModule::parse(R"mlir(
memref.global "private" constant @table : memref<2xf32> = dense<1.0>
func.func @callee(%m: memref<2xf32>) { return }
func.func @f() {
  %0 = memref.get_global @table : memref<2xf32>
  call @callee(%0) : (memref<2xf32>) -> ()
  call @f() : () -> ()
  return
}
func.func @unrelated() { return }
)mlir",
                                    "t.mlir", context, errors);
  ASSERT_TRUE(parsed) << errors.size();
  ModuleOp whole = parsed->module();
  TaggedClone::SymbolMap symbols = TaggedClone::symbolsOf(whole);
  Operation *f = symbols.lookup(StringAttr::get(&context, "f"));
  ASSERT_TRUE(f);
  {
    IsolatedFunction alone(f, whole, symbols);
    ASSERT_TRUE(alone.isolated());
    auto module = cast<ModuleOp>(f->getParentOp());
    EXPECT_NE(module, whole);
    EXPECT_EQ(namesIn(module),
              (std::vector<std::string>{"table private",
                                        "callee private declaration", "f"}));
    EXPECT_EQ(namesIn(whole), (std::vector<std::string>{
                                  "table private", "callee", "unrelated"}));
  }
  EXPECT_EQ(f->getParentOp(), whole.getOperation());
  EXPECT_EQ(namesIn(whole), (std::vector<std::string>{"table private", "callee",
                                                      "f", "unrelated"}));
}

TEST(IsolatedFunctionTest, NestedReferencesStayInTheWholeModule) {
  MLIRContext context(dialectRegistry());
  context.allowUnregisteredDialects();
  std::vector<Finding> errors;
  auto parsed = ParsedModule::parse(R"mlir(
module @inner {
  func.func @g() { return }
}
func.func @f() {
  "test.use"() {ref = @inner::@g} : () -> ()
  return
}
)mlir",
                                    "t.mlir", context, errors);
  ASSERT_TRUE(parsed);
  ModuleOp whole = parsed->module();
  TaggedClone::SymbolMap symbols = TaggedClone::symbolsOf(whole);
  Operation *f = symbols.lookup(StringAttr::get(&context, "f"));
  IsolatedFunction alone(f, whole, symbols);
  EXPECT_FALSE(alone.isolated());
  EXPECT_EQ(f->getParentOp(), whole.getOperation());
}

} // namespace
