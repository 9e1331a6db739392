// Drives a compiled executable's --mcp server (docs/mcp-server.md) with the official TypeScript
// SDK's Client over its StdioClientTransport, as any MCP client would, against
// tests/e2e/packs/mcp-server.yaml compiled: lists the tool, calls it (structured output, progress
// notifications), makes it fail (isError), sends arguments that do not match its inputSchema and
// an unknown tool name, runs two calls at once, and cancels a slow call through an AbortSignal —
// the run must stop promptly (its trace says so) and the server keep serving.
//
//   node drive-server.mjs EXE BINDINGS TRACE_FILE
//
// Prints "ok - CHECK" per check; exits 1 at the first failure, naming it. Run by
// tests/e2e/McpServerE2ETest.cpp.
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';

const [exe, bindings, traceFile] = process.argv.slice(2);
if (!exe || !bindings || !traceFile) {
  console.error('usage: node drive-server.mjs EXE BINDINGS TRACE_FILE');
  process.exit(2);
}
const TOOL = 'e2e-mcp-server';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function runEnds() {
  if (!existsSync(traceFile)) return [];
  return readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];  // a line still being written
      }
    })
    .filter((event) => event.event === 'run_end');
}

async function check(name, body) {
  try {
    await body();
    console.log(`ok - ${name}`);
  } catch (error) {
    console.log(`not ok - ${name}`);
    console.error(error);
    process.exit(1);
  }
}

const transport = new StdioClientTransport({
  command: exe,
  args: ['--mcp', '--bindings', bindings, '--trace', traceFile],
  stderr: 'inherit',
});
const client = new Client({ name: 'wfc-e2e-sdk-client', version: '1.0.0' });
await client.connect(transport);

await check('initialize: the server names the pack and offers tools', async () => {
  assert.deepEqual(client.getServerVersion(), { name: TOOL, title: 'e2e mcp server', version: '1.2.3' });
  assert.ok(client.getServerCapabilities().tools, 'the tools capability');
});

await check('tools/list: one tool named after the pack, its schemas the composition\'s', async () => {
  const { tools } = await client.listTools();
  assert.equal(tools.length, 1);
  const [tool] = tools;
  assert.equal(tool.name, TOOL);
  assert.equal(tool.title, 'e2e mcp server');
  assert.equal(tool.description, "Runs composition 'main' of e2e-mcp-server 1.2.3.");
  assert.equal(tool.inputSchema.type, 'object');
  assert.deepEqual(tool.inputSchema.required, ['text']);
  assert.equal(tool.inputSchema.properties.wait_ms.type, 'integer');
  assert.deepEqual(tool.outputSchema.required, ['text']);
});

await check('tools/call: structuredContent is the output, the text block its JSON', async () => {
  const result = await client.callTool({ name: TOOL, arguments: { text: 'hello' } });
  assert.notEqual(result.isError, true);
  assert.deepEqual(result.structuredContent, { text: 'hello' });
  assert.equal(result.content.length, 1);
  assert.equal(result.content[0].type, 'text');
  assert.deepEqual(JSON.parse(result.content[0].text), { text: 'hello' });
  assert.equal(result._meta['wfc/exit_code'], 0);
  assert.match(result._meta['wfc/run_id'], /^[0-9a-f]{32}$/);
});

await check('progress: notifications per finished step, counting up', async () => {
  const seen = [];
  const result = await client.callTool({ name: TOOL, arguments: { text: 'slowly', wait_ms: 300 } }, undefined, {
    onprogress: (progress) => seen.push(progress),
  });
  assert.deepEqual(result.structuredContent, { text: 'slowly' });
  // The server sends one per step (should_wait, pause, should_fail, boom skipped, reply: 5, as
  // McpServerE2ETest.cpp checks line by line), but this SDK hands notifications to their handler
  // a microtask late while it settles a response at once: the progress lines read in the same
  // chunk as the response are dropped as "for an unknown token". Those before the 300 ms pause
  // arrive alone, so at least should_wait's is seen.
  assert.ok(seen.length >= 1 && seen.length <= 5, JSON.stringify(seen));
  seen.forEach((p, i) => assert.equal(p.progress, i + 1, JSON.stringify(seen)));
  assert.match(seen[0].message, /^step '[a-z_]+' (ok|skipped)$/, JSON.stringify(seen));
});

await check('a failing run is an isError result with the message', async () => {
  const result = await client.callTool({ name: TOOL, arguments: { text: 'x', fail: 'on purpose' } });
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent, undefined);
  assert.match(result.content[0].text, /step 'boom' failed/);
  assert.match(result.content[0].text, /boom: on purpose/);
  assert.equal(result._meta['wfc/exit_code'], 1);
});

await check('arguments that do not match the inputSchema are an isError result', async () => {
  const result = await client.callTool({ name: TOOL, arguments: { text: 'x', wait_ms: 'soon' } });
  assert.equal(result.isError, true);
  assert.match(result.content[0].text, /does not match the input_schema of composition 'main'/);
  assert.match(result.content[0].text, /wait_ms/);
  assert.equal(result._meta['wfc/exit_code'], 2);
});

await check('an unknown tool is a JSON-RPC invalid-params error', async () => {
  await assert.rejects(client.callTool({ name: 'no-such-tool', arguments: {} }), (error) => {
    assert.ok(error instanceof McpError, String(error));
    assert.equal(error.code, ErrorCode.InvalidParams);
    assert.match(error.message, /Unknown tool 'no-such-tool'; this server's tools: 'e2e-mcp-server'/);
    return true;
  });
});

await check('two calls run at once', async () => {
  const started = Date.now();
  const results = await Promise.all([
    client.callTool({ name: TOOL, arguments: { text: 'one', wait_ms: 1500 } }),
    client.callTool({ name: TOOL, arguments: { text: 'two', wait_ms: 1500 } }),
  ]);
  const elapsed = Date.now() - started;
  assert.deepEqual(results.map((r) => r.structuredContent), [{ text: 'one' }, { text: 'two' }]);
  assert.ok(elapsed < 2900, `two 1.5 s calls took ${elapsed} ms: they ran one after the other`);
});

await check('an aborted call stops its run promptly, and the server keeps serving', async () => {
  const before = runEnds().length;
  const controller = new AbortController();
  let progressed;
  const stepStarted = new Promise((resolve) => (progressed = resolve));
  const started = Date.now();
  const call = client.callTool({ name: TOOL, arguments: { text: 'never', wait_ms: 60000 } }, undefined, {
    signal: controller.signal,
    onprogress: progressed,  // should_wait's: the run is in its 60 s pause now
  });
  await stepStarted;
  await sleep(200);
  controller.abort('the test is done waiting');
  await assert.rejects(call);
  // The run ends cancelled well before its pause would have: its run_end is in the trace.
  let end;
  while (!(end = runEnds().slice(before).find((e) => e.status === 'cancelled'))) {
    assert.ok(Date.now() - started < 10000, 'no cancelled run_end in the trace after 10 s');
    await sleep(50);
  }
  assert.equal(end.exit_code, 130);
  assert.match(end.error, /cancelled by the MCP client: the test is done waiting/);
  assert.ok(end.duration_ms < 10000, `the cancelled run took ${end.duration_ms} ms`);
  const after = await client.callTool({ name: TOOL, arguments: { text: 'still here' } });
  assert.deepEqual(after.structuredContent, { text: 'still here' });
});

await client.close();
console.log('done');
