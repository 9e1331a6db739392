// File chores in the workspace (examples/templates/README.md). argv[2] says which:
//   pick   {listing, pattern}   → {files, count}: the [FILE] names of a list_directory listing
//                                 whose name ends with `pattern` ("" for all), sorted
//   copy   {files, from, to}    → {copied: [paths], to}
//   remove {paths}              → {removed: [paths], missing: [paths]}
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { args, answer, fail, inWorkspace } from './workspace.mjs';

const a = args();
switch (process.argv[2]) {
  case 'pick': {
    if (typeof a.listing !== 'string') fail('pick needs the listing as text');
    const files = a.listing
      .split('\n')
      .map((l) => l.match(/^\[FILE\]\s+(.+?)\s*$/))
      .filter(Boolean)
      .map((m) => m[1])
      .filter((f) => f.endsWith(a.pattern ?? ''))
      .sort();
    answer({ files, count: files.length });
    break;
  }
  case 'copy': {
    if (!Array.isArray(a.files)) fail('copy needs a list "files"');
    mkdirSync(inWorkspace(a.to), { recursive: true });
    const copied = [];
    for (const f of a.files) {
      copyFileSync(inWorkspace(join(a.from ?? '.', f)), inWorkspace(join(a.to, f)));
      copied.push(join(a.to, f));
    }
    answer({ copied, to: a.to });
    break;
  }
  case 'remove': {
    const paths = Array.isArray(a.paths) ? a.paths : [a.paths];
    const removed = [], missing = [];
    for (const p of paths) {
      const full = inWorkspace(p);
      if (existsSync(full)) {
        rmSync(full, { recursive: true });
        removed.push(p);
      } else {
        missing.push(p);
      }
    }
    answer({ removed, missing });
    break;
  }
  default:
    fail('usage: files.mjs pick|copy|remove');
}
