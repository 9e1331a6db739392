// A checkpoint store for the template library's exec tools (docs/tool-composition.md): one JSON
// file of {id, summary, content, tags} records, at $CHECKPOINT_STORE (default ./checkpoints.json).
// argv[2] says what to do; the arguments arrive as JSON on stdin and the result leaves as JSON on
// stdout, as exec bindings expect (docs/bindings.md).
//
//   search {query, top_k}          → {content, hits: [{id, summary, score}]}
//   save   {summary, content, tags} → {id, saved: true}
//   delete {id}                     → {id, deleted: true|false}
//   list   {}                       → {checkpoints: [...]}
import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';

const storePath = process.env.CHECKPOINT_STORE || 'checkpoints.json';
const command = process.argv[2];
const args = JSON.parse(readFileSync(0, 'utf8') || '{}');

function load() {
  return existsSync(storePath) ? JSON.parse(readFileSync(storePath, 'utf8')) : { next: 1, checkpoints: [] };
}
function save(store) {
  writeFileSync(storePath + '.tmp', JSON.stringify(store, null, 2));
  renameSync(storePath + '.tmp', storePath);  // never a half-written store
}
function fail(message) {
  process.stderr.write(message + '\n');
  process.exit(1);
}

const store = load();
let result;
switch (command) {
  case 'search': {
    if (typeof args.query !== 'string') fail('search needs a string "query"');
    const words = args.query.toLowerCase().split(/\W+/).filter(Boolean);
    const hits = store.checkpoints
      .map((c) => {
        const text = (c.summary + ' ' + c.content).toLowerCase();
        return { c, score: words.filter((w) => text.includes(w)).length };
      })
      .filter((h) => h.score > 0)
      .sort((a, b) => b.score - a.score || a.c.id.localeCompare(b.c.id))
      .slice(0, args.top_k ?? 10);
    result = {
      content: hits.map((h) => h.c.content).join('\n\n'),
      hits: hits.map((h) => ({ id: h.c.id, summary: h.c.summary, score: h.score })),
    };
    break;
  }
  case 'save': {
    if (typeof args.content !== 'string') fail('save needs a string "content"');
    const id = 'cp-' + store.next++;
    store.checkpoints.push({ id, summary: args.summary ?? '', content: args.content, tags: args.tags ?? [] });
    save(store);
    result = { id, saved: true };
    break;
  }
  case 'delete': {
    const before = store.checkpoints.length;
    store.checkpoints = store.checkpoints.filter((c) => c.id !== args.id);
    save(store);
    result = { id: args.id, deleted: store.checkpoints.length < before };
    break;
  }
  case 'list':
    result = { checkpoints: store.checkpoints };
    break;
  default:
    fail('usage: checkpoint-store.mjs search|save|delete|list');
}
process.stdout.write(JSON.stringify(result) + '\n');
