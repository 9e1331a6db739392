// Where the template library's tools keep their files (examples/templates/README.md): the
// workspace is $TEMPLATE_WORKSPACE (default ../workspace, beside the templates), and every path a
// template passes is relative to it — the exec tools here and the filesystem server alike — and
// may not leave it.
import { resolve, relative, isAbsolute } from 'node:path';
import { readFileSync } from 'node:fs';

export const workspace = resolve(process.env.TEMPLATE_WORKSPACE || '../workspace');

export function inWorkspace(path) {
  if (typeof path !== 'string' || path === '') fail(`expected a path relative to the workspace, not ${JSON.stringify(path)}`);
  const full = resolve(workspace, path);
  const rel = relative(workspace, full);
  if (rel.startsWith('..') || isAbsolute(rel)) fail(`path '${path}' leaves the workspace ${workspace}`);
  return full;
}

export function fail(message) {
  process.stderr.write(message + '\n');
  process.exit(1);
}

// The call's arguments (JSON on stdin) and its answer (JSON on stdout), as exec bindings expect.
export function args() {
  const text = readFileSync(0, 'utf8');
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch (e) {
    fail('the arguments are not JSON: ' + e.message);
  }
}
export function answer(value) {
  process.stdout.write(JSON.stringify(value) + '\n');
}
