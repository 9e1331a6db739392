// A streaming chat completion against a --serve executable, made by the official OpenAI Node
// client (the `openai` package pinned in package.json), so the server's /v1/chat/completions
// stream is judged by a real peer's SSE parsing rather than by our own.
//
// usage: node openai-stream.mjs BASE_URL MODEL MESSAGE [TOKEN]
//   BASE_URL  the server's root, e.g. http://127.0.0.1:8080 ("/v1" is appended)
//   TOKEN     sent as "Authorization: Bearer TOKEN" (the client needs some key: "unused" otherwise)
//
// Prints one JSON object on stdout:
//   {"content": all delta contents concatenated, "chunks": chunks with non-empty delta content,
//    "finish_reason": the last non-null finish_reason, "usage": the usage object of any chunk
//    that had one (else null), "ids": the distinct chunk ids in order of appearance,
//    "first_chunk_ms": ms from the request's start to the first content chunk (else null),
//    "done": whether the stream's last SSE event was "data: [DONE]", and "content_type": the
//    response's Content-Type; the client itself needs neither (it ends at the close of the body
//    and parses any content type), so a test asserts them from here}
// On an error (HTTP status, connection, a malformed stream, an error object in the stream) the
// message goes to stderr and the exit status is 1.
import OpenAI from "openai";

const [baseUrl, model, message, token] = process.argv.slice(2);
if (!baseUrl || !model || message === undefined) {
  process.stderr.write("usage: node openai-stream.mjs BASE_URL MODEL MESSAGE [TOKEN]\n");
  process.exit(2);
}

// The client's own fetch, with the raw body recorded on its way through: the SDK swallows the
// "[DONE]" sentinel and never looks at the Content-Type, and a test wants to see both.
let contentType = null;
let raw = "";
async function recordingFetch(url, init) {
  const response = await fetch(url, init);
  contentType = response.headers.get("content-type");
  if (!response.body) return response;
  const decoder = new TextDecoder();
  const body = response.body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        raw += decoder.decode(chunk, { stream: true });
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function endsWithDone(text) {
  const events = text
    .split(/\r\n\r\n|\n\n|\r\r/)
    .map((e) =>
      e
        .split(/\r\n|\n|\r/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).replace(/^ /, ""))
        .join("\n"),
    )
    .filter((d) => d.length > 0);
  return events.length > 0 && events[events.length - 1] === "[DONE]";
}

const client = new OpenAI({
  fetch: recordingFetch,
  baseURL: baseUrl.replace(/\/+$/, "") + "/v1",
  apiKey: token || "unused",
  // Explicit nulls keep OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment off the request.
  organization: null,
  project: null,
  // A test sees the server's first answer: no silent retry of a 5xx or a dropped connection.
  maxRetries: 0,
  timeout: Number(process.env.OPENAI_STREAM_TIMEOUT_MS || 120000),
});

try {
  const started = performance.now();
  const stream = await client.chat.completions.create({
    model,
    messages: [{ role: "user", content: message }],
    stream: true,
    stream_options: { include_usage: true },
  });

  let content = "";
  let chunks = 0;
  let finishReason = null;
  let usage = null;
  const ids = [];
  let firstChunkMs = null;

  for await (const chunk of stream) {
    if (chunk.id !== undefined && chunk.id !== null && !ids.includes(chunk.id)) ids.push(chunk.id);
    if (chunk.usage) usage = chunk.usage;
    let hasContent = false;
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta?.content;
      if (typeof delta === "string" && delta.length > 0) {
        if (firstChunkMs === null) firstChunkMs = Math.round(performance.now() - started);
        content += delta;
        hasContent = true;
      }
      if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
        finishReason = choice.finish_reason;
      }
    }
    if (hasContent) chunks += 1;
  }

  process.stdout.write(
    JSON.stringify({
      content,
      chunks,
      finish_reason: finishReason,
      usage,
      ids,
      first_chunk_ms: firstChunkMs,
      done: endsWithDone(raw),
      content_type: contentType,
    }) + "\n",
  );
} catch (err) {
  process.stderr.write(`${err?.message ?? String(err)}\n`);
  process.exitCode = 1;
}
