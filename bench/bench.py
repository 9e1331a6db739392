#!/usr/bin/env python3
"""The benchmark (BENCHMARKS.md): generates the shapes (shapes.py), compiles them against the
runtime as `wfc compile` does, runs each in process (Google Benchmark) and as a process, runs the
hand-written floor the same ways, times the compiler, and prints one table:

    figure | wfc | floor | ratio | target | load

Use bench/run.sh [BUILD_DIR] [--smoke] [--work-dir DIR] [--json FILE].

--smoke: tiny sizes and few runs, for the bench/smoke test: the table must come out whole (every
row a value, or a reason it has none); no figure is judged.

Timing: in process, every run is timed (median and 99th percentile of the per-run wall times;
bench/inprocess/Samples.h). As a process: posix_spawn to wait4, so the figure includes exec, the
dynamic loader and exit; peak RSS is GNU time's %M of one more run. `load` is the 1-minute load average when
the figure was taken: on a shared machine, read wall times beside it.
"""
import argparse
import hashlib
import http.client
import json
import os
import platform
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shapes  # noqa: E402

FULL = {"chains": [10, 1000, 10000], "fanouts": [8, 64], "loop": 100, "foreach": 64, "rounds": 10,
        "prompts": 4, "delay_ms": 200, "runs": 30, "min_time": "0.5", "llm_runs": 5,
        "check_sizes": [1000, 10000], "cxx_sizes": [50, 1000], "cxx_levels": ["-O0", "-O2"], "compile_runs": 3,
        "journal_chain": 1000, "journal_sizes": [10, 1000], "toolcomp": [3, 50], "awl": [10, 100], "awl_shell": 20,
        "batch_lines": 10000, "batch_max_runs": [64, 256], "batch_delay_ms": 100, "batch_rpm": 30000,
        "batch_tpm": 3000000, "batch_overhead_lines": 10000,
        "stream_iterations": 300, "stream_concurrency": [1, 16, 256],
        "serve_stream_iterations": 200, "serve_stream_warmup": 20, "cost_documents": 100, "chat_turns": 1000}
SMOKE = {"chains": [10, 20, 40], "fanouts": [2], "loop": 3, "foreach": 3, "rounds": 2, "prompts": 2,
         "delay_ms": 20, "runs": 3, "min_time": "0.01", "llm_runs": 1,
         "check_sizes": [20], "cxx_sizes": [5], "cxx_levels": ["-O0"], "compile_runs": 1,
         "journal_chain": 20, "journal_sizes": [2, 5], "toolcomp": [3, 5], "awl": [2, 4], "awl_shell": 2,
         "batch_lines": 40, "batch_max_runs": [4, 8], "batch_delay_ms": 5, "batch_rpm": 6000, "batch_tpm": 600000,
         "batch_overhead_lines": 40, "stream_iterations": 10, "stream_concurrency": [1, 2],
         "serve_stream_iterations": 5, "serve_stream_warmup": 2, "cost_documents": 5, "chat_turns": 5}


def load():
    return os.getloadavg()[0]


