#include "driver/CompatCommand.h"

#include "codegen/JournalIdentity.h"
#include "common/BindingsFile.h"
#include "common/StepVersions.h"
#include "driver/BindingsCheck.h"
#include "driver/Compilation.h"
#include "driver/CppGeneration.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>
#include <llvm/Support/WithColor.h>
#include <llvm/Support/raw_ostream.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

// One version of the pack, as the executable compiled from it would carry it.
struct PackVersion {
  std::string id;        // the pack's id
  std::string program;   // its identity hash (ProgramDecl::identity)
  versions::StepTable table;
  std::optional<versions::Bindings> bindings;  // with --bindings: each tool's binding hash
};

std::string sha256Hex(const std::string &text) {
  llvm::SHA256 hash;
  hash.update(llvm::StringRef(text));
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

// The pack through the front end and the -O level's passes to its step table; nullopt after
// reporting (status: wfc's exit code).
std::optional<PackVersion> loadVersion(const std::string &pack, const std::string &bindingsPath,
                                       const CommonOptions &options, int &status) {
  Compilation compilation(options);
  std::optional<BindingsFile> bindings;
  if (!bindingsPath.empty() && !(bindings = loadBindings(compilation, bindingsPath))) {
    status = compilation.finish();
    return std::nullopt;
  }
  AnalyzedPack analyzed = compilation.analyzePack(pack, bindings ? &*bindings : nullptr);
  if (analyzed.module && analyzed.module->registry && !compilation.diags().hasErrors())
    compilation.diags().error(analyzed.module->loc,
                              "wfc compat compares packs of one program; a registry's workflows are programs of their "
                              "own: compare each workflow's pack");
  if (!analyzed.module || !analyzed.program || compilation.diags().hasErrors()) {
    status = compilation.finish();
    return std::nullopt;
  }
  ir::Module &module = *analyzed.module;
  std::optional<analysis::Program> optimized;
  if (!compilation.optimize(module) || !(optimized = compilation.analyzeProgram(module))) {
    status = compilation.finish();
    return std::nullopt;
  }
  status = compilation.finish();
  if (status != 0) return std::nullopt;
  PackVersion v;
  v.id = module.id;
  v.program = codegen::programIdentity(module, optimized->entry);
  auto lineOf = [&](llvm::SMLoc loc) { return compilation.line(loc); };
  std::string text = optimized->chat ? std::string("{}") : codegen::stepTable(optimized->entry, optimized->workflow, lineOf);
  v.table = versions::parseStepTable(text, displayPath(pack)).value_or(versions::StepTable{});
  if (bindings) {
    // The bindings the executable carries: the file, with the builtin defaults it adds.
    std::optional<std::string> json = withBuiltinDefaults(toJsonText(*bindings), {&module}, &*bindings);
    BindingsFile compiledIn = BindingsFile::fromJsonText(*json, bindingsPath);
    versions::Bindings hashes;
    for (const auto &t : module.tools) {
      std::optional<std::string> identity = bindingIdentityText(t->name, &compiledIn, nullptr);
      hashes[t->name] = identity ? sha256Hex(*identity).substr(0, 32) : "unbound";
    }
    v.bindings = std::move(hashes);
  }
  return v;
}

const char *spellChange(versions::StepChange::Kind kind) {
  switch (kind) {
    case versions::StepChange::Kind::Added: return "added";
    case versions::StepChange::Kind::Removed: return "removed";
    case versions::StepChange::Kind::Changed: return "changed";
  }
  return "changed";
}

// A run of the journal and what becomes of it under NEW.
struct RunVerdict {
  std::string id, status, program;
  std::string verdict;  // finished, resumes, needs_old, other_pack
  std::string why;
};

// The journal, read only: each run's verdict. Throws std::string on a file that is not a journal.
class JournalReader {
 public:
  explicit JournalReader(const std::string &path) : path_(path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
      throw "journal '" + path + "' cannot be opened: " + std::string(db_ ? sqlite3_errmsg(db_) : "out of memory");
    sqlite3_busy_timeout(db_, 30000);
    if (!hasTable("runs") || !hasTable("wfc_journal"))
      throw "journal '" + path + "' is not a wfc journal (it has no runs table)";
  }
  ~JournalReader() { sqlite3_close_v2(db_); }
  JournalReader(const JournalReader &) = delete;
  JournalReader &operator=(const JournalReader &) = delete;

  std::vector<RunVerdict> verdicts(const PackVersion &next) {
    std::vector<RunVerdict> out;
    const bool versioned = hasTable("programs");
    Statement runs(db_, "SELECT seq, id, status, pack, program, bindings FROM runs ORDER BY seq");
    while (runs.step()) {
      RunVerdict v;
      int64_t seq = sqlite3_column_int64(runs.s, 0);
      v.id = runs.text(1), v.status = runs.text(2), v.program = runs.text(4);
      const std::string pack = runs.text(3);
      if (v.status == "succeeded" || v.status == "failed" || v.status == "cancelled") {
        v.verdict = "finished";
      } else if (pack != next.id) {
        v.verdict = "other_pack";
        v.why = "it is a run of pack '" + pack + "'";
      } else if (v.program == next.program && (!next.bindings || sameBindings(runs.text(5), *next.bindings))) {
        v.verdict = "resumes";
      } else {
        std::optional<versions::StepTable> old;
        if (versioned) {
          Statement table(db_, "SELECT steps FROM programs WHERE program = ?1");
          table.bind(1, v.program);
          if (table.step()) old = versions::parseStepTable(table.text(0), "");
        }
        if (!old) {
          v.verdict = "needs_old";
          v.why = "the journal has no step table of the program that wrote it (written before journals kept them)";
        } else {
          std::vector<std::string> paths;
          Statement recorded(db_, versions::kRecordedPathsSql);
          sqlite3_bind_int64(recorded.s, 1, seq);
          while (recorded.step()) paths.push_back(recorded.text(0));
          versions::Bindings runBindings = parseBindings(runs.text(5));
          std::vector<versions::Blocker> blockers = versions::blockers(
              *old, runBindings, next.table, next.bindings ? &*next.bindings : nullptr, paths);
          v.verdict = blockers.empty() ? "resumes" : "needs_old";
          v.why = versions::describe(blockers);
        }
      }
      out.push_back(std::move(v));
    }
    return out;
  }

 private:
  struct Statement {
    Statement(sqlite3 *db, const char *sql) {
      if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
        throw std::string("cannot read the journal: ") + sqlite3_errmsg(db);
    }
    ~Statement() { sqlite3_finalize(s); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    bool step() { return sqlite3_step(s) == SQLITE_ROW; }
    std::string text(int column) const {
      const unsigned char *t = sqlite3_column_text(s, column);
      return t ? std::string(reinterpret_cast<const char *>(t), size_t(sqlite3_column_bytes(s, column))) : "";
    }
    void bind(int index, const std::string &value) {
      sqlite3_bind_text(s, index, value.data(), int(value.size()), SQLITE_TRANSIENT);
    }
    sqlite3_stmt *s = nullptr;
  };

  bool hasTable(const char *name) {
    Statement s(db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
    s.bind(1, name);
    return s.step();
  }

  static versions::Bindings parseBindings(const std::string &json) {
    versions::Bindings out;
    Json parsed = Json::parse(json, nullptr, false);
    if (parsed.is_object())
      for (auto it = parsed.begin(); it != parsed.end(); ++it)
        if (it.value().is_string()) out[it.key()] = it.value().get<std::string>();
    return out;
  }

  static bool sameBindings(const std::string &json, const versions::Bindings &next) {
    return parseBindings(json) == next;
  }

  std::string path_;
  sqlite3 *db_ = nullptr;
};

}  // namespace

int runCompat(const CompatOptions &compat, const CommonOptions &options) {
  int status = 0;
  std::optional<PackVersion> old = loadVersion(compat.oldPack, "", options, status);
  if (!old) return status;
  std::optional<PackVersion> next = loadVersion(compat.newPack, compat.bindings, options, status);
  if (!next) return status;
  if (old->id != next->id)
    llvm::WithColor::warning(llvm::errs(), "wfc")
        << "'" << compat.oldPack << "' is pack '" << old->id << "' and '" << compat.newPack << "' is pack '" << next->id
        << "': no run of one resumes under the other\n";

  std::vector<versions::StepChange> changes = versions::compare(old->table, {}, next->table, nullptr);
  std::vector<RunVerdict> runs;
  if (!compat.journal.empty()) {
    try {
      JournalReader reader(compat.journal);
      runs = reader.verdicts(*next);
    } catch (const std::string &why) {
      llvm::WithColor::error(llvm::errs(), "wfc") << why << "\n";
      return 2;
    }
  }
  bool blocked = false;
  for (const RunVerdict &r : runs) blocked |= r.verdict == "needs_old" || r.verdict == "other_pack";

  if (compat.json) {
    Json steps = Json::array();
    for (const versions::StepChange &c : changes) {
      Json j = {{"path", c.pattern}, {"change", spellChange(c.kind)}, {"at", c.at}};
      if (!c.why.empty()) j["why"] = c.why;
      steps.push_back(std::move(j));
    }
    Json out = {{"old", {{"pack", old->id}, {"program", old->program}}},
                {"new", {{"pack", next->id}, {"program", next->program}}},
                {"bindings_compared", next->bindings.has_value()},
                {"steps", steps}};
    if (!compat.journal.empty()) {
      Json list = Json::array();
      for (const RunVerdict &r : runs) {
        Json j = {{"id", r.id}, {"status", r.status}, {"program", r.program}, {"verdict", r.verdict}};
        if (!r.why.empty()) j["why"] = r.why;
        list.push_back(std::move(j));
      }
      out["runs"] = list;
    }
    llvm::outs() << out.dump(2) << "\n";
    return blocked ? 1 : 0;
  }

  size_t added = 0, removed = 0, changed = 0;
  for (const versions::StepChange &c : changes)
    (c.kind == versions::StepChange::Kind::Added ? added : c.kind == versions::StepChange::Kind::Removed ? removed : changed)++;
  llvm::raw_ostream &os = llvm::outs();
  os << "steps: " << changed << " changed, " << added << " added, " << removed << " removed, "
     << next->table.size() - added - changed << " unchanged (" << compat.oldPack << " -> " << compat.newPack << ")\n";
  for (const versions::StepChange &c : changes) {
    std::string kind = spellChange(c.kind);
    os << "  " << kind << std::string(9 - kind.size(), ' ') << "'" << c.pattern << "'";
    if (!c.at.empty()) os << " (" << c.at << ")";
    if (!c.why.empty()) os << ": " << c.why;
    os << "\n";
  }
  if (!next->bindings) os << "bindings: not compared (give --bindings FILE, the bindings NEW is compiled with)\n";
  if (!compat.journal.empty()) {
    os << "runs of " << compat.journal << ":\n";
    if (runs.empty()) os << "  (none)\n";
    for (const RunVerdict &r : runs) {
      os << "  " << r.id << "  " << r.status << "  ";
      if (r.verdict == "finished") os << "finished";
      else if (r.verdict == "resumes") os << "resumes under " << compat.newPack;
      else if (r.verdict == "other_pack") os << "another pack: " << r.why;
      else if (r.program == old->program) os << "needs " << compat.oldPack << ": " << r.why;
      else os << "needs program " << r.program.substr(0, 12) << "…, which wrote it: " << r.why;
      os << "\n";
    }
  }
  return blocked ? 1 : 0;
}

}  // namespace wfc
