#!/usr/bin/env python3
"""Randomized differential test of the optimizer (docs/optimizer.md, docs/optimizer.md).

Generates packs of random shapes — top-level sequences of tool steps, `parallel` blocks (barrier,
append, replace), `branch` steps over earlier outputs or the input, `wfc.subflow` calls of one or
two other compositions (one may call the other), `depends_on`, data references — whose tools
(mixed effects: none, read, write) are all bound to one process, log_tool.py, which logs every
call's start and end. Each pack is checked (`wfc check -Werror`), compiled at -O0 and at -O1 and
run on the same input; then:

  * exit codes, stdout and (on failure) the error lines of stderr are equal;
  * the calls — (tool, arguments, idempotency-key step) — are the same; on a failing run the -O1
    run may add calls of `none`/`read` tools that come after the failing step in -O0 order
    (docs/optimizer.md "Failures at -O1"), nothing else;
  * ordering, from the -O0 structure (every call carries its position `at`, e.g. "3", "4/p1",
    "5/p0/2": top-level step 3, branch 1 of the parallel block at 4, step 2 of the subflow called
    by branch 0 of the block at 5; two calls are ordered unless they first differ in the branch
    of one parallel block):
      - a `write` call starts only after every call before it has ended successfully (so the
        writes keep their -O0 order, and every non-`none` call before a write stays before it);
      - a `read` call starts only after every `write` call before it has ended successfully;
  * the -O0 run itself is strictly sequential in that order (a check of the test's model).

Some packs (every fourth: index 3, 7, …) have a step whose tool fails (`explode: true`), so
non-zero exit codes are compared too.

Exit 0 when every pack agrees, 1 on a difference (the pack's directory is kept and printed, with
a repro.sh), 2 on a usage or environment error.
"""
import argparse
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RUN_TIMEOUT = 120

# --------------------------------------------------------------------------------------------
# A tiny YAML writer (block style; scalars as JSON, which YAML 1.2 reads the same).

_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


def _scalar(v):
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    return json.dumps(v)  # numbers, and strings double-quoted


def _key(k):
    return k if _PLAIN_KEY.match(k) else json.dumps(k)


def _is_scalar(v):
    return not isinstance(v, (dict, list)) or len(v) == 0


def _empty(v):
    return "{}" if isinstance(v, dict) else "[]"


def _flow(v):
    """A short mapping or list of scalars on one line, else None."""
    if not isinstance(v, (dict, list)) or not all(_is_scalar(x) for x in (v.values() if isinstance(v, dict) else v)):
        return None

    def one(x):
        return _empty(x) if isinstance(x, (dict, list)) else _scalar(x)
    if isinstance(v, dict):
        text = "{" + ", ".join("%s: %s" % (_key(k), one(x)) for k, x in v.items()) + "}"
    else:
        text = "[" + ", ".join(one(x) for x in v) + "]"
    return text if len(text) <= 100 else None


def to_yaml(obj, indent=0):
    pad = " " * indent
    lines = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if _is_scalar(v):
                lines.append("%s%s: %s" % (pad, _key(k), _empty(v) if isinstance(v, (dict, list)) else _scalar(v)))
            elif _flow(v):
                lines.append("%s%s: %s" % (pad, _key(k), _flow(v)))
            else:
                lines.append("%s%s:" % (pad, _key(k)))
                lines.extend(to_yaml(v, indent + 2))
    elif isinstance(obj, list):
        for v in obj:
            if _is_scalar(v):
                lines.append("%s- %s" % (pad, _empty(v) if isinstance(v, (dict, list)) else _scalar(v)))
            else:
                sub = to_yaml(v, indent + 2)
                sub[0] = pad + "- " + sub[0][indent + 2:]
                lines.extend(sub)
    else:
        lines.append(pad + _scalar(obj))
    return lines


# --------------------------------------------------------------------------------------------
# The generator.

PREDICATE_ORDERINGS = ["greater_than", "less_than", "greater_than_or_equals", "less_than_or_equals"]


