// Folds text (examples/templates/README.md): keeps the first `target_ratio` of its sentences
// (extractive) or of its words (abstractive), and says what it kept.
// {content, strategy, target_ratio} → {summary, folded, ratio}
import { args, answer, fail } from './workspace.mjs';

const a = args();
if (typeof a.content !== 'string') fail('context_fold needs a string "content"');
const ratio = typeof a.target_ratio === 'number' ? Math.min(Math.max(a.target_ratio, 0.05), 1) : 0.5;
const sentences = a.content.split(/(?<=[.!?])\s+/).filter(Boolean);
let folded;
if (a.strategy === 'extractive') {
  folded = sentences.slice(0, Math.max(1, Math.ceil(sentences.length * ratio))).join(' ');
} else {
  const words = a.content.split(/\s+/).filter(Boolean);
  folded = words.slice(0, Math.max(1, Math.ceil(words.length * ratio))).join(' ');
}
const achieved = a.content.length ? folded.length / a.content.length : 1;
answer({ summary: sentences[0] ?? '', folded, ratio: Math.round(achieved * 100) / 100 });
