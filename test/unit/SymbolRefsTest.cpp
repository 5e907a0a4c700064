//===- SymbolRefsTest.cpp - symbolRefsIn against upstream -----------------===//
//
// symbolRefsIn (analysis/ir/SymbolRefs.h) must list what
// mlir::SymbolTable::getSymbolUses lists, in its order, and refuse where
// it refuses: on every op of every input the project has, and on ops made
// to hit each case (references in several attributes, repeated, nested in
// arrays and dictionaries, in a nested symbol table, under an unregistered
// op with a region).
//
//===----------------------------------------------------------------------===//

#include "CorpusModules.h"

#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SymbolRefs.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace bufferlens;
using namespace mlir;

namespace {

/// A listing as text: each reference, or "refused".
std::string upstream(Operation *from) {
  std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(from);
  if (!uses)
    return "refused";
  std::string out;
  llvm::raw_string_ostream os(out);
  for (const SymbolTable::SymbolUse &use : *uses)
    os << use.getSymbolRef() << " ";
  return out;
}

std::string ours(Operation *from) {
  std::optional<llvm::SmallVector<SymbolRefAttr>> refs = symbolRefsIn(from);
  if (!refs)
    return "refused";
  std::string out;
  llvm::raw_string_ostream os(out);
  for (SymbolRefAttr ref : *refs)
    os << ref << " ";
  return out;
}

TEST(SymbolRefsTest, ListsAsUpstreamOnMadeCases) {
  std::unique_ptr<MLIRContext> context = createContext();
  context->allowUnregisteredDialects();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
func.func private @a()
func.func private @b()
func.func @f() {
  "x.op"() {z = @b, y = [@a, {k = @b::@c}], w = @a} : () -> ()
  func.call @b() : () -> ()
  "x.region"() ({
    "x.inner"() {r = @a} : () -> ()
  }, {
    "x.inner"() {r = @b} : () -> ()
  }) : () -> ()
  builtin.module {
    func.func private @hidden() attributes {u = @a}
  }
  return
}
func.func @g() {
  "x.table"() ({
    "x.inner"() {r = @a} : () -> ()
  }) : () -> ()
  return
}
)mlir",
                                                             context.get());
  ASSERT_TRUE(module);
  SymbolTable table(*module);
  Operation *f = table.lookup("f");
  Operation *g = table.lookup("g");
  // The attributes by name, a repeated one once, nested ones whole; the
  // regions of one op last first; nothing from the nested module.
  EXPECT_EQ(ours(f), "@a @b::@c @b @b @b @a ");
  EXPECT_EQ(ours(f), upstream(f));
  // An unregistered op with one region may be a symbol table.
  EXPECT_EQ(ours(g), "refused");
  EXPECT_EQ(ours(g), upstream(g));
  EXPECT_EQ(ours(module->getOperation()), upstream(module->getOperation()));
}

TEST(SymbolRefsTest, ListsAsUpstreamOnEveryOpOfTheCorpus) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t modules = 0, ops = 0, listed = 0;
  test::forEachModuleBelow(
      {"test/corpus", "test/lit", "examples"}, *context,
      [&](OwningOpRef<ModuleOp> module, const std::string &where) {
        if (HasFailure())
          return;
        ++modules;
        module->walk([&](Operation *op) {
          ++ops;
          std::string expected = upstream(op);
          EXPECT_EQ(ours(op), expected)
              << where << " " << op->getName().getStringRef().str();
          listed += expected != "refused" && !expected.empty();
        });
        eraseNestedInnermostFirst(*module);
      });
  EXPECT_GT(modules, 200u);
  EXPECT_GT(ops, 5000u);
  EXPECT_GT(listed, 300u);
}

} // namespace
