// Renders a knowledge graph, as the memory server's read_graph gives it, as Markdown
// (examples/templates/README.md). {entities, relations, title} → {markdown, entities, relations}
import { args, answer, fail } from './workspace.mjs';

const a = args();
if (!Array.isArray(a.entities)) fail('render_graph needs a list "entities"');
const relations = Array.isArray(a.relations) ? a.relations : [];
const byName = [...a.entities].sort((x, y) => x.name.localeCompare(y.name));
const lines = [`# ${a.title ?? 'Knowledge graph'}`, ''];
for (const e of byName) {
  lines.push(`## ${e.name} (${e.entityType})`, '');
  for (const o of e.observations ?? []) lines.push(`- ${o}`);
  for (const r of relations.filter((r) => r.from === e.name)) lines.push(`- ${r.relationType} → ${r.to}`);
  lines.push('');
}
answer({ markdown: lines.join('\n'), entities: byName.length, relations: relations.length });
