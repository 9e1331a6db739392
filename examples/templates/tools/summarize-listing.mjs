// Summarizes a directory listing as the filesystem server's list_directory_with_sizes writes it
// ("[FILE] name   123 B" lines), into figures and a Markdown report (examples/templates/README.md).
// {listing, title} → {files, directories, total_bytes, by_extension, markdown}
import { args, answer, fail } from './workspace.mjs';

const a = args();
if (typeof a.listing !== 'string') fail('summarize_listing needs a string "listing"');
const units = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
const files = [];
let directories = 0;
for (const line of a.listing.split('\n')) {
  const m = line.match(/^\[(FILE|DIR)\]\s+(.+?)\s*(?:\s([\d.]+)\s*(B|KB|MB|GB))?\s*$/);
  if (!m) continue;
  if (m[1] === 'DIR') directories++;
  else files.push({ name: m[2], bytes: m[3] ? Math.round(Number(m[3]) * units[m[4]]) : 0 });
}
const byExtension = {};
for (const f of files) {
  const ext = f.name.includes('.') ? f.name.split('.').pop() : '(none)';
  byExtension[ext] = (byExtension[ext] ?? 0) + 1;
}
const total = files.reduce((s, f) => s + f.bytes, 0);
const sorted = Object.keys(byExtension).sort();
const markdown = [
  `# ${a.title ?? 'Directory report'}`,
  '',
  `${files.length} files (${total} bytes) and ${directories} directories.`,
  '',
  '| extension | files |',
  '|---|---|',
  ...sorted.map((e) => `| ${e} | ${byExtension[e]} |`),
  '',
].join('\n');
answer({ files: files.length, directories, total_bytes: total, by_extension: Object.fromEntries(sorted.map((e) => [e, byExtension[e]])), markdown });
