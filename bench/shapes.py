#!/usr/bin/env python3
"""The benchmark's shapes: each a workflow pack, its bindings, its input and, for the LLM
shapes, the test LLM server's script. Generated, never checked in (a 10,000-step pack is 0.8 MB).

    bench/shapes.py chain 1000 [native|mock] > chain.yaml    # the pack only, on stdout
    bench/shapes.py list                                     # the shapes and what they are

Every tool is `native` (bench/native_tools.cpp: noop, wait_20ms, stamp) unless a chain asks for
`mock` bindings; the hand-written floor (bench/floor/Shapes.cpp) does the same calls.
"""
import json
import sys

HEADER = """id: {id}
name: {name}
version: 1.0.0
template_engine: {{version: v1, syntax: "{{{{variable}}}}"}}
"""

STEP_RUN = """  step.run:
    name: step.run
    description: Passes its input on.
    parameters: {type: object, properties: {value: {}}, required: [value]}
    extensions: {wfc: {effects: none}}
"""


class Shape:
    """A pack with what it needs to run: `args` are the executable's arguments, `script` the test
    LLM server's script (None: no server), `floor` the arguments of wfc_bench_floor."""

    def __init__(self, name, pack, bindings, args=(), script=None, floor=None, about=""):
        self.name, self.pack, self.bindings = name, pack, bindings
        self.args, self.script, self.floor, self.about = list(args), script, floor, about


def chain_pack(n):
    lines = [HEADER.format(id=f"chain-{n}", name=f"Chain of {n} tool steps"), "prompts: {}\n", "tools:\n", STEP_RUN,
             "compositions:\n  chain:\n    version: 1\n    steps:\n",
             '      - {id: s0, kind: tool, tool: step.run, args: {value: "${input.seed}"}}\n']
    lines += [f'      - {{id: s{i}, kind: tool, tool: step.run, args: {{value: "${{s{i - 1}.output}}"}}}}\n'
              for i in range(1, n)]
    return "".join(lines)


def chain(n, binding="native"):
    bindings = ("tools:\n  step.run: {native: noop}\n" if binding == "native" else
                'tools:\n  step.run: {mock: {template: "{{args.value}}"}}\n')
    return Shape(f"chain-{n}" + ("" if binding == "native" else "-mock"), chain_pack(n), bindings,
                 ["--input-json", '{"seed": 1}'], floor=["chain", str(n)],
                 about=f"{n} tool steps, each passing the last one's output on ({binding} binding)")


def fanout(n):
    branches = "".join(f"          - {{id: b{i}, kind: tool, tool: wait, args: {{i: {i}}}}}\n" for i in range(1, n + 1))
    pack = (HEADER.format(id=f"fanout-{n}", name=f"Fan-out of {n}") + "prompts: {}\ntools:\n"
            "  wait:\n    name: wait\n    description: Waits 20 ms.\n"
            "    parameters: {type: object, properties: {i: {type: integer}}}\n"
            "    extensions: {wfc: {effects: none}}\n"
            "compositions:\n  fanout:\n    version: 1\n    steps:\n"
            "      - id: all\n        kind: parallel\n        branches:\n" + branches +
            "        reduce: {strategy: append, into: results}\n")
    return Shape(f"fanout-{n}", pack, "tools:\n  wait: {native: wait_20ms}\n", floor=["fanout", str(n)],
                 about=f"a parallel step of {n} branches that each wait 20 ms")


def branch():
    pack = (HEADER.format(id="branch", name="A branch") + "prompts: {}\ntools:\n" + STEP_RUN +
            "compositions:\n  pick:\n    version: 1\n    steps:\n"
            '      - {id: check, kind: branch, predicate: {path: "${input.n}", op: greater_than, value: 10}, '
            "then: big, else: small}\n"
            "      - {id: big, kind: tool, tool: step.run, args: {value: big}}\n"
            "      - {id: small, kind: tool, tool: step.run, args: {value: small}}\n"
            '      - {id: after, kind: tool, tool: step.run, args: {value: "${input.n}"}}\n')
    return Shape("branch", pack, "tools:\n  step.run: {native: noop}\n", ["--input-json", '{"n": 42}'],
                 floor=["branch", "42"], about="a branch on the input, then one more step")


def start():
    pack = (HEADER.format(id="start", name="Process start") + "prompts: {}\ntools:\n"
            "  stamp:\n    name: stamp\n    description: Notes when it runs.\n"
            "    parameters: {type: object, properties: {}}\n    extensions: {wfc: {effects: none}}\n"
            "compositions:\n  start:\n    version: 1\n    steps:\n"
            "      - {id: first, kind: tool, tool: stamp, args: {}}\n")
    return Shape("start", pack, "tools:\n  stamp: {native: stamp}\n", floor=["start"],
                 about="one step that notes the time it starts (process start to first step)")


