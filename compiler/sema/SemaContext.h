// State shared by the parts of semantic analysis for one pack.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/PromptPackAST.h"
#include "ir/Module.h"
#include "sema/ValueType.h"
#include "support/DiagnosticEngine.h"

#include <map>
#include <set>
#include <string>

namespace wfc::sema {

struct SemaContext {
  SemaContext(const PromptPackAST &ast, DocumentLoader &loader, DiagnosticEngine &diags,
              ir::Module &module)
      : ast(ast), doc(*ast.document), loader(loader), diags(diags), module(module), nav(loader) {}

  const PromptPackAST &ast;
  const Document &doc;
  DocumentLoader &loader;
  DiagnosticEngine &diags;
  ir::Module &module;
  TypeNavigator nav;

  // Where each declaration is written, for "declared here" notes and unused warnings.
  std::map<const ir::Prompt *, const DocNode *> promptNodes;
  std::map<const ir::Tool *, const DocNode *> toolNodes;
  std::map<std::string, llvm::SMLoc> fragmentLocs;
  std::set<std::string> artifactNames;  // declared by any workflow state
  std::set<const ir::Prompt *> usedPrompts;
  std::set<const ir::Tool *> usedTools;
  std::set<const ir::Composition *> usedCompositions;
  std::map<const ir::Eval *, const DocNode *> evalNodes;  // pack-level and prompt-level evals
  // A section that is present but not a mapping was reported by the shape checker; names that
  // would be in it are then not reported again as unknown.
  bool toolsUnreadable = false;
  bool promptsUnreadable = false;
  std::set<std::string> poisonedCompositions;  // declared, but not as a mapping

  // Declared names, in declaration order, for did-you-mean suggestions.
  std::vector<std::string> promptNames() const;
  std::vector<std::string> toolNames() const;
  std::vector<std::string> compositionNames() const;

  // The resolved schema of a composition/step reference (from the reader).
  std::optional<ir::Schema> bundle(const std::optional<SchemaRef> &ref);
  ValueType typeOf(const std::optional<SchemaRef> &ref) const {
    if (!ref || !ref->schema) return ValueType::unknown();
    return ValueType::schema({ref->document, ref->schema});
  }
};

// Small readers for shape-checked DocNodes: a field that is absent or of the wrong type (the
// shape checker reported it) reads as empty.
const DocNode *field(const DocNode &node, llvm::StringRef key);
std::string stringField(const DocNode &node, llvm::StringRef key);
std::optional<int64_t> intField(const DocNode &node, llvm::StringRef key);
bool boolField(const DocNode &node, llvm::StringRef key, bool fallback = false);
std::vector<std::pair<std::string, llvm::SMLoc>> stringList(const DocNode &node, llvm::StringRef key);

}  // namespace wfc::sema
