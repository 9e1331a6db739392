// Compares two JSON documents key by key (examples/templates/README.md), for configuration drift.
// {left, right, left_name, right_name} (the documents as text) →
//   {same, added, removed, changed: [{key, left, right}], markdown}
import { args, answer, fail } from './workspace.mjs';

const a = args();
function parse(text, name) {
  if (typeof text !== 'string') fail(`compare_json needs "${name}" as text`);
  try {
    return JSON.parse(text);
  } catch (e) {
    fail(`${name} is not JSON: ${e.message}`);
  }
}
// "a.b.c" → value, for every leaf.
function flatten(value, prefix = '', out = {}) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const k of Object.keys(value)) flatten(value[k], prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = value;
  }
  return out;
}
const left = flatten(parse(a.left, 'left')), right = flatten(parse(a.right, 'right'));
const added = Object.keys(right).filter((k) => !(k in left)).sort();
const removed = Object.keys(left).filter((k) => !(k in right)).sort();
const changed = Object.keys(left)
  .filter((k) => k in right && JSON.stringify(left[k]) !== JSON.stringify(right[k]))
  .sort()
  .map((key) => ({ key, left: left[key], right: right[key] }));
const ln = a.left_name ?? 'left', rn = a.right_name ?? 'right';
const markdown = [
  `# Drift between ${ln} and ${rn}`,
  '',
  ...(added.length + removed.length + changed.length === 0 ? ['No drift.'] : []),
  ...added.map((k) => `- only in ${rn}: \`${k}\``),
  ...removed.map((k) => `- only in ${ln}: \`${k}\``),
  ...changed.map((c) => `- \`${c.key}\`: ${JSON.stringify(c.left)} in ${ln}, ${JSON.stringify(c.right)} in ${rn}`),
  '',
].join('\n');
answer({ same: added.length + removed.length + changed.length === 0, added, removed, changed, markdown });