class Avail:
    """An earlier step whose output may be referenced (it ran whenever the reader runs)."""

    def __init__(self, step_id, n_paths, word_paths):
        self.id = step_id
        self.n_paths = n_paths        # references (without ${}) to an integer
        self.word_paths = word_paths  # references to a string


class PackGen:
    def __init__(self, rng, index, failing):
        self.rng = rng
        self.index = index
        self.failing = failing
        self.fail_at = None      # the `at` of the failing call
        self.fail_effect = None
        self.tools = {}          # name -> effect
        self.comps = {}          # name -> composition mapping
        self.calls = {}          # name -> set of compositions it calls

    # ---- tools
    def pick_tools(self):
        r = self.rng
        self.tools = {"calc": "none", "fetch": "read", "store": "write"}
        if r.random() < 0.6:
            self.tools["note"] = r.choice(["none", "read", "write"])
        if self.failing:
            self.fail_effect = r.choice(["write", "write", "read"])
            self.tools["risky"] = self.fail_effect
        elif r.random() < 0.3:
            self.tools["risky"] = r.choice(["none", "read", "write"])  # never explodes here

    def tool_for_step(self):
        names = [t for t in self.tools if t != "risky" or not self.failing]
        name = self.rng.choice(names)
        return name

    # ---- references
    def int_ref(self, avail, input_ints):
        """A whole-value reference to an integer, or None."""
        choices = [p for a in avail for p in a.n_paths] + input_ints
        return "${%s}" % self.rng.choice(choices) if choices else None

    def text_ref(self, avail, input_texts):
        choices = [p for a in avail for p in a.word_paths + a.n_paths] + input_texts
        if not choices:
            return None
        k = min(len(choices), self.rng.choice([1, 2]))
        parts = self.rng.sample(choices, k)
        return "t-" + "-".join("${%s}" % p for p in parts)

    # ---- one composition
    def gen_composition(self, name, is_main, callees):
        r = self.rng
        if is_main:
            n = r.randint(4, 8)
            input_ints, input_texts = ["input.seed"], ["input.word", "input.seed"]
        else:
            n = r.randint(2, 4)
            input_ints, input_texts = ["input.x"], ["input.mode", "input.x", "input.tag"]

        def at_of(j):
            return str(j) if is_main else "${input.tag}/%d" % j

        # 1. kinds, per position. Subflow compositions end with a plain tool step (their output).
        kinds = []
        for j in range(n):
            weights = {"tool": 5, "branch": 2 if j < n - 1 else 0,
                       "parallel": 2 if is_main else 1,
                       "subflow": 2 if callees else 0}
            if not is_main and j == n - 1:
                weights = {"tool": 1}
            ks = [k for k in weights if weights[k] > 0]
            kinds.append(r.choices(ks, [weights[k] for k in ks])[0])
        fail_j = None
        if is_main and self.failing:
            fail_j = r.randint(1, n - 1)
            kinds[fail_j] = "tool"

        # 2. branch targets: later non-branch positions, each the target of one branch at most.
        targets = {}  # branch position -> (then position, else position or None)
        guarded = set()
        for j in range(n):
            if kinds[j] != "branch":
                continue
            cands = [t for t in range(j + 1, n) if kinds[t] != "branch" and t not in guarded
                     and t != fail_j and (is_main or t != n - 1)]
            if not cands:
                kinds[j] = "tool"
                continue
            then_t = r.choice(cands)
            guarded.add(then_t)
            else_t = None
            rest = [t for t in cands if t != then_t]
            if rest and r.random() < 0.5:
                else_t = r.choice(rest)
                guarded.add(else_t)
            targets[j] = (then_t, else_t)

        guard_of = {}  # target position -> the id of its branch
        ids = []
        for j in range(n):
            prefix = {"tool": "s", "branch": "b", "parallel": "p", "subflow": "c"}[kinds[j]]
            ids.append("%s%d" % (prefix, j))
        if fail_j is not None:
            ids[fail_j] = "boom%d" % fail_j
        for j, (then_t, else_t) in targets.items():
            guard_of[then_t] = ids[j]
            if else_t is not None:
                guard_of[else_t] = ids[j]

        # 3. the steps, in order.
        steps = []
        avail = []          # referenceable (unguarded) earlier steps
        guarded_done = []   # guarded earlier steps (for exists predicates)
        dep_candidates = []  # any earlier step id (for depends_on)

        def tool_args(at, avail_now):
            args = {"at": at, "k": r.randint(0, 999)}
            if r.random() < 0.6:
                ref = self.int_ref(avail_now, input_ints)
                if ref:
                    args["v"] = ref
            if r.random() < 0.5:
                ref = self.text_ref(avail_now, input_texts)
                if ref:
                    args["w"] = ref
            return args

        def subflow_call(step_id, at, avail_now):
            callee = r.choice(callees)
            self.calls[name].add(callee)
            x = self.int_ref(avail_now, input_ints) if r.random() < 0.5 else None
            return {"id": step_id, "kind": "wfc.subflow", "composition": callee,
                    "input": {"tag": at, "x": x if x else r.randint(0, 99),
                              "mode": r.choice(["fast", "slow"])}}, \
                Avail(step_id, ["%s.output.n" % step_id], ["%s.output.word" % step_id])

        def tool_step(step_id, at, avail_now):
            tool = self.tool_for_step()
            return {"id": step_id, "kind": "tool", "tool": tool, "args": tool_args(at, avail_now)}, \
                Avail(step_id, ["%s.output.n" % step_id], ["%s.output.word" % step_id])

        def predicate(avail_now):
            shapes = ["cmp", "cmp", "cmp", "input"]
            if guarded_done:
                shapes.append("exists")
            if r.random() < 0.25:
                shapes.append("combo")
            shape = r.choice(shapes)
            if shape == "combo":
                op = r.choice(["all_of", "any_of", "not"])
                if op == "not":
                    return {"not": predicate(avail_now)}
                return {op: [predicate(avail_now) for _ in range(r.randint(1, 3))]}
            if shape == "exists":
                return {"path": "${%s.output}" % r.choice(guarded_done), "exists": r.random() < 0.7}
            ints = [p for a in avail_now for p in a.n_paths]
            if shape == "input" or not ints:
                if is_main:
                    return {"path": "${input.seed}", "op": r.choice(PREDICATE_ORDERINGS),
                            "value": r.randint(10, 90)}
                if r.random() < 0.5:
                    return {"path": "${input.mode}", "op": r.choice(["equals", "not_equals"]),
                            "value": r.choice(["fast", "slow"])}
                return {"path": "${input.x}", "op": r.choice(PREDICATE_ORDERINGS), "value": r.randint(10, 90)}
            path = "${%s}" % r.choice(ints)
            op = r.choice(PREDICATE_ORDERINGS + ["equals", "not_equals", "in", "not_in"])
            if op in ("in", "not_in"):
                return {"path": path, "op": op, "value": r.sample(range(100), r.randint(20, 60))}
            if op in ("equals", "not_equals"):
                return {"path": path, "op": op, "value": r.randint(0, 99)}
            return {"path": path, "op": op, "value": r.randint(10, 90)}

        for j in range(n):
            sid, kind, at = ids[j], kinds[j], at_of(j)
            avail_now = list(avail)
            new_avail = []
            if j == fail_j:
                step = {"id": sid, "kind": "tool", "tool": "risky",
                        "args": dict(tool_args(at, avail_now), explode=True)}
                self.fail_at = at
                new_avail.append(Avail(sid, ["%s.output.n" % sid], ["%s.output.word" % sid]))
            elif kind == "tool":
                step, a = tool_step(sid, at, avail_now)
                new_avail.append(a)
            elif kind == "subflow":
                step, a = subflow_call(sid, at, avail_now)
                new_avail.append(a)
            elif kind == "branch":
                then_t, else_t = targets[j]
                step = {"id": sid, "kind": "branch", "predicate": predicate(avail_now), "then": ids[then_t]}
                if else_t is not None:
                    step["else"] = ids[else_t]
            else:  # parallel
                nb = r.randint(2, 3)
                branches, branch_avail = [], []
                for k in range(nb):
                    bid = "%sx%d" % (sid, k)
                    bat = "%s/p%d" % (at, k)
                    if callees and r.random() < 0.3:
                        b, a = subflow_call(bid, bat, avail_now)
                    else:
                        b, a = tool_step(bid, bat, avail_now)
                    branches.append(b)
                    branch_avail.append(a)
                strategy = r.choice(["barrier", "append", "replace"])
                into = r.choice(["all", "items", "res"])
                step = {"id": sid, "kind": "parallel", "branches": branches,
                        "reduce": {"strategy": strategy, "into": into}}
                bids = [b["id"] for b in branches]
                if strategy == "barrier":
                    paths = ["%s.output.%s.%s.n" % (sid, into, b) for b in bids]
                elif strategy == "append":
                    paths = ["%s.output.%s[%d].n" % (sid, into, k) for k in range(nb)]
                else:
                    paths = ["%s.output.%s.n" % (sid, into)]
                new_avail.append(Avail(sid, paths, []))
                new_avail.extend(branch_avail)  # a branch's output, from after the block
            # (Not the branch guarding the step: `wfc check` then warns that depends_on lists it
            # "more than once", as the branch edge is already there.)
            deps = [d for d in dep_candidates if d != guard_of.get(j)]
            if j >= 2 and kind != "branch" and r.random() < 0.25 and deps:
                step["depends_on"] = r.sample(deps, min(len(deps), r.randint(1, 2)))
            steps.append(step)
            dep_candidates.append(sid)
            if kind == "parallel" and r.random() < 0.3:
                dep_candidates.append(step["branches"][0]["id"])
            if j in guarded:
                guarded_done.append(sid)
            else:
                avail.extend(new_avail)

        comp = {"version": 1}
        if is_main:
            comp["input_schema"] = "main_input.json"
            if self.failing or r.random() < 0.7:
                # A last step that reads many outputs: the run's output depends on all of them.
                picks = r.sample(avail, min(len(avail), 4))
                args = {"at": str(n), "k": r.randint(0, 999),
                        "seen": {a.id: "${%s.output}" % a.id for a in picks}}
                steps.append({"id": "collect", "kind": "tool", "tool": "calc", "args": args})
            else:
                top = [a for a in avail if a.id in ids]
                if top:
                    comp["output"] = r.choice(top).id
        else:
            comp["input_schema"] = "sub_input.json"
            # Callers read ${call.output.n} and .word: an explicit output names a step of that shape.
            top = [a for a in avail if a.id in ids and a.word_paths]
            if top and r.random() < 0.3:
                comp["output"] = r.choice(top).id
        comp["steps"] = steps
        return comp

    def generate(self):
        r = self.rng
        self.pick_tools()
        nsubs = r.choice([0, 1, 2, 2, 2])
        sub_names = ["sub%d" % (i + 1) for i in range(nsubs)]
        # sub2 calls nothing, sub1 may call sub2, main calls any.
        for i in reversed(range(nsubs)):
            name = sub_names[i]
            self.calls[name] = set()
            callees = sub_names[i + 1:] if r.random() < 0.6 else []
            self.comps[name] = self.gen_composition(name, False, callees)
        self.calls["main"] = set()
        main = self.gen_composition("main", True, sub_names)
        # Keep only the compositions main reaches.
        reach, todo = set(), ["main"]
        while todo:
            c = todo.pop()
            if c not in reach:
                reach.add(c)
                todo.extend(self.calls[c])
        compositions = {"main": main}
        for name in sub_names:
            if name in reach:
                compositions[name] = self.comps[name]
        self.comps = compositions
        used = set()

        def walk(steps):
            for st in steps:
                if st["kind"] == "tool":
                    used.add(st["tool"])
                walk(st.get("branches", []))
        for comp in compositions.values():
            walk(comp["steps"])
        self.tools = {t: e for t, e in self.tools.items() if t in used}
        tools = {}
        for t, e in self.tools.items():
            tools[t] = {"name": t, "description": "Logs its call; a result derived from its arguments.",
                        "parameters": {"type": "object", "properties": {}, "additionalProperties": True},
                        "extensions": {"wfc": {"effects": e}}}
        pack = {"id": "opt-random-%d" % self.index, "name": "optimizer random pack %d" % self.index,
                "version": "1.0.0", "template_engine": {"version": "v1", "syntax": "{{variable}}"},
                "prompts": {}, "tools": tools, "compositions": compositions}
        return pack

    def input(self):
        return {"seed": self.rng.randint(0, 99), "word": "w%04x" % self.rng.randint(0, 0xffff)}