def loop(n):
    pack = (HEADER.format(id=f"loop-{n}", name=f"A loop of {n} iterations") + "prompts: {}\ntools:\n" + STEP_RUN +
            "compositions:\n  spin:\n    version: 1\n    steps:\n"
            "      - id: spin\n        kind: wfc.loop\n"
            f"        max_iterations: {n}\n"
            f'        until: {{path: "${{loop.iteration}}", op: equals, value: {n - 1}}}\n'
            "        steps:\n"
            '          - {id: body, kind: tool, tool: step.run, args: {value: "${loop.iteration}"}}\n')
    return Shape(f"loop-{n}", pack, "tools:\n  step.run: {native: noop}\n", floor=["chain", str(n)],
                 about=f"a wfc.loop of {n} iterations of one tool step")


def foreach(n):
    pack = (HEADER.format(id=f"foreach-{n}", name=f"A foreach over {n} items") + "prompts: {}\ntools:\n" + STEP_RUN +
            "compositions:\n  each:\n    version: 1\n    steps:\n"
            '      - id: each\n        kind: wfc.foreach\n        items: "${input.items}"\n'
            '        step: {id: one, kind: tool, tool: step.run, args: {value: "${item}"}}\n'
            "        reduce: {strategy: append, into: results}\n")
    return Shape(f"foreach-{n}", pack, "tools:\n  step.run: {native: noop}\n",
                 ["--input-json", json.dumps({"items": list(range(n))})], floor=["chain", str(n)],
                 about=f"a wfc.foreach of one tool step over {n} items")


def agent(rounds):
    pack = (HEADER.format(id=f"agent-{rounds}", name=f"An agent loop of {rounds} rounds") +
            "prompts:\n  looker:\n    id: looker\n    name: Looker\n    version: 1.0.0\n"
            "    system_template: Look things up, then answer.\n    tools: [kb.lookup]\n"
            "tools:\n  kb.lookup:\n    name: kb.lookup\n    description: Looks a term up.\n"
            "    parameters: {type: object, properties: {value: {}}}\n    extensions: {wfc: {effects: read}}\n"
            "compositions:\n  main:\n    version: 1\n    steps:\n"
            "      - id: look\n        kind: agent\n        prompt_task: looker\n        input: bench\n"
            f"        tools: [kb.lookup]\n        termination: {{max_steps: {rounds}}}\n")
    call = {"tool_calls": [{"name": "kb_lookup", "arguments": {"value": "wfc"}}]}
    script = {"replies": [{"match": {"rounds": r}, "reply": call} for r in range(rounds - 1)] +
              [{"reply": {"content": "done"}}]}
    return Shape(f"agent-{rounds}", pack, "tools:\n  kb.lookup: {native: noop}\n",
                 ["--model", "test-model"], script=script, floor=["agent", "{base_url}", str(rounds)],
                 about=f"an agent step of {rounds} rounds (a tool call each) against the test LLM server, no delay")


def prompts(count, delay_ms, opt):
    steps = "".join(f"      - {{id: ask{i}, kind: prompt, prompt_task: asker, input: question {i}}}\n"
                    for i in range(count))
    pack = (HEADER.format(id=f"prompts-{count}", name=f"{count} independent prompts") +
            "prompts:\n  asker:\n    id: asker\n    name: Asker\n    version: 1.0.0\n"
            "    system_template: Answer briefly.\n"
            "tools: {}\ncompositions:\n  main:\n    version: 1\n    steps:\n" + steps)
    script = {"replies": [{"delay_ms": delay_ms, "reply": {"content": "an answer"}}]}
    shape = Shape(f"prompts-{count}-O{opt}", pack, "tools: {}\n", ["--model", "test-model"], script=script,
                  floor=["prompts", "{base_url}", str(count)],
                  about=f"{count} independent prompt steps whose replies each take {delay_ms} ms, wfc -O{opt}")
    shape.opt = opt
    return shape


def summarize(delay_ms, usage):
    """A batch's workflow (docs/batch.md): one prompt step on the line's text. The server answers
    each request after `delay_ms` with `usage` ({prompt_tokens, completion_tokens})."""
    pack = (HEADER.format(id="summarize", name="One prompt per document") +
            "prompts:\n  summarizer:\n    id: summarizer\n    name: Summarizer\n    version: 1.0.0\n"
            "    system_template: Summarize the document in one line.\n    parameters: {max_tokens: 50}\n"
            "tools: {}\ncompositions:\n  main:\n    version: 1\n"
            "    steps:\n      - {id: summarize, kind: prompt, prompt_task: summarizer, input: \"${input.text}\"}\n")
    script = {"replies": [{"delay_ms": delay_ms, "reply": {"content": "a one-line summary", "usage": usage}}]}
    return Shape(f"summarize-{delay_ms}ms", pack, "tools: {}\n", ["--model", "test-model"], script=script,
                 about=f"one prompt step per line, replies after {delay_ms} ms")