def fresh_journal(directory, name):
    """The path of journal `name` in `directory`, with what a previous run left there (the file
    and its -wal and -shm) removed."""
    path = os.path.join(directory, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.unlink(path + suffix)
    return path


def percentile(values, p):
    """The value at rank p of the sorted values (nearest rank over n - 1, as
    bench/stream/StreamBenchmark.cpp takes it: the p99 of 200 is the third highest)."""
    v = sorted(values)
    return v[min(len(v) - 1, int(p * (len(v) - 1) + 0.5))]


class Row:
    def __init__(self, figure, wfc=None, floor=None, unit="", target="", met=None, note="", ratio=True):
        self.figure, self.wfc, self.floor, self.unit = figure, wfc, floor, unit
        self.target, self.met, self.note, self.show_ratio = target, met, note, ratio
        self.load = load()

    def cells(self):
        def fmt(v):
            if v is None:
                return "—"
            if isinstance(v, str):
                return v
            if self.unit == "%":
                return f"{v:.1f} %"
            if abs(v) >= 100:
                return f"{v:,.0f} {self.unit}".strip()
            if abs(v) >= 10:
                return f"{v:.1f} {self.unit}".strip()
            return f"{v:.2f} {self.unit}".strip()
        ratio = "—"
        if self.show_ratio and isinstance(self.wfc, (int, float)) and isinstance(self.floor, (int, float)) and self.floor > 0:
            ratio = f"×{self.wfc / self.floor:.2f}"
        target = self.target
        if self.met is not None and target:
            target += " ✓" if self.met else " ✗"
        wfc = fmt(self.wfc) if self.note == "" or self.wfc is not None else self.note
        return [self.figure, wfc, fmt(self.floor), ratio, target or "—", f"{self.load:.2f}"]


class Bench:
    def __init__(self, config, sizes, work, smoke):
        self.c, self.s, self.work, self.smoke = config, sizes, work, smoke
        self.rows, self.pending = [], []
        self.env = dict(os.environ)
        # The executables run with the caller's environment minus what would steer them elsewhere.
        for name in ("WFC_LLM_BASE_URL", "OPENAI_BASE_URL", "WFC_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
            self.env.pop(name, None)

    # ---- running things
    def run(self, argv, check=True, **kw):
        result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env, **kw)
        if check and result.returncode != 0:
            raise RuntimeError(f"{' '.join(argv[:3])}… failed ({result.returncode}):\n{result.stderr.strip()}")
        return result

    def spawn_runs(self, argv, runs, stamp=False):
        """Runs argv `runs` times as a process; returns wall ms (median, p99, min), peak RSS in KB
        and, with stamp, the median ms from spawn to the stamp tool's run."""
        walls, firsts = [], []
        stamp_file = os.path.join(self.work, "stamp")
        env = dict(self.env)
        if stamp:
            env["WFC_BENCH_STAMP"] = stamp_file
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            for _ in range(runs):
                if stamp and os.path.exists(stamp_file):
                    os.unlink(stamp_file)
                started = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
                pid = os.posix_spawn(argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
                _, status, _ = os.wait4(pid, 0)
                ended = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
                if os.waitstatus_to_exitcode(status) != 0:
                    raise RuntimeError(f"{' '.join(argv)} exited with {os.waitstatus_to_exitcode(status)}")
                walls.append((ended - started) / 1e6)
                if stamp:
                    with open(stamp_file) as f:
                        firsts.append((int(f.read()) - started) / 1e6)
        finally:
            os.close(devnull)
        walls.sort()
        p99 = walls[min(len(walls) - 1, max(0, int(len(walls) * 0.99 + 0.999) - 1))]
        return {"median": statistics.median(walls), "p99": p99, "min": walls[0], "rss_kb": self.peak_rss(argv, env),
                "first": statistics.median(firsts) if firsts else None}

    def peak_rss(self, argv, env):
        """Peak RSS in KB of one run, through GNU time: a child spawned from this Python process
        would report Python's own resident size (the kernel keeps the high-water mark across
        exec, and posix_spawn's vfork shares the parent's memory until then)."""
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, env=env)
        return int(result.stderr.strip().splitlines()[-1])

    def timed(self, argv, runs):
        """Median wall seconds and peak RSS (KB) of a command (the compiler figures)."""
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            pid = os.posix_spawn(argv[0], argv, self.env,
                                 file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
            _, status, _ = os.wait4(pid, 0)
            times.append(time.perf_counter() - started)
            if os.waitstatus_to_exitcode(status) != 0:
                raise RuntimeError(f"{' '.join(argv[:3])}… exited with {os.waitstatus_to_exitcode(status)}")
        return statistics.median(times), self.peak_rss(argv, self.env)

    # ---- building the shapes
    def write(self, shape):
        d = os.path.join(self.work, shape.name)
        os.makedirs(d, exist_ok=True)
        pack, bindings = os.path.join(d, "pack.yaml"), os.path.join(d, "bindings.yaml")
        with open(pack, "w") as f:
            f.write(shape.pack)
        with open(bindings, "w") as f:
            f.write(shape.bindings)
        return d, pack, bindings

    def build(self, shape, inprocess=True):
        """wfc build, then the generated source compiled once (-O2, as `wfc compile`) and linked
        twice: as a process (ProcessMain.cpp) and into the in-process harness. None when wfc check
        rejects the pack (a shape waiting for a feature): the reason is kept as pending."""
        d, pack, bindings = self.write(shape)
        opt = [f"-O{shape.opt}"] if hasattr(shape, "opt") else []
        for command in (["check", pack, "--bindings", bindings],
                        ["build", pack, "--bindings", bindings, "-o", d, "--output-name", "flow"] + opt):
            result = self.run([self.c["wfc"]] + command, check=False)
            if result.returncode != 0:
                reason = next((l for l in result.stderr.splitlines() if "error" in l), result.stderr.strip()[:200])
                reason = reason.replace(pack, "pack.yaml")
                print(f"  skipped {shape.name}: wfc {command[0]} rejects it: {reason}", flush=True)
                self.pending.append((shape.name, f"wfc {command[0]}: {reason}"))
                return None
        obj = os.path.join(d, "flow.o")
        compile_argv = [self.c["cxx"], "-std=c++20", "-O2", "-Dmain=wfc_workflow_main", "-I", self.c["include_dir"],
                        "-c", os.path.join(d, "flow.wfc.cpp"), "-o", obj]
        # A kept --work-dir reuses the object of an unchanged source compiled against unchanged
        # headers (a 10,000-step chain takes minutes to compile at -O2).
        digest = hashlib.sha256(" ".join(compile_argv).encode())
        with open(os.path.join(d, "flow.wfc.cpp"), "rb") as f:
            digest.update(f.read())
        headers = os.path.join(self.c["include_dir"], "wfc")
        for name in sorted(os.listdir(headers)):
            with open(os.path.join(headers, name), "rb") as f:
                digest.update(name.encode() + f.read())
        key = digest.hexdigest()
        key_file = obj + ".key"
        if not (os.path.exists(obj) and os.path.exists(key_file) and open(key_file).read() == key):
            self.run(compile_argv)
            with open(key_file, "w") as f:
                f.write(key)
        links = [self.c["tools"]] + self.c["runtime"] + self.c["runtime_links"]
        exe = os.path.join(d, shape.name)
        self.run([self.c["cxx"], obj, self.c["process_main"]] + links + ["-o", exe])
        inproc = None
        if inprocess:
            inproc = exe + "-inprocess"
            self.run([self.c["cxx"], obj, self.c["inprocess_main"]] + links + [self.c["benchmark_link"], "-o", inproc])
        return exe, inproc

    def inprocess(self, exe, args):
        out = self.run([exe, f"--benchmark_min_time={self.s['min_time']}", "--benchmark_format=json", "--"] + args)
        bench = json.loads(out.stdout)["benchmarks"][0]
        if bench.get("error_occurred"):
            raise RuntimeError(f"{exe}: {bench.get('error_message')}")
        return {"p50": bench["p50_us"], "p99": bench["p99_us"]}

    # ---- the figures
    def floor_inprocess(self):
        out = self.run([self.c["floor_inprocess"], f"--benchmark_min_time={self.s['min_time']}",
                        "--benchmark_format=json", "--chains=" + ",".join(map(str, self.s["chains"] + [self.s["loop"], self.s["foreach"]])),
                        "--fanouts=" + ",".join(map(str, self.s["fanouts"]))])
        return {b["run_name"].removesuffix("/real_time"): {"p50": b["p50_us"], "p99": b["p99_us"]}
                for b in json.loads(out.stdout)["benchmarks"]}

    def runtime(self):
        print("== runtime", flush=True)
        s = self.s
        floor_in = self.floor_inprocess()
        chains = {}
        for n in s["chains"]:
            built = self.build(shapes.chain(n))
            chains[n] = {"in": self.inprocess(built[1], ["--input-json", '{"seed": 1}']),
                         "proc": self.spawn_runs([built[0], "--input-json", '{"seed": 1}'], s["runs"])}
            print(f"  chain-{n}: {chains[n]['in']['p50']:.1f} µs in process", flush=True)
        floor_chain = {}
        for n in s["chains"]:
            name = f"floor/chain/{n}"
            floor_chain[n] = {"in": floor_in.get(name), "proc": self.spawn_runs([self.c["floor"], "chain", str(n)], s["runs"])}
        a, b, c3 = s["chains"]
        slope = lambda d, x, y, key="p50": (d[y]["in"][key] - d[x]["in"][key]) / (y - x) if d[x]["in"] and d[y]["in"] else None
        # p99 per step: the slow tail of the long chain against the typical short one.
        slope99 = lambda d, x, y: ((d[y]["in"]["p99"] - d[x]["in"]["p50"]) / (y - x)
                                   if d[x]["in"] and d[y]["in"] else None)
        fixed = lambda d: (d[a]["in"]["p50"] - a * slope(d, a, b)) if d[a]["in"] and d[b]["in"] else None
        ps_w, ps_f = slope(chains, a, b), slope(floor_chain, a, b)
        self.rows.append(Row(f"per-step overhead, median (in process, chain {a}→{b})", ps_w * 1000, ps_f * 1000 if ps_f else None,
                             "ns", "< 1 µs", ps_w < 1.0))
        p99_w, p99_f = slope99(chains, a, b), slope99(floor_chain, a, b)
        self.rows.append(Row(f"per-step overhead, p99 (in process, chain {b} p99 − chain {a} median)", p99_w * 1000,
                             p99_f * 1000 if p99_f else None, "ns"))
        lin_w, lin_f = slope(chains, b, c3), slope(floor_chain, b, c3)
        self.rows.append(Row(f"per-step overhead, chain {b}→{c3} (linear: ≈ the line above)", lin_w * 1000,
                             lin_f * 1000 if lin_f else None, "ns", "linear", abs(lin_w - ps_w) <= 0.5 * ps_w + 0.05))
        self.rows.append(Row("fixed cost per run, in process (runMain: command line, bindings, output)",
                             fixed(chains), fixed(floor_chain), "µs"))
        for n in s["chains"]:
            self.rows.append(Row(f"{n}-step chain, in process, median", chains[n]["in"]["p50"] / 1000,
                                 floor_chain[n]["in"]["p50"] / 1000 if floor_chain[n]["in"] else None, "ms",
                                 "< 1 ms" if n == 1000 else "", chains[n]["in"]["p50"] < 1000 if n == 1000 else None))
        for n in s["chains"]:
            self.rows.append(Row(f"{n}-step chain, whole process, median", chains[n]["proc"]["median"],
                                 floor_chain[n]["proc"]["median"], "ms"))
        for n in s["chains"]:
            self.rows.append(Row(f"peak RSS, {n}-step chain", chains[n]["proc"]["rss_kb"] / 1024,
                                 floor_chain[n]["proc"]["rss_kb"] / 1024, "MB"))

        mock = self.build(shapes.chain(b, "mock"))
        mock_in = self.inprocess(mock[1], ["--input-json", '{"seed": 1}'])
        self.rows.append(Row(f"{b}-step chain, mock binding, in process, median", mock_in["p50"] / 1000,
                             floor_chain[b]["in"]["p50"] / 1000 if floor_chain[b]["in"] else None, "ms"))

        for n in s["fanouts"]:
            exe, inproc = self.build(shapes.fanout(n))
            fin = self.inprocess(inproc, [])
            ffl = floor_in.get(f"floor/fanout/{n}")
            proc = self.spawn_runs([exe], s["runs"])
            fproc = self.spawn_runs([self.c["floor"], "fanout", str(n)], s["runs"])
            self.rows.append(Row(f"fan-out {n} × 20 ms, in process, median", fin["p50"] / 1000,
                                 ffl["p50"] / 1000 if ffl else None, "ms",
                                 "< 21 ms" if n == 8 else "", fin["p50"] < 21000 if n == 8 else None))
            self.rows.append(Row(f"fan-out {n} × 20 ms, parallel efficiency (20 ms / wall)", 2000000 / fin["p50"],
                                 2000000 / ffl["p50"] if ffl else None, "%", "≥ 95 %",
                                 2000000 / fin["p50"] >= 95 if n == 8 else None))
            self.rows.append(Row(f"fan-out {n} × 20 ms, whole process, median", proc["median"], fproc["median"], "ms"))

        exe, inproc = self.build(shapes.branch())
        bin_ = self.inprocess(inproc, ["--input-json", '{"n": 42}'])
        fb = floor_in.get("floor/branch")
        self.rows.append(Row("branch (3 steps run, 1 skipped), in process, median", bin_["p50"], fb["p50"] if fb else None, "µs"))

        for shape, label in ((shapes.loop(s["loop"]), f"wfc.loop of {s['loop']} iterations"),
                             (shapes.foreach(s["foreach"]), f"wfc.foreach over {s['foreach']} items")):
            built = self.build(shape)
            if not built:
                self.rows.append(Row(f"{label}, in process, median", note="pending (see below)"))
                continue
            got = self.inprocess(built[1], shape.args)
            n = int(shape.floor[1])
            fl = floor_in.get(f"floor/chain/{n}")
            self.rows.append(Row(f"{label}, in process, median", got["p50"], fl["p50"] if fl else None, "µs"))

    def journal(self):
        """--journal (docs/journal.md), in process. The cost per step is a slope, as for the
        runtime's own per-step figure: chains of 10 and N steps with and without a journal, in
        each sync mode; the difference of the slopes is the cost per step, the difference of
        the intercepts the cost per run (opening the file, recording the run's start and end,
        closing). Each in-process iteration is one more run in the same file. Then a foreach
        (its items commit at once: group commit), and the chains against files that already hold
        `journal_sizes` runs of the long chain. The floor writes one row per step straight
        through SQLite's C API (autocommit, SQLite's own checkpoints, same modes)."""
        print("== journal", flush=True)
        s = self.s
        n, m = s["journal_chain"], s["foreach"]
        short = 10
        jdir = os.path.join(self.work, "journal")
        os.makedirs(jdir, exist_ok=True)

        def fresh(name):
            return fresh_journal(jdir, name)

        fresh("floor-normal.db")
        fresh("floor-full.db")
        out = self.run([self.c["floor_inprocess"], f"--benchmark_min_time={s['min_time']}", "--benchmark_format=json",
                        f"--chains={n}", "--fanouts=2", f"--journaled-chain={n}", f"--journal-dir={jdir}",
                        "--benchmark_filter=chain"])
        floor = {b["run_name"].removesuffix("/real_time"): b["p50_us"] for b in json.loads(out.stdout)["benchmarks"]}
        chains = {k: self.build(shapes.chain(k)) for k in (short, n)}
        args = shapes.chain(n).args

        def medians(extra, name):
            got = {}
            for k in (short, n):
                journal = ["--journal", fresh(f"{name}-{k}.db")] + extra if extra is not None else []
                got[k] = self.inprocess(chains[k][1], args + journal)["p50"]
            return got

        def line(got):
            slope = (got[n] - got[short]) / (n - short)
            return slope, got[short] - short * slope

        none = medians(None, "none")
        base_slope, base_fixed = line(none)
        fixed_normal = None
        for sync in ("normal", "full"):
            got = medians([f"--journal-sync={sync}"], sync)
            slope, fixed = line(got)
            fl = floor.get(f"floor/journaled-chain/{n}/{sync}")
            fl_step = (fl - floor[f"floor/chain/{n}"]) / n if fl and floor.get(f"floor/chain/{n}") else None
            normal = sync == "normal"
            self.rows.append(Row(f"{n}-step chain, in process, median, --journal-sync={sync} (without: "
                                 f"{none[n] / 1000:.2f} ms)", got[n] / 1000, fl / 1000 if fl else None, "ms"))
            self.rows.append(Row(f"journal cost per step, {sync} (chain {short}→{n} slope, minus the slope without)",
                                 slope - base_slope, fl_step, "µs", "< 20 µs" if normal else "",
                                 slope - base_slope < 20 if normal else None))
            self.rows.append(Row(f"journal cost per run, {sync} (intercept, minus the one without)", fixed - base_fixed,
                                 None, "µs"))
            if normal:
                fixed_normal = fixed - base_fixed

        shape = shapes.foreach(m)
        built = self.build(shape)
        base = self.inprocess(built[1], shape.args)["p50"]
        for sync in ("normal", "full"):
            got = self.inprocess(built[1], shape.args + ["--journal", fresh(f"foreach-{sync}.db"),
                                                        f"--journal-sync={sync}"])["p50"]
            self.rows.append(Row(f"wfc.foreach over {m} items, in process, median, --journal-sync={sync} "
                                 f"(without: {base / 1000:.2f} ms)", got / 1000, None, "ms"))
            if sync == "normal":
                self.rows.append(Row(f"journal cost per item, wfc.foreach over {m} items, normal (minus the cost per run)",
                                     (got - base - fixed_normal) / m, None, "µs", "< 20 µs", (got - base - fixed_normal) / m < 20))

        # Resuming: a run of the long chain whose last step had not committed when it stopped (as
        # after a kill), resumed — its history loaded, n - 1 steps served from it, one run. Whole
        # processes, each on a fresh copy of the journal; against the same chain run afresh.
        template = fresh("resume-template.db")
        self.run([chains[n][0]] + args + ["--journal", template])
        with sqlite3.connect(template) as db:
            run_id = db.execute("SELECT id FROM runs").fetchone()[0]
            db.execute("DELETE FROM steps WHERE path = ?", (f"s{n - 1}",))
            db.execute("UPDATE runs SET status = 'running', output = NULL, finished_ms = NULL, owner = NULL")
        copy = os.path.join(jdir, "resume.db")
        walls = []
        for _ in range(s["runs"]):
            fresh("resume.db")
            shutil.copyfile(template, copy)
            started = time.perf_counter()
            self.run([chains[n][0], "--journal", copy, "--resume", run_id])
            walls.append((time.perf_counter() - started) * 1000)
        afresh = self.spawn_runs([chains[n][0]] + args, s["runs"])["median"]
        self.rows.append(Row(f"--resume of a {n}-step chain killed before its last step, whole process, median "
                             f"(the chain afresh, no journal: {afresh:.2f} ms)", statistics.median(walls), None, "ms"))

        # The same chains with the journal already holding many runs of the long one.
        for runs in s["journal_sizes"]:
            path = fresh(f"prefilled-{runs}.db")
            for _ in range(runs):
                self.run([chains[n][0]] + args + ["--journal", path])
            size = sum(os.path.getsize(path + x) for x in ("", "-wal") if os.path.exists(path + x))
            # The short chain is another pack (another journal): here the cost per step is the long
            # chain's difference, less the cost per run measured on a fresh file.
            got = self.inprocess(chains[n][1], args + ["--journal", path])["p50"]
            per_step = (got - none[n] - fixed_normal) / n
            self.rows.append(Row(f"journal cost per step, normal, {runs} runs of {n} steps already in the file "
                                 f"({size / 1e6:.0f} MB)", per_step, None, "µs", "< 20 µs", per_step < 20))

    def versions(self):
        """Versions, fork and journaled chats (docs/journal.md): what a step costs in the journal's
        file; a fork of an n-step run from its last step and from its middle, whole process (the
        source's history read, its reused rows copied into the fork, the steps from STEP on run);
        and what a turn of a long journaled conversation costs in the file, against the bytes of
        its messages."""
        print("== versions", flush=True)
        s = self.s
        n, short = s["journal_chain"], 10
        vdir = os.path.join(self.work, "versions")
        os.makedirs(vdir, exist_ok=True)

        def fresh(name):
            return fresh_journal(vdir, name)

        def used_bytes(path):
            # The pages in use (not the free ones a vacuum would give back), log included: every
            # process closed it, so the log was checkpointed into the file.
            with sqlite3.connect(path) as db:
                pages = db.execute("PRAGMA page_count").fetchone()[0] - db.execute("PRAGMA freelist_count").fetchone()[0]
                return pages * db.execute("PRAGMA page_size").fetchone()[0]

        chains = {k: self.build(shapes.chain(k), inprocess=False) for k in (short, n)}
        used = {}
        for k in (short, n):
            path = fresh(f"bytes-{k}.db")
            self.run([chains[k][0]] + shapes.chain(k).args + ["--journal", path])
            used[k] = used_bytes(path)
        self.rows.append(Row(f"journal bytes per step, a chain of tool steps ({short}→{n} slope)",
                             (used[n] - used[short]) / (n - short), None, "B", ratio=False))

        template = fresh("fork-template.db")
        self.run([chains[n][0]] + shapes.chain(n).args + ["--journal", template])
        with sqlite3.connect(template) as db:
            run_id = db.execute("SELECT id FROM runs").fetchone()[0]
        afresh = self.spawn_runs([chains[n][0]] + shapes.chain(n).args, s["runs"])["median"]
        for step, where in ((f"s{n - 1}", "last"), (f"s{n // 2}", "middle")):
            walls = []
            for _ in range(s["runs"]):
                copy = fresh("fork.db")
                shutil.copyfile(template, copy)
                started = time.perf_counter()
                self.run([chains[n][0], "--journal", copy, "--fork", run_id, "--from", step, "--quiet"])
                walls.append((time.perf_counter() - started) * 1000)
            self.rows.append(Row(f"--fork of a {n}-step run from its {where} step, whole process, median (the chain "
                                 f"afresh, no journal: {afresh:.2f} ms)", statistics.median(walls), None, "ms"))

        if not self.c.get("llm_server"):
            self.rows.append(Row("journaled chat", note="skipped: no test LLM server in this build (WFC_BUILD_TESTS=OFF)"))
            return
        turns = s["chat_turns"]
        pack = shapes.HEADER.format(id="chat", name="A chat") + (
            "prompts:\n  talk: {id: talk, name: Talk, version: 1.0.0, system_template: Answer in one line.}\n"
            "tools: {}\n")
        shape = shapes.Shape("chat", pack, "tools: {}\n", about="a chat executable of one task")
        built = self.build(shape, inprocess=False)
        # A chat's usual sizes: a question of a couple of sentences, an answer of a paragraph.
        reply = ("An answer of a paragraph, as a chat reply usually is: it restates the question, gives the "
                 "facts the user asked for with a reason or two, and ends with what to do next. ") * 3
        script = {"replies": [{"reply": {"content": reply}}]}
        lines = "".join(json.dumps({"message": f"Question {i}: given everything we said so far, what comes next, "
                                              "and why would that be the better choice for the team this week?"}) + "\n"
                        for i in range(turns))
        message_bytes = sum(len(json.loads(l)["message"]) for l in lines.splitlines()) + turns * len(reply)
        journal = fresh("chat.db")
        with LlmServer(self.c["llm_server"], script, os.path.join(self.work, "chat")) as server:
            started = time.perf_counter()
            subprocess.run([built[0], "--chat", "--journal", journal, "--llm-base-url", server.base_url, "--model",
                            "bench", "--quiet"], input=lines, text=True, check=True, stdout=subprocess.DEVNULL)
            wall = time.perf_counter() - started
        size = used_bytes(journal)
        self.rows.append(Row(f"journaled chat of {turns} turns: journal bytes per turn (messages: "
                             f"{message_bytes / turns:.0f} B a turn; {wall:.1f} s in all)", size / turns, None, "B",
                             ratio=False))
        self.rows.append(Row(f"journaled chat of {turns} turns: journal bytes / message bytes", size / message_bytes,
                             None, "×", "a small factor", size / message_bytes < 10, ratio=False))

    def toolcomp(self):
        """Tool compositions (docs/tool-composition.md): chains of native no-op tools, so the time is
        the composition's own — scheduling, interpolation, the result object, the strategy's
        bookkeeping — in process and as a whole process. The floor is the hand-written chain of the
        same length (plain calls, no result object)."""
        print("== toolcomp", flush=True)
        s = self.s
        sizes = s["toolcomp"]
        out = self.run([self.c["floor_inprocess"], f"--benchmark_min_time={s['min_time']}", "--benchmark_format=json",
                        "--chains=" + ",".join(map(str, sizes)), "--fanouts=2", "--benchmark_filter=chain"])
        floor = {b["run_name"].removesuffix("/real_time"): b["p50_us"] for b in json.loads(out.stdout)["benchmarks"]}
        got = {}
        for n in sizes:
            shape = shapes.toolcomp(n)
            exe, inproc = self.build(shape)
            got[n] = self.inprocess(inproc, shape.args)["p50"]
            proc = self.spawn_runs([exe] + shape.args, s["runs"])
            fl = floor.get(f"floor/chain/{n}")
            self.rows.append(Row(f"tool composition of {n} no-op steps, overhead in process, median", got[n], fl, "µs",
                                 "< 1 ms" if n == 50 else "", got[n] < 1000 if n == 50 else None))
            self.rows.append(Row(f"tool composition of {n} no-op steps, whole process, median", proc["median"],
                                 None, "ms", "< 200 ms (seed 004)", proc["median"] < 200))
        a, b = sizes[0], sizes[-1]
        self.rows.append(Row(f"tool composition, cost per step (chain {a}→{b} slope)", (got[b] - got[a]) / (b - a) * 1000,
                             None, "ns"))

    def batch(self):
        """Batches (docs/batch.md): a one-prompt workflow over `batch_lines` lines against the test
        LLM server, whose replies take `batch_delay_ms` — runs per second beside the ideal
        (--max-runs / the delay), and peak RSS, at each --max-runs; the rate limiter's accuracy —
        requests and tokens per minute measured from the server's request log (arrival times)
        against --rpm and --tpm, over the whole batch and over its busiest second; and the
        overhead per line — a batch of a one-step no-op workflow (no HTTP), one line at a time,
        with and without --journal, beside one process per line."""
        print("== batch", flush=True)
        if not self.c.get("llm_server"):
            self.rows.append(Row("batch", note="skipped: no test LLM server in this build (WFC_BUILD_TESTS=OFF)"))
            return
        s = self.s
        n, delay = s["batch_lines"], s["batch_delay_ms"]
        bdir = os.path.join(self.work, "batch")
        os.makedirs(bdir, exist_ok=True)
        lines = os.path.join(bdir, "docs.jsonl")
        with open(lines, "w") as f:
            for i in range(n):
                f.write(json.dumps({"text": f"document {i}: " + "lorem ipsum dolor sit amet " * 8}) + "\n")
        usage = {"prompt_tokens": 80, "completion_tokens": 20}
        shape = shapes.summarize(delay, usage)
        built = self.build(shape, inprocess=False)
        if not built:
            self.rows.append(Row("batch", note="pending"))
            return

        def run_batch(extra, name):
            """One batch under GNU time: wall seconds, peak RSS (KB), the server's log."""
            directory = os.path.join(bdir, name)
            # As many server workers as runs in flight: each run's thread keeps a connection open.
            with LlmServer(self.c["llm_server"], shape.script, directory, workers=max(s["batch_max_runs"])) as server:
                argv = ["/usr/bin/time", "-f", "%e %M %U %S", built[0]] + shape.args + [
                    "--llm-base-url", server.base_url, "--input-jsonl", lines, "--output-jsonl", os.devnull,
                    "--quiet"] + extra
                result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=self.env)
                if result.returncode != 0:
                    raise RuntimeError(f"batch {name} exited with {result.returncode}:\n{result.stderr.strip()}")
                wall, rss, user, system = result.stderr.strip().splitlines()[-1].split()
            log = [json.loads(l) for l in open(server.log) if l.strip()]
            if len(log) != n:
                raise RuntimeError(f"batch {name}: {len(log)} requests for {n} lines")
            cpu_us = (float(user) + float(system)) * 1e6 / n
            return float(wall), int(rss), sorted(r["arrived_ms"] for r in log), cpu_us

        def busiest(arrivals, window_ms):
            """The most requests that arrived within any `window_ms`."""
            most, j = 0, 0
            for i, at in enumerate(arrivals):
                while arrivals[j] <= at - window_ms:
                    j += 1
                most = max(most, i - j + 1)
            return most

        for runs in s["batch_max_runs"]:
            wall, rss, _, cpu = run_batch(["--max-runs", str(runs)], f"max-runs-{runs}")
            ideal = runs * 1000 / delay
            self.rows.append(Row(f"batch of {n} lines, one {delay} ms prompt each, --max-runs {runs}: runs/s "
                                 f"(ideal {ideal:,.0f}/s; wall {wall:.1f} s)", n / wall, None, "/s", ratio=False))
            self.rows.append(Row(f"batch of {n} lines, --max-runs {runs}: peak RSS", rss / 1024, None, "MB", ratio=False))
            self.rows.append(Row(f"batch of {n} lines, --max-runs {runs}: the executable's CPU time per line (user + "
                                 f"system: HTTP, JSON, the run, the batch)", cpu, None, "µs", ratio=False))

        top = max(s["batch_max_runs"])
        rpm = s["batch_rpm"]
        _, _, arrivals, _ = run_batch(["--max-runs", str(top), "--rpm", str(rpm)], "rpm")
        achieved = (len(arrivals) - 1) * 60000 / (arrivals[-1] - arrivals[0])
        self.rows.append(Row(f"--rpm {rpm}, {n} lines at --max-runs {top}: requests per minute arrived at the server, "
                             f"whole batch (its log)", achieved, None, "/min", f"≤ {rpm:,} + 1 %",
                             achieved <= rpm * 1.01, ratio=False))
        # Requests leave at their places exactly; they reach the server a little unevenly.
        second = busiest(arrivals, 1000)
        self.rows.append(Row(f"--rpm {rpm}: requests arrived in the busiest second (paced: {rpm / 60:,.0f})",
                             float(second), None, "", ratio=False))

        tpm = s["batch_tpm"]
        tokens = usage["prompt_tokens"] + usage["completion_tokens"]
        _, _, arrivals, _ = run_batch(["--max-runs", str(top), "--tpm", str(tpm)], "tpm")
        achieved = (len(arrivals) - 1) * tokens * 60000 / (arrivals[-1] - arrivals[0])
        self.rows.append(Row(f"--tpm {tpm}, {n} lines of {tokens} tokens (estimated 125 before each request, corrected "
                             f"by usage) at --max-runs {top}: tokens per minute arrived at the server, whole batch (its "
                             f"log)", achieved, None, "/min", f"≤ {tpm:,} + 1 %", achieved <= tpm * 1.01, ratio=False))
        second = busiest(arrivals, 1000) * tokens
        self.rows.append(Row(f"--tpm {tpm}: tokens arrived in the busiest second (paced: {tpm / 60:,.0f})",
                             float(second), None, "", ratio=False))

        # The overhead per line: no HTTP, one line at a time, so the time is the batch's own plus
        # one run's fixed cost — against one process per line, the alternative without batches.
        m = s["batch_overhead_lines"]
        chain = shapes.chain(1)
        exe = self.build(chain, inprocess=False)[0]
        seeds = os.path.join(bdir, "seeds.jsonl")
        with open(seeds, "w") as f:
            for i in range(m):
                f.write(json.dumps({"seed": i}) + "\n")
        per_process = self.spawn_runs([exe] + chain.args, s["runs"])["median"]
        for extra, label in (([], ""), (["--journal", os.path.join(bdir, "overhead.db")], ", --journal")):
            started = time.perf_counter()
            self.run([exe, "--input-jsonl", seeds, "--output-jsonl", os.devnull, "--quiet", "--max-runs", "1"] + extra)
            per_line = (time.perf_counter() - started) * 1e6 / m
            self.rows.append(Row(f"per line, batch of {m} lines of a 1-step no-op workflow, --max-runs 1{label} "
                                 f"(one process per line instead: {per_process * 1000:,.0f} µs)", per_line, None, "µs",
                                 ratio=False))

    def awl(self):
        """AWL workflows (docs/awl.md): a loop's cost per iteration of two actions, a conditional
        and its block in process (the slope between two loop lengths), and a shell action's cost
        as a whole process (each command a fork and exec of /bin/sh)."""
        print("== awl", flush=True)
        s = self.s
        sizes = s["awl"]
        got = {}
        for n in sizes:
            shape = shapes.awl(n)
            built = self.build(shape)
            if not built:
                return
            exe, inproc = built
            got[n] = self.inprocess(inproc, shape.args)["p50"]
            self.rows.append(Row(f"AWL loop of {n} iterations (parse-json, conditional, parse-json), in process, median",
                                 got[n], None, "µs"))
        a, b = sizes[0], sizes[-1]
        self.rows.append(Row(f"AWL loop, cost per iteration ({a}→{b} slope)", (got[b] - got[a]) / (b - a), None, "µs"))
        n = s["awl_shell"]
        shape = shapes.awl_shell(n)
        built = self.build(shape, inprocess=False)
        if not built:
            return
        one = self.spawn_runs([built[0]], s["runs"])
        self.rows.append(Row(f"AWL workflow of {n} shell actions, whole process, median", one["median"], None, "ms"))
        self.rows.append(Row("AWL shell action (fork + exec of /bin/sh, a value in its environment), per action",
                             one["median"] / n, None, "ms", "< 5 ms", one["median"] / n < 5))

    def startup(self):
        print("== start-up", flush=True)
        shape = shapes.start()
        d, pack, bindings = self.write(shape)
        exe = os.path.join(d, "start")
        native = os.path.join(self.c["source_dir"], "bench", "native_tools.cpp")
        # The user's path: `wfc compile`, nothing of the harness linked in.
        self.run([self.c["wfc"], "compile", pack, "--bindings", bindings, "--native", native, "-o", exe])
        runs = self.s["runs"] * 2
        got = self.spawn_runs([exe], runs, stamp=True)
        floor = self.spawn_runs([self.c["floor"], "start"], runs, stamp=True)
        self.rows.append(Row("process start to first step (1-step workflow), median", got["first"], floor["first"], "ms",
                             "< 2 ms", got["first"] < 2))
        self.rows.append(Row("process start to exit (1-step workflow), median", got["median"], floor["median"], "ms"))
        self.rows.append(Row("process start to exit (1-step workflow), p99", got["p99"], floor["p99"], "ms"))
        self.rows.append(Row("peak RSS, 1-step workflow", got["rss_kb"] / 1024, floor["rss_kb"] / 1024, "MB",
                             "< 10 MB", got["rss_kb"] < 10 * 1024))
        objects = lambda path: sum(1 for line in self.run(["ldd", path]).stdout.splitlines() if "=>" in line or "ld-linux" in line)
        self.rows.append(Row("shared objects loaded at start (ldd), 1-step workflow", float(objects(exe)),
                             float(objects(self.c["floor"])), ""))

    def llm(self):
        print("== LLM shapes", flush=True)
        if not self.c.get("llm_server"):
            self.rows.append(Row("agent loop", note="skipped: no test LLM server in this build (WFC_BUILD_TESTS=OFF)"))
            return
        s = self.s
        specs = [(shapes.agent(s["rounds"]), f"agent loop of {s['rounds']} rounds, no delay, whole process, median", None)]
        for opt in (0, 1):
            specs.append((shapes.prompts(s["prompts"], s["delay_ms"], opt),
                          f"{s['prompts']} independent {s['delay_ms']} ms prompt steps at -O{opt}, whole process, median",
                          s["delay_ms"]))
        for shape, label, ideal in specs:
            built = self.build(shape, inprocess=False)
            if not built:
                self.rows.append(Row(label, note="pending"))
                continue
            with LlmServer(self.c["llm_server"], shape.script, os.path.join(self.work, shape.name)) as server:
                args = shape.args + ["--llm-base-url", server.base_url]
                got = self.spawn_runs([built[0]] + args, s["llm_runs"])
                floor_args = [a.replace("{base_url}", server.base_url) for a in shape.floor]
                floor = self.spawn_runs([self.c["floor"]] + floor_args, s["llm_runs"])
            target = f"ideal {ideal} ms (all at once)" if ideal else ""
            self.rows.append(Row(label, got["median"], floor["median"], "ms", target,
                                 None if not ideal else got["median"] < ideal * 1.1))

    def stream(self):
        """Streaming (docs/streaming.md): what wfc adds to the first token, and tokens per second
        through wfc's provider, trace and --stream writer at several concurrent streams."""
        print("== streaming", flush=True)
        if not self.c.get("llm_server"):
            self.rows.append(Row("streaming", note="skipped: no test LLM server in this build (WFC_BUILD_TESTS=OFF)"))
            return
        s = self.s
        words = " ".join(f"w{i}" for i in range(256))
        script = {"replies": [{"match": {"user_contains": "long"}, "reply": {"content": words}},
                              {"reply": {"content": "Hi there, friend."}}]}
        workers = max(s["stream_concurrency"]) + 8
        with LlmServer(self.c["llm_server"], script, os.path.join(self.work, "stream"), workers=workers) as server:
            got = json.loads(self.run([self.c["stream"], server.base_url, str(s["stream_iterations"])]
                                      + [str(n) for n in s["stream_concurrency"]]).stdout)
        first = got["first_token_us"]
        self.rows.append(Row("first token, the test server's own (raw libcurl), p50 / p99",
                             f"{first['server_p50']:.0f} / {first['server_p99']:.0f} µs", None, ratio=False))
        self.rows.append(Row("first token through wfc (provider, trace, --stream line), p50 / p99",
                             f"{first['wfc_p50']:.0f} / {first['wfc_p99']:.0f} µs", None, ratio=False))
        self.rows.append(Row("latency wfc adds to the first token, p99", first["added_p99"], None, "µs",
                             "< 1000 µs", first["added_p99"] < 1000, ratio=False))
        for t in got["throughput"]:
            self.rows.append(Row(f"tokens/s through wfc, {t['streams']} concurrent stream(s) of 256 words",
                                 t["tokens_per_second"], None, "", ratio=False))

    def serve_stream(self):
        """Serve's two streams (docs/streaming.md "Serve"): the time to the first token through
        POST /v1/chat/completions with stream: true (a chat pack's turn) and through POST /runs then
        GET /runs/{id}/events (a one-prompt workflow's run), against the test server's own — the
        same streamed request sent straight to it. Each iteration measures the three in turn, from
        this process with http.client on kept-alive connections, timed from the request's send to
        the line of the first event that carries reply text. What serve adds is the per-iteration
        difference with the server's own (w_i − r_i), whose p50 and p99 are the figures."""
        print("== serve streaming", flush=True)
        if not self.c.get("llm_server"):
            self.rows.append(Row("serve streaming", note="skipped: no test LLM server in this build (WFC_BUILD_TESTS=OFF)"))
            return
        s = self.s
        chat, ask = shapes.chat(), shapes.ask()
        built = {shape.name: self.build(shape, inprocess=False) for shape in (chat, ask)}
        if not all(built.values()):
            self.rows.append(Row("serve streaming", note="pending (see below)"))
            return
        sdir = os.path.join(self.work, "serve-stream")
        request = lambda model: json.dumps({"model": model, "messages": [{"role": "user", "content": "hello"}],
                                            "stream": True}).encode()
        json_post = {"Content-Type": "application/json", "Accept": "text/event-stream"}

        def has_content(data):
            chunk = json.loads(data)
            return bool(chunk.get("choices") and chunk["choices"][0].get("delta", {}).get("content"))

        def first_event(conn, method, path, body, first, started=None):
            """Sends the request and reads the server-sent events line by line: the µs from the send
            (or `started`) to the first `data:` line for which first(data) holds. The rest of the
            body is read too, so that the connection serves the next request."""
            sent = time.perf_counter_ns() if started is None else started
            conn.request(method, path, body=body, headers=json_post if body is not None else {})
            resp = conn.getresponse()
            if resp.status != 200:
                raise RuntimeError(f"{method} {path}: {resp.status} {resp.read()[:300]!r}")
            got = None
            while line := resp.readline():
                if got is None and line.startswith(b"data: ") and first(line[6:]):
                    got = (time.perf_counter_ns() - sent) / 1000
            if got is None:
                raise RuntimeError(f"{method} {path}: the stream ended without a token")
            return got

        def settle():
            # A run's last journal writes (its timeline, its status) follow the end of its stream:
            # they must not land in the next measurement, which would then time the two at once.
            time.sleep(0.005)

        with LlmServer(self.c["llm_server"], chat.script, os.path.join(sdir, "llm")) as server, \
                Served(built["chat"][0], chat.args + ["--llm-base-url", server.base_url],
                       os.path.join(sdir, "chat"), self.env) as chat_serve, \
                Served(built["ask"][0], ask.args + ["--llm-base-url", server.base_url],
                       os.path.join(sdir, "ask"), self.env) as ask_serve:
            llm_host, llm_port = re.match(r"http://([^:/]+):(\d+)", server.base_url).groups()
            # One kept-alive connection per path, as a client that streams one reply after another.
            raw_conn = http.client.HTTPConnection(llm_host, int(llm_port))
            chat_conn = http.client.HTTPConnection(chat_serve.host, chat_serve.port)
            post_conn = http.client.HTTPConnection(ask_serve.host, ask_serve.port)
            events_conn = http.client.HTTPConnection(ask_serve.host, ask_serve.port)
            raw, chat_got, sse, post = [], [], [], []
            warmup = s["serve_stream_warmup"]
            for i in range(warmup + s["serve_stream_iterations"]):
                r = first_event(raw_conn, "POST", "/v1/chat/completions", request("test-model"), has_content)
                settle()
                c = first_event(chat_conn, "POST", "/v1/chat/completions", request("greeter"), has_content)
                settle()
                started = time.perf_counter_ns()
                post_conn.request("POST", "/runs", body=b"{}", headers={"Content-Type": "application/json"})
                resp = post_conn.getresponse()
                body = resp.read()
                if resp.status != 201:
                    raise RuntimeError(f"POST /runs: {resp.status} {body[:300]!r}")
                created = (time.perf_counter_ns() - started) / 1000
                run_id = json.loads(body)["id"]
                e = first_event(events_conn, "GET", f"/runs/{run_id}/events", None,
                                lambda data: b'"event":"token"' in data, started)
                settle()
                if i < warmup:  # connections, the servers' threads and the journal's pages warm up
                    continue
                raw.append(r)
                chat_got.append(c)
                sse.append(e)
                post.append(created)
            # This client's own round trip to the server, no run behind it: the least that the SSE
            # path's second request (the GET after the POST) adds over the server's own.
            healthz = []
            for _ in range(s["serve_stream_iterations"]):
                started = time.perf_counter_ns()
                post_conn.request("GET", "/healthz")
                post_conn.getresponse().read()
                healthz.append((time.perf_counter_ns() - started) / 1000)
            for conn in (raw_conn, chat_conn, post_conn, events_conn):
                conn.close()
        n = len(raw)
        pair = lambda xs: (percentile(xs, 0.5), percentile(xs, 0.99))
        both = lambda xs: f"{percentile(xs, 0.5):.0f} / {percentile(xs, 0.99):.0f} µs"
        print(f"  {n} iterations: server's own {both(raw)}, /v1/chat/completions {both(chat_got)}, "
              f"POST /runs + events {both(sse)}", flush=True)
        self.rows.append(Row(f"first token, the test server's own (http.client, stream: true; {n} iterations), "
                             "p50 / p99", both(raw), None, ratio=False))
        self.rows.append(Row("first token through serve's POST /v1/chat/completions, stream: true (a chat turn), "
                             "p50 / p99", both(chat_got), None, ratio=False))
        self.rows.append(Row("first token through serve's POST /runs + GET /runs/{id}/events (the run's start "
                             "included: from the POST's send), p50 / p99", both(sse), None, ratio=False))
        self.rows.append(Row("… of which POST /runs until its 201 (the run recorded in the journal, its thread "
                             "started), p50 / p99", both(post), None, ratio=False))
        self.rows.append(Row("GET /healthz round trip from the same client (no run: HTTP and the client's own "
                             "cost), p50 / p99", both(healthz), None, ratio=False))
        for label, got in (("POST /v1/chat/completions", chat_got), ("POST /runs + GET /runs/{id}/events", sse)):
            p50, p99 = pair([w - r for w, r in zip(got, raw)])
            self.rows.append(Row(f"latency serve's {label} adds to the first token, p99 of the per-iteration "
                                 f"difference (p50: {p50:.0f} µs)", p99, None, "µs", "< 1000 µs", p99 < 1000,
                                 ratio=False))

    def cost(self):
        """Cost (docs/cost.md): tests/e2e/packs/cost.yaml — three summaries, then one combining them —
        over `cost_documents` documents as a batch against the test LLM server's measured usage (one
        token per byte, a tokenizer's worst case): the static bound (`wfc build --emit=cost`, its
        symbols evaluated at each line's input) against what the batch used, and the batch again with
        --max-tokens set to the sum of the bounds, which must refuse nothing."""
        print("== cost", flush=True)
        if not self.c.get("llm_server"):
            self.rows.append(Row("cost", note="skipped: no test LLM server in this build (WFC_BUILD_TESTS=OFF)"))
            return
        n = self.s["cost_documents"]
        cdir = os.path.join(self.work, "cost")
        os.makedirs(cdir, exist_ok=True)
        pack = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e", "packs", "cost.yaml")
        exe = os.path.join(cdir, "cost")
        self.run([self.c["wfc"], "compile", pack, "--composition", "main", "-o", exe])
        bound = json.loads(self.run([self.c["wfc"], "build", pack, "--composition", "main", "--emit=cost"]).stdout)
        random_ = __import__("random").Random(20261128)
        words = ["ledger", "invoice", "quarterly", "revenue", "é", "report", "漢字", "summary", "risk"]
        inputs = [{key: f"{name} document " + " ".join(random_.choice(words) for _ in range(random_.randint(5, 60)))
                   for key, name in (("a", "alpha"), ("b", "bravo"), ("c", "charl"))} for _ in range(n)]
        lines = os.path.join(cdir, "docs.jsonl")
        with open(lines, "w") as f:
            for line in inputs:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")

        def evaluate(count, line):
            if isinstance(count, (int, float)):
                return count
            total = 0.0
            for term in count.split(" + "):
                factor, _, symbol = term.rpartition(" × ")
                factor = float(factor.replace(",", "")) if factor else 1.0
                if symbol.startswith("len(input."):
                    total += factor * len(line[symbol[10:-1]].encode())
                else:
                    total += factor * float(symbol.replace(",", ""))
            return total

        bounded = sum(evaluate(bound["total"]["input_tokens"], l) + evaluate(bound["total"]["output_tokens"], l)
                      for l in inputs)
        replies = [{"match": {"user_contains": f"{name} document"},
                    "reply": {"content": f"summary of the {name} document, in one sentence", "usage": "measured"}}
                   for name in ("alpha", "bravo", "charl")]
        replies.append({"match": {"system_contains": "Combine"},
                        "reply": {"content": "one paragraph of the three summaries", "usage": "measured"}})

        def run_batch(extra, name):
            with LlmServer(self.c["llm_server"], {"replies": replies}, os.path.join(cdir, name), workers=16) as server:
                result = subprocess.run([exe, "--llm-base-url", server.base_url, "--model", "m", "--input-jsonl", lines,
                                         "--output-jsonl", os.devnull, "--quiet"] + extra,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=self.env)
            log = [json.loads(l) for l in open(server.log) if l.strip()]
            used = sum(r["usage"]["prompt_tokens"] + r["usage"]["completion_tokens"] for r in log if "usage" in r)
            return result.returncode, used, len(log)

        code, used, requests = run_batch([], "free")
        if code != 0 or requests != 4 * n:
            raise RuntimeError(f"cost: the batch exited {code} with {requests} requests for {n} lines")
        self.rows.append(Row(f"cost: the static bound of {n} documents (3 summaries + 1 combine each) over the tokens "
                             f"they used ({bounded:,.0f} / {used:,})", bounded / used, None, "×", "≥ 1 (sound)",
                             bounded >= used, ratio=False))
        code, budgeted, requests = run_batch(["--max-tokens", str(int(bounded))], "budgeted")
        self.rows.append(Row(f"cost: the same batch under --max-tokens = the bound: requests refused", 4 * n - requests,
                             None, "", "0", code == 0 and requests == 4 * n, ratio=False))
        self.prompt_cache(n, cdir, words, random_)

    def prompt_cache(self, n, cdir, words, random_):
        """Prompt caching (docs/cost.md "Prompt caching"): tests/e2e/packs/prompt-cache.yaml — long static
        instructions, then a variable, for each of `n` documents of a foreach, once by a step that
        caches (the default) and once by one with wfc.prompt_cache: false — against the test LLM
        server, whose measured usage mimics each provider's cache: the share of each step's input
        tokens the cache served."""
        pack = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e", "packs", "prompt-cache.yaml")
        exe = os.path.join(cdir, "prompt-cache")
        self.run([self.c["wfc"], "compile", pack, "-o", exe])
        docs = [f"contract {i}: " + " ".join(random_.choice(words) for _ in range(random_.randint(20, 200)))
                for i in range(n)]
        replies = [{"match": {}, "reply": {"content": "noted", "usage": "measured"}}]
        for provider, model in (("anthropic", "claude-sonnet-4-5"), ("openai", "gpt-4o-mini")):
            with LlmServer(self.c["llm_server"], {"replies": replies}, os.path.join(cdir, "cache-" + provider),
                           workers=16) as server:
                bindings = os.path.join(cdir, f"cache-{provider}.yaml")
                with open(bindings, "w") as f:
                    f.write(f"providers:\n  default: {{provider: {provider}, model: {model}, base_url: \"{server.base_url}\"")
                    f.write(", prompt_cache_key: true}\n" if provider == "openai" else "}\n")
                result = subprocess.run([exe, "--bindings", bindings, "--input-json", json.dumps({"docs": docs}), "--quiet"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=self.env)
            if result.returncode != 0:
                raise RuntimeError(f"prompt cache ({provider}): exit {result.returncode}: {result.stderr[-500:]}")
            log = [json.loads(l) for l in open(server.log) if l.strip()]
            shares = {}
            for placed in (True, False):
                mine = [r for r in log if ("cache_control" in json.dumps(r["body"]) or "prompt_cache_key" in r["body"]) == placed]
                cached = sum(r["usage"].get("cached_tokens", 0) for r in mine)
                total = sum(r["usage"]["prompt_tokens"] for r in mine)
                shares[placed] = (cached / total if total else 0, len(mine))
            (on, on_n), (off, off_n) = shares[True], shares[False]
            if on_n != n or off_n != n:
                raise RuntimeError(f"prompt cache ({provider}): {on_n} cached and {off_n} uncached requests for {n} documents")
            self.rows.append(Row(f"prompt cache, {provider}: share of input tokens served from the cache over {n} documents, "
                                 f"compiler-placed caching (wfc.prompt_cache: false: {off * 100:.1f} %)", on * 100, None,
                                 "%", ratio=False))

    def compiler(self):
        print("== compiler", flush=True)
        s = self.s
        for n in s["check_sizes"]:
            shape = shapes.chain(n)
            d, pack, bindings = self.write(shape)
            t, rss = self.timed([self.c["wfc"], "check", pack], s["compile_runs"])
            last = n == max(s["check_sizes"])
            self.rows.append(Row(f"wfc check, {n}-step chain (peak RSS {rss / 1024:.0f} MB)", t * 1000, None, "ms",
                                 "< 1 s" if last else "", t < 1 if last else None, ratio=False))
            t, rss = self.timed([self.c["wfc"], "build", pack, "--bindings", bindings, "-o", d], s["compile_runs"])
            self.rows.append(Row(f"wfc build, {n}-step chain (peak RSS {rss / 1024:.0f} MB)", t * 1000, None, "ms",
                                 ratio=False))
        for n in s["cxx_sizes"]:
            shape = shapes.chain(n)
            d, pack, bindings = self.write(shape)
            self.run([self.c["wfc"], "build", pack, "--bindings", bindings, "-o", d, "--output-name", "flow"])
            for level in s["cxx_levels"]:
                runs = s["compile_runs"] if n <= 100 else 1
                t, _ = self.timed([self.c["cxx"], "-std=c++20", level, "-Wall", "-Wextra", "-I", self.c["include_dir"],
                                   "-c", os.path.join(d, "flow.wfc.cpp"), "-o", os.path.join(d, "flow-cxx.o")], runs)
                small = n == min(s["cxx_sizes"]) and level == "-O2"
                self.rows.append(Row(f"C++ compile of the generated {n}-step chain, {level}", t, None, "s",
                                     "< 3 s" if small and n == 50 else "", t < 3 if small and n == 50 else None,
                                     ratio=False))

    def table(self):
        header = ["figure", "wfc", "hand-written floor", "ratio", "target", "load"]
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row.cells()) + " |" for row in self.rows]
        return "\n".join(lines)


