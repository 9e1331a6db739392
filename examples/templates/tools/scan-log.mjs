// Scans a log (examples/templates/README.md): counts its ERROR and WARN lines and names the most
// frequent error. {text} → {lines, errors, warnings, top_error, top_error_count, first_error}
import { args, answer, fail } from './workspace.mjs';

const a = args();
if (typeof a.text !== 'string') fail('scan_log needs a string "text"');
const lines = a.text.split('\n').filter((l) => l.trim() !== '');
const errors = lines.filter((l) => /\bERROR\b/.test(l));
const warnings = lines.filter((l) => /\bWARN(ING)?\b/.test(l));
const counts = new Map();
for (const l of errors) {
  const message = l.replace(/^.*?\bERROR\b[:\s]*/, '').replace(/\d+/g, 'N').trim();
  counts.set(message, (counts.get(message) ?? 0) + 1);
}
let top = null;
for (const [message, n] of counts) if (!top || n > top[1] || (n === top[1] && message < top[0])) top = [message, n];
answer({
  lines: lines.length,
  errors: errors.length,
  warnings: warnings.length,
  top_error: top ? top[0] : null,
  top_error_count: top ? top[1] : 0,
  first_error: errors[0] ?? null,
});
