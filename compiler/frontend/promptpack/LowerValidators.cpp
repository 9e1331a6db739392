// Prompt validators (guardrails; docs/promptkit.md "Validators"). PromptKit runs a validator as
// its eval type wrapped as a guardrail, so each becomes an eval of the module (run by the prompt's
// turns, never by a trigger) plus what the guardrail adds: its direction, passing band, message,
// and, for a length bound, truncation. RFC 0015: validators always enforce — `fail_on_violation`
// is read only to warn that it is ignored — and `enabled: false` is the one way to turn one off.
#include "frontend/promptpack/Lowering.h"

namespace wfc::promptpack {

void Lowering::lowerValidators(ir::Prompt &prompt, const PromptDecl &decl) {
  std::map<std::string, llvm::SMLoc> seen;
  size_t n = 0;
  for (const ValidatorDecl &v : decl.validators.value) {
    ++n;
    if (v.failOnViolation)
      diags_.warning(v.failOnViolation.loc(),
                     "'fail_on_violation' is deprecated and ignored (RFC 0015): validators always enforce; for a check "
                     "that only reports, declare an eval instead" +
                         std::string(*v.failOnViolation ? "" : " (that is what 'false' asked for)"));
    if (v.enabled && !*v.enabled) continue;
    if (!v.type) continue;  // reported by the shape checker
    ir::Validator validator;
    validator.type = *v.type;
    validator.id = v.id ? *v.id : *v.type + "#" + std::to_string(n);
    validator.loc = v.loc;
    if (v.id) {
      if (auto [it, fresh] = seen.emplace(*v.id, v.loc); !fresh) {
        diags_.error(v.id.loc(), "duplicate validator id '" + *v.id + "' in prompt '" + prompt.key + "'")
            .note(it->second, "'" + *v.id + "' first declared here");
        continue;
      }
    }
    auto check = std::make_unique<ir::Eval>();
    check->id = prompt.key + "/validator:" + validator.id;
    check->name = validator.id;
    check->type = *v.type;
    check->loc = v.loc;
    check->validatorOf = &prompt;
    if (v.params) check->params = toJson(*v.params.node);
    validator.check = check.get();
    validators_.push_back({&prompt, prompt.validators.size(), &v, check.get()});
    prompt.validators.push_back(std::move(validator));
    module_->evals.push_back(std::move(check));
  }
}

// After every prompt is lowered: a validator's params may name tools and judging prompts.
// A validator whose params lack what its type needs is then dropped, as PromptKit skips it.
void Lowering::checkValidators() {
  for (PendingValidator &p : validators_) {
    checkValidator(p.prompt->validators[p.index], *p.check, *p.decl);
    if (p.check->incomplete) p.prompt->validators[p.index].skipped = true;
  }
  for (PendingValidator &p : validators_)
    std::erase_if(p.prompt->validators, [](const ir::Validator &v) { return v.skipped; });
}

}  // namespace wfc::promptpack
