// Turns Markdown notes into knowledge-graph entities and relations for the memory server
// (examples/templates/README.md). A note is "- Name (type): observation; observation", a
// relation "- Name -> relation -> Other".
// {text} → {entities: [{name, entityType, observations}], relations: [{from, to, relationType}], names}
import { args, answer, fail } from './workspace.mjs';

const a = args();
if (typeof a.text !== 'string') fail('parse_notes needs a string "text"');
const entities = new Map(), relations = [];
for (const raw of a.text.split('\n')) {
  const line = raw.replace(/^\s*[-*]\s*/, '').trim();
  let m;
  if ((m = line.match(/^(.+?)\s*->\s*(.+?)\s*->\s*(.+)$/))) {
    relations.push({ from: m[1], to: m[3], relationType: m[2] });
  } else if ((m = line.match(/^(.+?)\s*\((.+?)\)\s*:\s*(.*)$/))) {
    const e = entities.get(m[1]) ?? { name: m[1], entityType: m[2], observations: [] };
    e.observations.push(...m[3].split(';').map((s) => s.trim()).filter(Boolean));
    entities.set(m[1], e);
  }
}
if (entities.size === 0) fail('no notes found: write lines such as "- Ada (person): wrote the first program"');
answer({ entities: [...entities.values()], relations, names: [...entities.keys()] });
