// Runs a --serve executable's AG-UI endpoint through @ag-ui/client's own HttpAgent, so the
// stream is parsed (SSE framing), validated (the zod schemas of @ag-ui/core) and verified
// (the event-ordering state machine) by the protocol's reference client, not by our own code.
//
// usage: node agui-client.mjs URL INPUT_JSON [TOKEN]
//   URL         the endpoint HttpAgent POSTs the RunAgentInput to
//   INPUT_JSON  the content (a string, sent as is) of the one user message of the run
//   TOKEN       sent as "Authorization: Bearer TOKEN"
//
// Prints one JSON object on stdout:
//   {"events": [every event the client accepted, as {"type": ..., ...its fields}],
//    "error": a message or null,
//    "warnings": what the client wrote to console.warn during the run}
// Exit status 0 only when the run ended with RUN_FINISHED as its last event, nothing failed, no
// RUN_ERROR came, the client warned about nothing (it drops unknown event types and strips
// unknown fields with only a warning, and a producer that makes it do so is wrong), and every
// RUN_STARTED / RUN_FINISHED carried the threadId and runId of the request (the library does not
// check that; this script does).
import { randomUUID } from "node:crypto";
import { HttpAgent } from "@ag-ui/client";

const [url, input, token] = process.argv.slice(2);
if (!url || input === undefined) {
  process.stderr.write("usage: node agui-client.mjs URL INPUT_JSON [TOKEN]\n");
  process.exit(2);
}

// The client's own switch for silencing its deviation warnings stays off here.
delete process.env.SUPPRESS_TRANSFORMATION_WARNINGS;

const warnings = [];
const originalWarn = console.warn;
console.warn = (...args) => {
  warnings.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
  originalWarn(...args);
};

const headers = {};
if (token) headers.Authorization = `Bearer ${token}`;

const threadId = randomUUID();
const runId = randomUUID();
const agent = new HttpAgent({
  url,
  headers,
  threadId,
  initialMessages: [{ id: randomUUID(), role: "user", content: input }],
});

const events = [];
let error = null;

const timeoutMs = Number(process.env.AGUI_TIMEOUT_MS || 120000);
const abortController = new AbortController();
let timedOut = false;
const timer = setTimeout(() => {
  timedOut = true;
  abortController.abort();
}, timeoutMs);

try {
  await agent.runAgent(
    { runId, abortController },
    {
      // Called for each event after the library parsed, validated and verified it.
      onEvent: ({ event }) => {
        events.push(JSON.parse(JSON.stringify(event)));
      },
    },
  );
} catch (err) {
  // A schema failure is a ZodError whose message is a multi-line JSON dump: one line instead.
  error = Array.isArray(err?.issues)
    ? "invalid event: " +
      err.issues.map((i) => `${(i.path ?? []).join(".") || "(event)"}: ${i.message}`).join("; ")
    : (err?.message ?? String(err));
} finally {
  clearTimeout(timer);
}

if (error === null) {
  const last = events.at(-1);
  const runError = events.find((e) => e.type === "RUN_ERROR");
  const foreignRun = events.find(
    (e) =>
      (e.type === "RUN_STARTED" || e.type === "RUN_FINISHED") &&
      (e.threadId !== threadId || e.runId !== runId),
  );
  if (timedOut) {
    error = `no end of the run within ${timeoutMs} ms`;
  } else if (runError) {
    error = `RUN_ERROR: ${runError.message}${runError.code !== undefined ? ` (code ${runError.code})` : ""}`;
  } else if (!last) {
    error = "the stream carried no event";
  } else if (last.type !== "RUN_FINISHED") {
    error = `the stream ended after ${last.type}, not RUN_FINISHED`;
  } else if (foreignRun) {
    error = `${foreignRun.type} names thread ${foreignRun.threadId} and run ${foreignRun.runId}, the request thread ${threadId} and run ${runId}`;
  } else if (warnings.length > 0) {
    error = `the client warned: ${warnings[0]}`;
  }
}

process.stdout.write(JSON.stringify({ events, error, warnings }) + "\n");
process.exitCode = error === null ? 0 : 1;