class LlmServer:
    def __init__(self, exe, script, directory, workers=None):
        os.makedirs(directory, exist_ok=True)
        self.script_path = os.path.join(directory, "script.json")
        with open(self.script_path, "w") as f:
            json.dump(script, f)
        self.exe, self.log = exe, os.path.join(directory, "server.log")
        if os.path.exists(self.log):  # the server appends: a kept --work-dir has the last run's
            os.unlink(self.log)
        self.extra = ["--workers", str(workers)] if workers else []

    def __enter__(self):
        self.process = subprocess.Popen([self.exe, "--script", self.script_path, "--log", self.log, "--watch-stdin"]
                                        + self.extra,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"listening on (127\.0\.0\.1:\d+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"the test LLM server did not start: {line!r}")
        self.base_url = f"http://{match.group(1)}/v1"
        return self

    def __exit__(self, *_):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)


class Served:
    """A compiled executable under --serve (docs/serve.md) on a port of its choosing, in a directory
    of its own with a fresh journal; `host` and `port` come from the line it prints on stderr once
    it listens."""

    def __init__(self, exe, args, directory, env):
        os.makedirs(directory, exist_ok=True)
        # A kept --work-dir has the last server's journal: its runs are not this one's to count.
        self.journal, self.err = fresh_journal(directory, "serve.db"), os.path.join(directory, "serve.err")
        self.argv = [exe, "--serve", "127.0.0.1:0", "--journal", self.journal] + args
        self.directory, self.env = directory, env

    def __enter__(self):
        # stderr to a file, not a pipe: nobody reads it after the first line, and a server that
        # warns would block on a full pipe.
        with open(self.err, "w") as err:
            self.process = subprocess.Popen(self.argv, cwd=self.directory, env=self.env, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 30
        while True:
            text = open(self.err).read()
            match = re.search(r"serving .* on http://(127\.0\.0\.1):(\d+)/", text)
            if match:
                self.host, self.port = match.group(1), int(match.group(2))
                return self
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                self.process.wait()
                raise RuntimeError(f"{' '.join(self.argv[:3])} did not start serving:\n{text.strip()}")
            time.sleep(0.02)

    def __exit__(self, *_):
        self.process.send_signal(signal.SIGTERM)  # drains: its runs have all ended
        self.process.wait(timeout=60)


def machine():
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    try:
        distro = next(l.split("=", 1)[1].strip().strip('"') for l in open("/etc/os-release") if l.startswith("PRETTY_NAME"))
    except (OSError, StopIteration):
        distro = platform.platform()
    return f"{os.cpu_count()} × {cpu}, {distro}, kernel {platform.release()}"


def main():
    parser = argparse.ArgumentParser(description="wfc's benchmark (BENCHMARKS.md)")
    parser.add_argument("build_dir")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: checks the harness, judges nothing")
    parser.add_argument("--work-dir", help="where the shapes go, kept: a rerun reuses the objects of unchanged "
                                           "sources (default: a temporary directory, removed)")
    parser.add_argument("--json", help="also write the rows as JSON here")
    parser.add_argument("--only", choices=["runtime", "startup", "llm", "stream", "serve-stream", "compiler", "journal",
                                           "versions", "toolcomp", "awl", "batch", "cost"],
                        action="append")
    args = parser.parse_args()
    config_path = os.path.join(args.build_dir, "bench", "bench-config.json")
    if not os.path.exists(config_path):
        print(f"bench: no {config_path}: configure and build wfc with the benchmark (WFC_BUILD_BENCH=ON) first",
              file=sys.stderr)
        return 2
    config = json.load(open(config_path))
    # "runtime" lists the runtime's archives in link order (docs/development.md "Architecture").
    for path in [config[key] for key in ("wfc", "tools", "inprocess_main", "process_main", "floor", "floor_inprocess",
                                         "stream")] + config["runtime"]:
        if not os.path.exists(path):
            print(f"bench: {path} is missing: build it first (ninja -C {args.build_dir} wfc wfc_runtime_host "
                  "wfc_bench_floor wfc_bench_floor_inprocess wfc_bench_inprocess wfc_bench_process_main wfc_bench_stream "
                  "wfc_bench_tools wfc_test_llm_server)", file=sys.stderr)
            return 2
    work = args.work_dir or tempfile.mkdtemp(prefix="wfc-bench-")
    os.makedirs(work, exist_ok=True)
    bench = Bench(config, SMOKE if args.smoke else FULL, work, args.smoke)
    print(f"machine: {machine()}; load average at start {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    try:
        for part in args.only or ["runtime", "startup", "llm", "stream", "serve-stream", "compiler", "journal", "versions",
                                  "toolcomp", "awl", "batch", "cost"]:
            getattr(bench, part.replace("-", "_"))()
    finally:
        if not args.work_dir:
            shutil.rmtree(work, ignore_errors=True)
    print()
    print(bench.table())
    if bench.pending:
        print("\npending (shapes waiting for a feature):")
        for name, reason in bench.pending:
            print(f"  {name}: {reason}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump([dict(zip(["figure", "wfc", "floor", "ratio", "target", "load"], r.cells())) for r in bench.rows], f,
                      indent=1, ensure_ascii=False)
    # The smoke test's check: every row has a value, or says why it has none.
    empty = [r.figure for r in bench.rows if r.wfc is None and not r.note]
    if empty:
        print(f"bench: no value for: {', '.join(empty)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