MAIN_INPUT_SCHEMA = {"type": "object", "properties": {"seed": {"type": "integer"}, "word": {"type": "string"}},
                     "required": ["seed", "word"], "additionalProperties": False}
SUB_INPUT_SCHEMA = {"type": "object",
                    "properties": {"tag": {"type": "string"}, "x": {"type": "integer"},
                                   "mode": {"type": "string", "enum": ["fast", "slow"]}},
                    "required": ["tag", "x", "mode"], "additionalProperties": False}


def write_pack(directory, gen, pack, run_input, python):
    os.makedirs(directory, exist_ok=True)
    shutil.copy(os.path.join(HERE, "log_tool.py"), os.path.join(directory, "log_tool.py"))
    with open(os.path.join(directory, "pack.yaml"), "w") as f:
        f.write("# Generated by tests/optimizer/random_packs.py (pack %d%s).\n"
                % (gen.index, ", fails at %s" % gen.fail_at if gen.failing else ""))
        f.write("\n".join(to_yaml(pack)) + "\n")
    with open(os.path.join(directory, "main_input.json"), "w") as f:
        json.dump(MAIN_INPUT_SCHEMA, f, indent=1)
    with open(os.path.join(directory, "sub_input.json"), "w") as f:
        json.dump(SUB_INPUT_SCHEMA, f, indent=1)
    bindings = {"tools": {t: {"exec": {"argv": [python, os.path.join(directory, "log_tool.py"), t],
                                         "timeout_ms": 60000}}
                          for t in pack["tools"]}}
    with open(os.path.join(directory, "bindings.yaml"), "w") as f:
        f.write("\n".join(to_yaml(bindings)) + "\n")
    meta = {"index": gen.index, "tools": gen.tools, "fail_at": gen.fail_at, "input": run_input}
    with open(os.path.join(directory, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)


# --------------------------------------------------------------------------------------------
# Logs and their comparison.

def parse_at(at):
    out = []
    for tok in str(at).split("/"):
        if tok.startswith("p"):
            out.append(("p", int(tok[1:])))
        else:
            out.append(("i", int(tok)))
    return out


def precedes(a, b):
    """Whether the call at position a comes before the one at b in -O0 order (both run one
    after the other); False when b precedes a or they are branches of one parallel block."""
    for x, y in zip(parse_at(a), parse_at(b)):
        if x == y:
            continue
        if x[0] == "p" and y[0] == "p":
            return False
        return x[1] < y[1]
    return False


class Call:
    def __init__(self, tool, args, key):
        self.tool = tool
        self.args = args
        self.at = args.get("at") if isinstance(args, dict) else None
        parts = key.split("/")
        self.key_step = "/".join(parts[1:-1]) if len(parts) >= 3 else key
        self.attempt = parts[-1] if len(parts) >= 3 else "?"
        self.start = None
        self.end = None
        self.ok = None

    def ident(self):
        return (self.tool, json.dumps(self.args, sort_keys=True), self.key_step)


def read_log(path):
    """-> (calls by `at`, list of problems)."""
    calls, problems, by_pid = {}, [], {}
    if not os.path.exists(path):
        return calls, problems
    with open(path) as f:
        for i, line in enumerate(f):
            try:
                rec = json.loads(line)
            except ValueError:
                problems.append("line %d of %s is not JSON: %r" % (i + 1, path, line))
                continue
            if rec["ev"] == "start":
                c = Call(rec["tool"], rec["args"], rec["key"])
                c.start = i
                if c.at in calls:
                    problems.append("position %s was called twice (%s, then %s)" % (c.at, calls[c.at].tool, c.tool))
                calls[c.at] = c
                by_pid[rec["pid"]] = c
            else:
                c = by_pid.get(rec["pid"])
                if c is not None:
                    c.end = i
                    c.ok = rec["ok"]
    return calls, problems


def order_violations(calls, effects, universe, strict):
    """Ordering problems of one run. `universe`: every position that ran at either level.
    strict (-O0): every call before another ended successfully before it started."""
    out = []
    for y in sorted(calls.values(), key=lambda c: c.start):
        ey = effects.get(y.tool, "write")
        for at in sorted(universe, key=parse_at):
            if not precedes(at, y.at):
                continue
            x = calls.get(at)
            xtool = x.tool if x else None
            ex = effects.get(xtool, None) if x else None
            if x is None:
                # Ran at the other level but not in this run.
                if strict or ey == "write" or (ey == "read" and universe[at] == "write"):
                    out.append("%s call %s (%s) started, but %s (%s), before it in -O0 order, never ran"
                               % (ey, y.at, y.tool, at, universe[at]))
                continue
            need = strict or ey == "write" or (ey == "read" and ex == "write")
            if not need:
                continue
            if x.end is None or not x.ok or x.end > y.start:
                what = ("had not ended" if x.end is None or x.end > y.start else "had failed")
                out.append("%s call %s (%s) started while %s call %s (%s), before it in -O0 order, %s"
                           % (ey, y.at, y.tool, ex, x.at, x.tool, what))
    return out


def early_starts(calls):
    """How many calls started before a call before them in -O0 order had ended (the concurrency
    -O1 gained; parallel branches do not count)."""
    n = 0
    for y in calls.values():
        if any(precedes(x.at, y.at) and (x.end is None or x.end > y.start) for x in calls.values()):
            n += 1
    return n


def error_lines(stderr):
    """The error lines, without the program name ("exe0: error: …")."""
    return [l[l.index("error:"):] for l in stderr.splitlines() if "error:" in l]


def describe_log(calls, effects):
    events = []
    for c in calls.values():
        events.append((c.start, "start %-8s %-5s %s" % (c.at, effects.get(c.tool, "?"), c.tool)))
        if c.end is not None:
            events.append((c.end, "end   %-8s %-5s %s%s" % (c.at, effects.get(c.tool, "?"), c.tool,
                                                           "" if c.ok else " FAILED")))
    return [e for _, e in sorted(events)]


def compare(r0, r1, meta):
    """-> list of differences between the -O0 run r0 and an -O1 run r1."""
    effects = meta["tools"]
    diffs = []
    if r0["rc"] != r1["rc"]:
        diffs.append("exit codes differ: -O0 %d, -O1 %d" % (r0["rc"], r1["rc"]))
    if r0["stdout"] != r1["stdout"]:
        diffs.append("stdout differs")
    if r0["rc"] != 0 and error_lines(r0["stderr"]) != error_lines(r1["stderr"]):
        diffs.append("the error messages differ: -O0 %s, -O1 %s"
                     % (json.dumps(error_lines(r0["stderr"])), json.dumps(error_lines(r1["stderr"]))))
    c0, p0 = r0["calls"], r0["log_problems"]
    c1, p1 = r1["calls"], r1["log_problems"]
    diffs += ["-O0: " + p for p in p0] + ["-O1: " + p for p in p1]
    for at in sorted(set(c0) & set(c1), key=parse_at):
        if c0[at].ident() != c1[at].ident():
            diffs.append("call at %s differs: -O0 %s(%s) key step %s, -O1 %s(%s) key step %s"
                         % (at, c0[at].tool, json.dumps(c0[at].args), c0[at].key_step,
                            c1[at].tool, json.dumps(c1[at].args), c1[at].key_step))
    for c in list(c0.values()) + list(c1.values()):
        if c.attempt != "1":
            diffs.append("call at %s is attempt %s (no step retries)" % (c.at, c.attempt))
    only0 = sorted(set(c0) - set(c1), key=parse_at)
    only1 = sorted(set(c1) - set(c0), key=parse_at)
    if r0["rc"] == 0:
        for at in only0:
            diffs.append("call at %s (%s) ran at -O0, not at -O1" % (at, c0[at].tool))
        for at in only1:
            diffs.append("call at %s (%s) ran at -O1, not at -O0" % (at, c1[at].tool))
        for c in c1.values():
            if not c.ok:
                diffs.append("call at %s (%s) failed at -O1 in a successful run" % (c.at, c.tool))
    else:
        fail_at = meta["fail_at"]
        for at in only0:
            diffs.append("call at %s (%s) ran at -O0, not at -O1 (the steps before the failing one "
                         "must run to the end)" % (at, c0[at].tool))
        for at in only1:
            e = effects.get(c1[at].tool)
            if e == "write":
                diffs.append("write call at %s (%s) ran at -O1, not at -O0" % (at, c1[at].tool))
            elif fail_at is None or not precedes(fail_at, at):
                diffs.append("%s call at %s (%s) ran at -O1, not at -O0, and does not come after the "
                             "failing step %s" % (e, at, c1[at].tool, fail_at))
    universe = {}
    for calls in (c0, c1):
        for at, c in calls.items():
            universe[at] = effects.get(c.tool, "write")
    diffs += ["-O0 order: " + v for v in order_violations(c0, effects, dict((a, universe[a]) for a in c0), True)]
    diffs += ["-O1 order: " + v for v in order_violations(c1, effects, universe, False)]
    return diffs


# --------------------------------------------------------------------------------------------
# Driver.

def run(cmd, cwd, env=None, timeout=RUN_TIMEOUT):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return -1, e.stdout or "", (e.stderr or "") + "\n(timed out after %d s)" % timeout
    except OSError as e:  # e.g. the wfc binary being rebuilt under us
        return -2, "", "cannot run %s: %s" % (cmd[0], e)


def run_exe(exe, directory, run_input, log):
    if os.path.exists(log):
        os.remove(log)
    env = dict(os.environ, WFC_TEST_TOOL_LOG=log)
    rc, out, err = run([exe, "--quiet", "--input-json", json.dumps(run_input)], directory, env)
    calls, problems = read_log(log)
    stdout = out.strip()
    try:
        parsed = json.loads(stdout) if stdout else None
    except ValueError:
        parsed = stdout
    return {"rc": rc, "stdout": parsed, "raw_stdout": out, "stderr": err, "calls": calls,
            "log_problems": problems, "log": log}


def report(name, directory, r0, r1s, diffs, meta):
    print("FAIL: %s (%s)" % (name, directory))
    print("  input: %s" % json.dumps(meta["input"]))
    for d in diffs:
        print("  - " + d)
    for label, r in [("-O0", r0)] + [("-O1 run %d" % i, r) for i, r in enumerate(r1s)]:
        print("  %s: exit %d, stdout %s" % (label, r["rc"], r["raw_stdout"].strip() or "(empty)"))
        for l in r["stderr"].strip().splitlines()[-5:]:
            print("      stderr| " + l)
        print("      log %s:" % r["log"])
        for e in describe_log(r["calls"], meta["tools"]):
            print("        " + e)
    print("  reproduce: sh %s" % os.path.join(directory, "repro.sh"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wfc", required=True, help="the wfc compiler")
    ap.add_argument("--count", type=int, default=4, help="how many packs (default 4)")
    ap.add_argument("--seed", type=int, default=2026, help="the generator's seed (default 2026)")
    ap.add_argument("--workdir", help="where the packs go (default: a temporary directory, "
                                      "removed when every pack agrees)")
    ap.add_argument("--runs", type=int, default=2, help="-O1 runs per pack (default 2)")
    ap.add_argument("--generate-only", action="store_true", help="write and check the packs, compile nothing")
    args = ap.parse_args()

    wfc = os.path.abspath(args.wfc)
    if not os.access(wfc, os.X_OK):
        print("random_packs.py: %s is not an executable" % wfc, file=sys.stderr)
        return 2
    python = sys.executable or shutil.which("python3")
    workdir = os.path.abspath(args.workdir) if args.workdir else tempfile.mkdtemp(prefix="wfc-random-packs-")
    try:
        os.makedirs(workdir, exist_ok=True)
    except OSError as e:
        print("random_packs.py: cannot use %s as the work directory: %s" % (workdir, e), file=sys.stderr)
        return 2
    print("random_packs.py: seed %d, %d pack(s), workdir %s" % (args.seed, args.count, workdir))
    sys.stdout.flush()

    failures = 0
    for index in range(args.count):
        rng = random.Random("%d/%d" % (args.seed, index))
        gen = PackGen(rng, index, failing=(index % 4 == 3))
        pack = gen.generate()
        run_input = gen.input()
        name = "pack%d" % index
        directory = os.path.join(workdir, name)
        write_pack(directory, gen, pack, run_input, python)
        with open(os.path.join(directory, "meta.json")) as f:
            meta = json.load(f)

        q = shlex.quote
        with open(os.path.join(directory, "repro.sh"), "w") as f:
            f.write("#!/bin/sh\n# Re-run pack %d (seed %d) at -O0 and -O1; logs in log-O0.jsonl / log-O1.jsonl.\n"
                    "set -x\ncd %s\n" % (index, args.seed, q(directory)))
            for lvl in ("0", "1"):
                f.write("%s compile pack.yaml --composition main --bindings bindings.yaml -O%s -o exe%s\n"
                        % (q(wfc), lvl, lvl))
                f.write("rm -f log-O%s.jsonl; WFC_TEST_TOOL_LOG=$PWD/log-O%s.jsonl ./exe%s --quiet --input-json %s; echo \"exit $?\"\n"
                        % (lvl, lvl, lvl, q(json.dumps(run_input))))

        rc, out, err = run([wfc, "check", "-Werror", "--composition", "main", "--bindings", "bindings.yaml",
                            "pack.yaml"], directory)
        if rc != 0:
            print("FAIL: %s: `wfc check` rejects a generated pack (a generator bug) (%s):\n%s"
                  % (name, directory, err))
            failures += 1
            continue
        if args.generate_only:
            print("ok: %s checked" % name)
            continue

        broken = False
        for lvl in ("0", "1"):
            rc, out, err = run([wfc, "compile", "pack.yaml", "--composition", "main", "--bindings",
                                "bindings.yaml", "-O" + lvl, "-o", "exe" + lvl], directory, timeout=600)
            if rc != 0:
                print("FAIL: %s: `wfc compile -O%s` failed with exit %d (%s):\n%s" % (name, lvl, rc, directory, err))
                broken = True
                break
        if broken:
            failures += 1
            continue

        r0 = run_exe(os.path.join(directory, "exe0"), directory, run_input, os.path.join(directory, "log-O0.jsonl"))
        r1s, diffs = [], []
        for i in range(max(1, args.runs)):
            r1 = run_exe(os.path.join(directory, "exe1"), directory, run_input,
                         os.path.join(directory, "log-O1-%d.jsonl" % i))
            r1s.append(r1)
            d = compare(r0, r1, meta)
            diffs += ["(-O1 run %d) %s" % (i, x) for x in d]
        if r0["rc"] != 0 and meta["fail_at"] is None:
            diffs.append("the -O0 run failed (exit %d) but the pack has no failing step" % r0["rc"])
        if r0["rc"] == 0 and meta["fail_at"] is not None and meta["fail_at"] in r0["calls"]:
            diffs.append("the failing step ran but the -O0 run succeeded")
        if diffs:
            report(name, directory, r0, r1s, diffs, meta)
            failures += 1
        else:
            print("ok: %s: exit %d, %d call(s) at -O0; -O1: %s call(s), %s started before an "
                  "earlier call ended" % (name, r0["rc"], len(r0["calls"]),
                                          "/".join(str(len(r["calls"])) for r in r1s),
                                          "/".join(str(early_starts(r["calls"])) for r in r1s)))
        sys.stdout.flush()

    if failures:
        print("random_packs.py: %d of %d pack(s) FAILED (seed %d); kept in %s" % (failures, args.count, args.seed, workdir))
        return 1
    print("random_packs.py: all %d pack(s) %s (seed %d)"
          % (args.count, "pass `wfc check`" if args.generate_only else "agree", args.seed))
    if not args.workdir:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
