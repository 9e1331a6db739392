// A checkpoint store for the template library (examples/templates/README.md): one JSON file of
// {id, summary, content, tags} records, $CHECKPOINT_STORE or .checkpoints.json in the workspace.
// argv[2] says what to do; arguments come as JSON on stdin, the result goes as JSON to stdout.
//
//   search      {query, top_k}              → {content, hits: [{id, summary, score}]}
//   save        {summary, content, tags}    → {id, saved: true}
//   delete      {id}                        → {id, deleted: true|false}
//   delete-many {ids}                       → {deleted: [records], missing: [ids]}
//   restore     {checkpoints}               → {restored: [ids]}   (puts deleted records back)
//   list        {tag?}                      → {checkpoints: [records], count}
import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { args, answer, fail, workspace } from './workspace.mjs';

const storePath = resolve(workspace, process.env.CHECKPOINT_STORE || '.checkpoints.json');
const a = args();

function load() {
  return existsSync(storePath) ? JSON.parse(readFileSync(storePath, 'utf8')) : { next: 1, checkpoints: [] };
}
function save(store) {
  writeFileSync(storePath + '.tmp', JSON.stringify(store, null, 2) + '\n');
  renameSync(storePath + '.tmp', storePath);  // never a half-written store
}

const store = load();
switch (process.argv[2]) {
  case 'search': {
    if (typeof a.query !== 'string') fail('search needs a string "query"');
    const words = a.query.toLowerCase().split(/\W+/).filter(Boolean);
    const hits = store.checkpoints
      .map((c) => {
        const text = (c.summary + ' ' + c.content).toLowerCase();
        return { c, score: words.filter((w) => text.includes(w)).length };
      })
      .filter((h) => h.score > 0)
      .sort((x, y) => y.score - x.score || x.c.id.localeCompare(y.c.id))
      .slice(0, a.top_k ?? 10);
    answer({
      content: hits.map((h) => h.c.content).join('\n\n'),
      hits: hits.map((h) => ({ id: h.c.id, summary: h.c.summary, score: h.score })),
    });
    break;
  }
  case 'save': {
    if (typeof a.content !== 'string' || a.content === '') fail('save needs a non-empty string "content"');
    const id = 'cp-' + store.next++;
    store.checkpoints.push({ id, summary: a.summary ?? '', content: a.content, tags: a.tags ?? [] });
    save(store);
    answer({ id, saved: true });
    break;
  }
  case 'delete': {
    const before = store.checkpoints.length;
    store.checkpoints = store.checkpoints.filter((c) => c.id !== a.id);
    save(store);
    answer({ id: a.id, deleted: store.checkpoints.length < before });
    break;
  }
  case 'delete-many': {
    if (!Array.isArray(a.ids)) fail('delete-many needs a list "ids"');
    const deleted = store.checkpoints.filter((c) => a.ids.includes(c.id));
    store.checkpoints = store.checkpoints.filter((c) => !a.ids.includes(c.id));
    save(store);
    answer({ deleted, missing: a.ids.filter((id) => !deleted.some((c) => c.id === id)) });
    break;
  }
  case 'restore': {
    if (!Array.isArray(a.checkpoints)) fail('restore needs a list "checkpoints"');
    for (const c of a.checkpoints) if (!store.checkpoints.some((x) => x.id === c.id)) store.checkpoints.push(c);
    store.checkpoints.sort((x, y) => Number(x.id.slice(3)) - Number(y.id.slice(3)));
    save(store);
    answer({ restored: a.checkpoints.map((c) => c.id) });
    break;
  }
  case 'list': {
    const list = a.tag ? store.checkpoints.filter((c) => c.tags.includes(a.tag)) : store.checkpoints;
    answer({ checkpoints: list, count: list.length });
    break;
  }
  default:
    fail('usage: checkpoint-store.mjs search|save|delete|delete-many|restore|list');
}
