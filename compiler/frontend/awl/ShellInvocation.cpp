#include "frontend/awl/ShellInvocation.h"

#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <cctype>
#include <initializer_list>

namespace wfc::awl {

namespace {

bool isOneOf(llvm::StringRef word, std::initializer_list<llvm::StringRef> names) {
  return std::find(names.begin(), names.end(), word) != names.end();
}

llvm::StringRef baseName(llvm::StringRef path) {
  size_t slash = path.rfind('/');
  return slash == llvm::StringRef::npos ? path : path.substr(slash + 1);
}

// `NAME=value` before a command sets a variable for it; it is not the command.
bool isAssignment(const ShellWord &w) {
  llvm::StringRef t = w.text;
  size_t eq = t.find('=');
  if (w.valueFirst || eq == 0 || eq == llvm::StringRef::npos) return false;
  if (std::isdigit(static_cast<unsigned char>(t[0]))) return false;
  return std::all_of(t.begin(), t.begin() + eq,
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Reserved words that may open a command line before its command (`if sh -c …; then`).
bool isReserved(const ShellWord &w) {
  return isOneOf(w.text, {"!", "{", "if", "then", "else", "elif", "do", "while", "until"});
}

// The shells whose -c runs its operand as a script, by the name they are started with
// (`/bin/sh`, `"$SHELL"` too). fish's syntax is not POSIX, its -c is the same.
bool isShell(const ShellWord &w) {
  if (w.valueFirst || isAssignment(w)) return false;
  if (isOneOf(w.text, {"$SHELL", "${SHELL}", "$BASH", "${BASH}"})) return true;
  return isOneOf(baseName(w.text), {"sh", "bash", "dash", "zsh", "ksh", "ksh93", "mksh", "pdksh", "oksh", "ash",
                                    "yash", "posh", "rbash", "fish"});
}

// Commands that start the command their arguments name, so that a shell among their arguments
// is started (`env sh -c`, `xargs sh -c`, `sudo -u me bash -c`, `find … -exec sh -c`,
// `docker run IMAGE sh -c`).
bool isWrapper(const ShellWord &w) {
  return !w.valueFirst &&
         isOneOf(baseName(w.text), {"env", "exec", "command", "nohup", "nice", "ionice", "timeout", "time",
                                    "setsid", "stdbuf", "sudo", "doas", "runuser", "chroot", "chrt", "taskset",
                                    "flock", "unshare", "nsenter", "xargs", "find", "busybox", "docker",
                                    "podman", "kubectl"});
}

// The index of the shell the simple command `words` starts, if it starts one: its command, or an
// argument of a command that starts another.
std::optional<size_t> shellAt(const std::vector<ShellWord> &words) {
  size_t i = 0;
  while (i < words.size() && (isReserved(words[i]) || isAssignment(words[i]))) ++i;
  if (i == words.size()) return std::nullopt;
  if (isShell(words[i])) return i;
  if (!isWrapper(words[i])) return std::nullopt;
  for (size_t j = i + 1; j < words.size(); ++j)
    if (isShell(words[j])) return j;
  return std::nullopt;
}

// A shell's arguments read as it reads them: options — clusters such as `-lc`, `-o NAME`,
// `--rcfile FILE` — until `--`, `-` or the first operand; after that, positional parameters.
// The first operand is the script with -c, a script file without.
struct ShellArguments {
  bool c = false;                // -c: the first operand is the script
  bool s = false;                // -s: the script is standard input, the operands are parameters
  std::string cWord;             // the option word holding -c, as written ("-lc")
  size_t operands = 0;
  bool ended = false;            // '--' or '-' ended the options
  bool optionArgument = false;   // the next word is the argument of the option before it

  // Whether `w` would be read as an option: it begins with '-' or '+', or with a value, which may.
  bool readsAsOption(const ShellWord &w) const {
    llvm::StringRef t = w.text;
    return operands == 0 && !ended && (w.valueFirst || t.startswith("-") || t.startswith("+"));
  }

  void read(const ShellWord &w) {
    llvm::StringRef t = w.text;
    if (operands > 0) {
      ++operands;
      return;
    }
    if (optionArgument) {
      optionArgument = false;
      return;
    }
    if (!readsAsOption(w)) {
      ++operands;
      return;
    }
    if (w.valueFirst) return;  // an option not known at compile time (its value was refused)
    if (t == "--" || t == "-") {
      ended = true;
      return;
    }
    if (t.startswith("--")) {
      optionArgument = isOneOf(t, {"--rcfile", "--init-file"});
      return;
    }
    for (char ch : t.drop_front()) {
      if (ch == 'c' && t[0] == '-') {
        c = true;
        cWord = t.str();
      } else if (ch == 's' && t[0] == '-') {
        s = true;
      } else if (ch == 'o' || ch == 'O') {
        optionArgument = true;
      }
    }
  }
};

}  // namespace

ShellUse useOf(const std::vector<ShellWord> &before, const ShellWord &word) {
  std::optional<size_t> at = shellAt(before);
  if (!at) return {};
  ShellArguments args;
  for (size_t i = *at + 1; i < before.size(); ++i) args.read(before[i]);
  ShellUse use;
  use.shell = before[*at].text + (args.c ? " " + args.cWord : "");
  use.runsString = args.c;
  if (args.operands > 0) return use;  // a positional parameter, or an argument of a script file
  ShellWord probe = word;
  probe.valueFirst = word.text.empty();  // nothing written before the value: the word begins with it
  if (args.optionArgument) {
    use.role = ShellUse::Role::Option;
  } else if (args.readsAsOption(probe)) {
    // A value opening the first word after -c is that word: the script, unless it begins with '-'.
    use.role = args.c && probe.valueFirst ? ShellUse::Role::Script : ShellUse::Role::Option;
  } else if (args.c) {
    use.role = ShellUse::Role::Script;
  }
  return use;
}

std::optional<std::string> stdinShell(const std::vector<ShellWord> &words) {
  std::optional<size_t> at = shellAt(words);
  if (!at) return std::nullopt;
  ShellArguments args;
  for (size_t i = *at + 1; i < words.size(); ++i) args.read(words[i]);
  if (args.c || (args.operands > 0 && !args.s)) return std::nullopt;
  return words[*at].text;
}

std::string useProblem(const ShellUse &use, const std::string &written) {
  std::string why;
  std::string shell = "'" + use.shell + "'";
  switch (use.role) {
    case ShellUse::Role::Script:
      why = "a run-time value cannot go in the script that " + shell +
            " runs, where it would run as shell code; pass it as an argument after the script and use \"$1\" "
            "there: " + use.shell + " '… \"$1\"' _ " + written;
      break;
    case ShellUse::Role::Option:
      why = "a run-time value cannot go among the options of " + shell +
            ", where one starting with '-' would be taken for an option (-c would run the next argument as "
            "code); " + (use.runsString ? "pass it as an argument after the script and use \"$1\" there"
                                        : "put '--' before it");
      break;
    case ShellUse::Role::StdinScript:
      why = "a run-time value cannot go in the script that " + shell +
            " reads from its standard input, where it would run as shell code; pass it as an argument and use "
            "\"$1\" in the script: " + use.shell + " -s -- " + written;
      break;
    case ShellUse::Role::Data: return "";
  }
  return why + " (docs/awl.md \"Shell commands and taint\")";
}

}  // namespace wfc::awl
