// Chooses checkpoints to archive (examples/templates/README.md): those carrying `tag`, oldest
// first, keeping the newest `keep`. {checkpoints, tag, keep} → {ids, count, kept}
import { args, answer, fail } from './workspace.mjs';

const a = args();
if (!Array.isArray(a.checkpoints)) fail('select_checkpoints needs a list "checkpoints"');
const tagged = a.checkpoints.filter((c) => !a.tag || (c.tags ?? []).includes(a.tag));
const keep = Math.max(0, a.keep ?? 0);
const chosen = tagged.slice(0, Math.max(0, tagged.length - keep));
answer({ ids: chosen.map((c) => c.id), count: chosen.length, kept: tagged.length - chosen.length });
