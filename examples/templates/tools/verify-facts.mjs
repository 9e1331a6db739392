// Checks what the memory server holds about an entity (examples/templates/README.md): fails
// (exit 1) when it has fewer than `min_observations` observations — the template library's
// example of a late check whose failure rolls the earlier writes back.
// {graph: {entities}, name, min_observations} → {name, observations}
import { args, answer, fail } from './workspace.mjs';

const a = args();
const entity = (a.graph?.entities ?? []).find((e) => e.name === a.name);
if (!entity) fail(`entity '${a.name}' is not in the graph`);
const n = entity.observations.length;
if (n < (a.min_observations ?? 1))
  fail(`entity '${a.name}' has ${n} observation${n === 1 ? '' : 's'}; at least ${a.min_observations} are required`);
answer({ name: entity.name, observations: n });
