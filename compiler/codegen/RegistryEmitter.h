// The C++ of a workflow registry (docs/registry.md): one file holding each workflow's program in
// a namespace of its own (emitProgram with CodegenOptions::memberNamespace), then the registry's
// tables — workflows and their prerequisites, sequences, transitions, entrypoints — and a main
// that hands them to wfc::runRegistryMain.
#pragma once

#include "ir/Module.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace wfc::codegen {

struct RegistryMember {
  std::string workflow;   // its id
  std::string ns;         // the C++ namespace its program was emitted into
  std::string source;     // that program's text
};

struct RegistryCodegenOptions {
  std::string sourcePath;  // the registry file as the banner names it
  std::string wfcVersion;
  std::optional<std::string> bindingsJson;  // compiled-in bindings, shared by every workflow
  std::vector<std::string> natives;
  bool allowUnbound = false;
};

// The C++ namespace of workflow `id`: `workflow_<id>` made an identifier.
std::string memberNamespace(const std::string &id);

std::string emitRegistry(const ir::Registry &registry, const std::vector<RegistryMember> &members,
                         const RegistryCodegenOptions &options, const std::function<std::string(llvm::SMLoc)> &location);

}  // namespace wfc::codegen
