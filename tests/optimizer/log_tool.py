#!/usr/bin/env python3
"""The one tool process behind every tool of the packs random_packs.py generates.

Bound as  exec: {argv: [python3, log_tool.py, TOOL]}  (docs/bindings.md): the arguments arrive
as JSON on stdin, the result goes to stdout as JSON.

Every call appends two JSON lines to the file named by $WFC_TEST_TOOL_LOG, under an exclusive
flock (-O1 runs tools concurrently):
  {"ev": "start", "tool", "args", "key" ($WFC_IDEMPOTENCY_KEY), "pid"}   before any work
  {"ev": "end", "tool", "args", "key", "pid", "ok"}                       after it
so the log order is a real-time order: a call whose "end" precedes another's "start" finished
before the other started.

The result is a pure function of (tool, arguments): {"n": 0..99, "word": 6 hex digits, "tool",
"at": args.at}, so equal arguments give equal results at every -O level. The call sleeps 0-30 ms
(also derived from the arguments) to shake out orderings. Arguments with "explode": true make the
call fail: a message on stderr and exit status 5.
"""
import fcntl
import hashlib
import json
import os
import sys
import time


def append(log, record):
    line = json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n"
    with open(log, "a", encoding="utf-8") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        try:
            f.write(line)
            f.flush()
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def main():
    tool = sys.argv[1] if len(sys.argv) > 1 else "?"
    raw = sys.stdin.read()
    args = json.loads(raw) if raw.strip() else None
    canonical = json.dumps(args, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256((tool + "\0" + canonical).encode("utf-8")).hexdigest()
    log = os.environ.get("WFC_TEST_TOOL_LOG")
    if not log:
        print("log_tool.py: WFC_TEST_TOOL_LOG is not set", file=sys.stderr)
        return 64
    record = {"tool": tool, "args": args, "key": os.environ.get("WFC_IDEMPOTENCY_KEY", ""),
              "pid": os.getpid()}
    append(log, dict(record, ev="start"))
    time.sleep((int(digest[8:12], 16) % 31) / 1000.0)
    explode = isinstance(args, dict) and args.get("explode") is True
    append(log, dict(record, ev="end", ok=not explode))
    if explode:
        print("%s: exploded as asked (at %s)" % (tool, args.get("at")), file=sys.stderr)
        return 5
    at = args.get("at") if isinstance(args, dict) else None
    print(json.dumps({"n": int(digest[:8], 16) % 100, "word": digest[12:18], "tool": tool, "at": at},
                     sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