# The reply of the serve-streaming shapes: a few words, so it streams as several pieces (the test
# server cuts content into words) and the first token is not the whole reply.
GREETING = {"replies": [{"reply": {"content": "Hello there, how can I help you today?"}}]}


def chat():
    """A chat pack (docs/promptkit.md "Chat executables"): one prompt, no tools. Served, it answers
    POST /v1/chat/completions with `model` the task's name, `greeter`."""
    pack = (HEADER.format(id="chat", name="A chat") +
            "prompts:\n  greeter:\n    id: greeter\n    name: Greeter\n    version: 1.0.0\n"
            "    system_template: Greet the user.\n")
    return Shape("chat", pack, "tools: {}\n", ["--model", "test-model"], script=GREETING,
                 about="a chat pack of one prompt, no tools (served: POST /v1/chat/completions)")


def ask():
    """A workflow of one prompt step on a fixed input: served, POST /runs starts it and
    GET /runs/{id}/events streams its reply's tokens."""
    pack = (HEADER.format(id="ask", name="One prompt step") +
            "prompts:\n  asker:\n    id: asker\n    name: Asker\n    version: 1.0.0\n"
            "    system_template: Answer briefly.\n"
            "tools: {}\ncompositions:\n  main:\n    version: 1\n"
            "    steps:\n      - {id: ask, kind: prompt, prompt_task: asker, input: hello}\n")
    return Shape("ask", pack, "tools: {}\n", ["--model", "test-model"], script=GREETING,
                 about="one prompt step (served: POST /runs, GET /runs/{id}/events)")


def toolcomp(n):
    """A tool composition (docs/tool-composition.md) of n steps in a chain, each a native no-op:
    what wfc adds over the tools' own time (seed 004 asks < 200 ms; wfc's target < 1 ms)."""
    steps = [{"id": "s0", "tool": "step_run", "parameters": {"value": "{{input.seed}}"}, "output_key": "r0"}]
    steps += [{"id": f"s{i}", "tool": "step_run", "parameters": {"value": f"{{{{r{i - 1}}}}}"}, "output_key": f"r{i}",
               "depends_on": [f"s{i - 1}"]} for i in range(1, n)]
    pack = json.dumps({"name": f"toolcomp-{n}", "version": "1.0.0", "steps": steps,
                       "error_handling": {"failure_strategy": "rollback"}}, indent=1) + "\n"
    return Shape(f"toolcomp-{n}", pack, "tools:\n  step_run: {native: noop, effects: none}\n",
                 ["--input-json", '{"seed": 1}'], floor=["chain", str(n)],
                 about=f"a tool composition of {n} chained native no-op steps, rollback strategy")


def awl(n):
    """An AWL workflow (docs/awl.md) looping over range(n), each iteration an expression-heavy
    parse-json captured into a variable and a conditional on it: the variable store, expressions,
    loop frames and blocks, with no process started."""
    pack = f"""workflow:
  name: "awl-{n}"
  foreach:
    items: "range({n})"
    steps:
      - action: parse-json
        input: "{{{{\\"i\\": {{item}}, \\"even\\": {{item_index >= 0 && len('ab') == 2}}}}}}"
        capture: parsed
      - action: conditional
        if: "{{parsed.even && parsed.i >= 0}}"
        then:
          - action: parse-json
            input: "[{{parsed.i}}]"
            capture: last
"""
    return Shape(f"awl-{n}", pack, "tools: {}\n", [], about=f"an AWL loop of {n} iterations of parse-json and a conditional")


def awl_shell(n):
    """An AWL workflow (docs/awl.md) of n shell actions, each `true` with a run-time value in its
    environment: the cost of a command, start to exit, as a whole process."""
    steps = "".join(f'      - action: shell\n        command: "true {{item}}"\n' for _ in range(n))
    pack = f"""workflow:
  name: "awl-shell-{n}"
  foreach:
    items: [1]
    steps:
{steps}"""
    return Shape(f"awl-shell-{n}", pack, "tools: {}\n", [], about=f"an AWL workflow of {n} shell actions")


def main(argv):
    if len(argv) >= 3 and argv[1] == "chain":
        sys.stdout.write(chain_pack(int(argv[2])))
        return 0
    if len(argv) == 2 and argv[1] == "list":
        for shape in [chain(10), chain(1000, "mock"), fanout(8), branch(), start(), loop(100), foreach(64),
                      agent(10), prompts(4, 200, 0), summarize(100, {}), chat(), ask(), toolcomp(50), awl(100),
                      awl_shell(20)]:
            print(f"{shape.name:14} {shape.about}")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
