// A2A's official JavaScript client (@a2a-js/sdk 0.3, whose A2AClient speaks A2A 0.3: message/send,
// message/stream, tasks/get, tasks/cancel) against an agent served by --serve (docs/serve.md
// "A2A agents"): it reads the agent card, sends a message, reads the task back, streams a second
// message in the same context, and asks to cancel a finished task and to get an unknown one.
// Everything the client received is printed as one JSON object for the test to check; the client
// itself validates the card and the JSON-RPC framing, and throws on what it cannot read.
//
//   node a2a-client.mjs CARD_URL FIRST_MESSAGE SECOND_MESSAGE
import { A2AClient } from '@a2a-js/sdk/client';
import { randomUUID } from 'node:crypto';

const [cardUrl, first, second] = process.argv.slice(2);
const message = (text, extra = {}) => ({
  kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text }], ...extra,
});

try {
  const client = await A2AClient.fromCardUrl(cardUrl);
  const card = await client.getAgentCard();
  const sent = await client.sendMessage({ message: message(first) });
  if (sent.error) throw new Error(`message/send: ${JSON.stringify(sent.error)}`);
  const task = sent.result;
  const got = await client.getTask({ id: task.id });
  const events = [];
  for await (const event of client.sendMessageStream({ message: message(second, { contextId: task.contextId }) }))
    events.push(event);
  const cancelled = await client.cancelTask({ id: task.id });
  const unknown = await client.getTask({ id: 'no-such-task' });
  console.log(JSON.stringify({ card, task, got: got.result ?? got.error, events, cancel: cancelled.error ?? cancelled.result,
                               unknown: unknown.error ?? unknown.result }));
} catch (e) {
  console.log(JSON.stringify({ error: String(e && e.stack || e) }));
  process.exit(1);
}
