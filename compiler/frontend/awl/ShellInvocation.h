// Which words of a simple command a shell it starts would run as code (docs/awl.md "Shell
// commands and taint"). A run-time value reaches the command wfc runs as data, but that command
// may itself start a shell — `sh -c '… {x}'`, `env bash -lc "… {x}"`, `bash <<EOF … {x} … EOF` —
// which would parse the value as its script, whatever quoting surrounds it. ShellScanner gives
// each value's word and the words before it in its simple command; this decides what a shell
// started there makes of that word.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace wfc::awl {

// One word of a simple command as the shell reads it: quotes removed, expansions ($x, $(…),
// ${…}) as written.
struct ShellWord {
  std::string text;
  bool valueFirst = false;  // it begins with a run-time value, so how it begins is not known
};

struct ShellUse {
  enum class Role {
    Data,         // an ordinary argument, or not a shell's at all
    Option,       // among a shell's options, where a value starting with '-' would be one
    Script,       // the command string of a shell's -c
    StdinScript,  // the standard input of a shell that reads its script from there
  };
  Role role = Role::Data;
  std::string shell;        // the shell as written, with the option word that holds -c: "bash -lc"
  bool runsString = false;  // it has -c
};

// What `word` (whose text so far is the part before the value) is to the simple command whose
// words before it are `before`.
ShellUse useOf(const std::vector<ShellWord> &before, const ShellWord &word);

// The shell, as written, when the simple command `words` runs one that reads its script from
// standard input (`sh`, `bash -s -- a b`): a here-document or here-string it is given is a script.
std::optional<std::string> stdinShell(const std::vector<ShellWord> &words);

// Why a value cannot go where `use` puts it, and how to write it instead; `written` is the
// value's expression as the author wrote it ("{name}").
std::string useProblem(const ShellUse &use, const std::string &written);

}  // namespace wfc::awl
