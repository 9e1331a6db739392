// Checkpoints as knowledge-graph entities (examples/templates/README.md): one "checkpoint" entity
// per record, its summary and tags as observations. {checkpoints} → {entities, names}
import { args, answer, fail } from './workspace.mjs';

const a = args();
if (!Array.isArray(a.checkpoints)) fail('checkpoints_to_entities needs a list "checkpoints"');
const entities = a.checkpoints.map((c) => ({
  name: c.id,
  entityType: 'checkpoint',
  observations: [c.summary || c.content.slice(0, 80), ...(c.tags ?? []).map((t) => `tagged ${t}`)],
}));
answer({ entities, names: entities.map((e) => e.name) });
