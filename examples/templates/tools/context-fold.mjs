// Folds text for the template library's exec tools (docs/tool-composition.md): keeps the first
// `target_ratio` of its sentences (extractive), or of its words (abstractive), and says what it
// kept. {content, strategy, target_ratio} on stdin → {summary, folded, ratio} on stdout.
import { readFileSync } from 'node:fs';

const args = JSON.parse(readFileSync(0, 'utf8') || '{}');
if (typeof args.content !== 'string') {
  process.stderr.write('context_fold needs a string "content"\n');
  process.exit(1);
}
const ratio = typeof args.target_ratio === 'number' ? Math.min(Math.max(args.target_ratio, 0.05), 1) : 0.5;
const sentences = args.content.split(/(?<=[.!?])\s+/).filter(Boolean);
let folded;
if (args.strategy === 'extractive') {
  folded = sentences.slice(0, Math.max(1, Math.ceil(sentences.length * ratio))).join(' ');
} else {
  const words = args.content.split(/\s+/).filter(Boolean);
  folded = words.slice(0, Math.max(1, Math.ceil(words.length * ratio))).join(' ');
}
const summary = sentences.length ? sentences[0] : '';
const achieved = args.content.length ? folded.length / args.content.length : 1;
process.stdout.write(JSON.stringify({ summary, folded, ratio: Math.round(achieved * 100) / 100 }) + '\n');
