// The runs page (docs/serve.md "The web page"): the runs list, and one run's state, step graph
// and timeline, updated while it runs. Served by --serve from assets compiled into the
// executable; `wfc trace view` embeds the same script with one run's trace (window.WFC_OFFLINE).
// No network beyond the server that sent it, no libraries.
'use strict';

const offline = window.WFC_OFFLINE || null;
const app = document.getElementById('app');
let timer = null;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v; else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(c == null ? '' : String(c)));
  return e;
}
function svgEl(tag, attrs) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}
async function getJson(path) {
  const r = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!r.ok) throw new Error(path + ': ' + r.status);
  return r.json();
}
async function getText(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(path + ': ' + r.status);
  return r.text();
}
function parseLines(text) {
  return text.split('\n').filter(l => l.trim()).map(l => { try { return JSON.parse(l); } catch (e) { return null; } })
    .filter(Boolean);
}
function ms(v) { return v < 1000 ? v.toFixed(v < 10 ? 1 : 0) + ' ms' : (v / 1000).toFixed(2) + ' s'; }
function when(iso) { return iso ? new Date(iso).toLocaleString() : ''; }
// Dollars as the executable writes them (common/Dollars.cpp): cents from $1, else four significant
// figures or more.
function usd(v) {
  if (Math.abs(v) < 5e-13) return '$0';
  if (Math.abs(v) >= 1) return '$' + v.toFixed(2);
  return '$' + v.toFixed(Math.min(12, Math.max(4, 3 - Math.floor(Math.log10(Math.abs(v))))));
}
// A run's spend (docs/cost.md "Spend"): its tokens, those its provider's cache served, and its
// cost when every call had a price.
function spendText(s) {
  if (!s) return '';
  let text = (s.input_tokens + s.output_tokens).toLocaleString('en-US') + ' tokens';
  if (s.cached_input_tokens) text += ' (' + s.cached_input_tokens.toLocaleString('en-US') + ' cached)';
  if (s.cost_usd !== undefined) text += ', ' + usd(s.cost_usd);
  else if (s.unpriced_calls) text += ', ' + s.unpriced_calls + (s.unpriced_calls === 1 ? ' call' : ' calls') + ' without a price';
  return text;
}
function duration(run) {
  if (!run.started) return '';
  const end = run.finished ? new Date(run.finished) : new Date();
  return ms(end - new Date(run.started));
}

// --- The runs list -------------------------------------------------------------------------
async function showRuns() {
  const { runs } = await getJson('runs?limit=200');
  const rows = runs.map(r => el('tr', { 'data-run': r.id },
    el('td', {}, el('a', { href: '#/runs/' + r.id }, r.id)),
    el('td', { class: 'status ' + r.status }, r.status),
    el('td', {}, when(r.started)), el('td', {}, when(r.finished)), el('td', {}, duration(r)),
    el('td', { class: 'spend' }, spendText(r.spend)), el('td', { class: 'error' }, r.error || '')));
  const table = el('table', { id: 'runs' },
    el('thead', {}, el('tr', {}, ...['Run', 'Status', 'Started', 'Finished', 'Duration', 'Spend', 'Error'].map(h => el('th', {}, h)))),
    el('tbody', {}, ...rows));
  app.replaceChildren(el('h2', {}, 'Runs'), runs.length ? table : el('p', { class: 'muted', id: 'runs' }, 'No runs yet: POST /runs starts one.'));
  timer = setTimeout(route, 2000);
}

// --- Spans from trace events --------------------------------------------------------------
// Start/end pairs (step_start/step_end, state_start/state_end, run_start/run_end) by span_id,
// and the events written when they end with their duration (llm_call, tool_call, eval).
function spansOf(events) {
  const open = new Map(), spans = [];
  for (const e of events) {
    const kind = e.event;
    if (kind === 'step_start' || kind === 'state_start' || kind === 'run_start') {
      const s = { id: e.span_id, parent: e.parent_span_id, start: e.ts_ms, end: null, status: 'running',
        type: kind.replace('_start', ''), name: e.step || (e.state ? 'state ' + e.state + (e.visit > 1 ? ' #' + e.visit : '') : 'run'),
        attempt: e.attempt || 1, kind: e.kind || '', tokens: null, error: '', evals: [] };
      open.set(e.span_id, s); spans.push(s);
    } else if (kind === 'step_end' || kind === 'state_end' || kind === 'run_end') {
      const s = open.get(e.span_id);
      if (!s) continue;
      open.delete(e.span_id);
      if (kind === 'run_end')  // what the run left open (cut short by a crash or a drain) ends with it
        for (const [id, o] of open) if (o.start >= s.start && o.end == null) { o.end = e.ts_ms; o.status = 'cut'; open.delete(id); }
      s.end = e.ts_ms; s.status = e.status === 'ok' ? 'ok' : (e.status || 'ok');
      if (e.duration_ms != null) s.end = s.start + e.duration_ms;
      if (e.tokens) s.tokens = e.tokens;
      if (e.error) s.error = e.error;
    } else if (kind === 'llm_call' || kind === 'tool_call' || kind === 'eval') {
      const d = e.duration_ms || 0;
      const s = { id: e.span_id, parent: e.parent_span_id, start: e.ts_ms - d, end: e.ts_ms,
        status: e.status === 'ok' || e.status === 'passed' ? 'ok' : e.status, type: kind.split('_')[0],
        name: kind === 'llm_call' ? 'llm ' + (e.model || '') + (e.round > 1 ? ' r' + e.round : '')
          : kind === 'tool_call' ? 'tool ' + e.tool : 'eval ' + e.eval,
        attempt: e.attempt || 1, kind: '', tokens: kind === 'llm_call' ? { prompt: e.prompt_tokens || 0, completion: e.completion_tokens || 0 } : null,
        error: e.error || (kind === 'eval' && e.status !== 'passed' ? e.message || '' : ''), evals: [] };
      spans.push(s);
      if (kind === 'eval') { const p = open.get(e.parent_span_id); if (p) p.evals.push(e.eval + ': ' + e.status); }
    }
  }
  return spans;
}

function timeline(events) {
  const spans = spansOf(events);
  if (!spans.length) return el('p', { class: 'muted' }, 'No events yet.');
  const now = Date.now();
  const t0 = Math.min(...spans.map(s => s.start));
  const t1 = Math.max(...spans.map(s => s.end == null ? Math.max(now, s.start) : s.end));
  const total = Math.max(t1 - t0, 1);
  const depth = new Map();
  const byId = new Map(spans.map(s => [s.id, s]));
  const depthOf = s => { let d = 0, p = byId.get(s.parent); while (p && d < 20) { d++; p = byId.get(p.parent); } return d; };
  const rows = spans.map(s => {
    depth.set(s.id, depthOf(s));
    const end = s.end == null ? t1 : s.end;
    const bar = el('div', { class: 'bar ' + (s.status === 'ok' ? s.type === 'step' || s.type === 'run' ? 'ok' : s.type : s.status),
      style: `left:${((s.start - t0) / total * 100).toFixed(3)}%;width:${((end - s.start) / total * 100).toFixed(3)}%`,
      title: s.name + ' ' + ms(end - s.start) + (s.error ? ' — ' + s.error : '') });
    const info = [ms(end - s.start)];
    if (s.attempt > 1) info.push('attempt ' + s.attempt);
    if (s.tokens) info.push(s.tokens.prompt + '+' + s.tokens.completion + ' tokens');
    if (s.evals.length) info.push(s.evals.join(', '));
    if (s.error) info.push(s.error);
    return el('div', { class: 'row ' + s.type, 'data-span': s.id, 'data-status': s.status },
      el('div', { class: 'name', style: `padding-left:${8 + depth.get(s.id) * 12}px`, title: s.name }, s.name),
      el('div', { class: 'lane' }, bar), el('div', { class: 'info', title: info.join(' · ') }, info.join(' · ')));
  });
  return el('div', { class: 'timeline', id: 'timeline' }, ...rows);
}

// --- The step graph (wfc graph's JSON drawing), laid out in layers -------------------------
function graphSvg(graph, statusByStep) {
  if (!graph || !graph.nodes || !graph.nodes.length) return el('p', { class: 'muted' }, 'No step graph in this executable.');
  const ranked = ['order', 'plan', 'depends_on', 'data', 'then', 'else', 'transition', 'runs', 'calls', 'max_visits', 'on_error'];
  const nodes = graph.nodes, index = new Map(nodes.map((n, i) => [n.id, i]));
  const out = nodes.map(() => []);
  for (const e of graph.edges) {
    if (!ranked.includes(e.kind)) continue;
    let to = e.to;
    if (!index.has(to)) { const first = nodes.find(n => n.cluster === to || (n.cluster || '').startsWith(to + '/')); if (!first) continue; to = first.id; }
    if (index.has(e.from)) out[index.get(e.from)].push({ to: index.get(to), kind: e.kind });
  }
  // Longest path over a DFS tree: back edges (loops of states) do not rank.
  const rank = nodes.map(() => 0), state = nodes.map(() => 0), order = [];
  const visit = i => { state[i] = 1; for (const e of out[i]) if (state[e.to] === 0) visit(e.to); state[i] = 2; order.push(i); };
  nodes.forEach((_, i) => { if (state[i] === 0) visit(i); });
  const back = new Set(); const pos = new Map(order.map((n, k) => [n, k]));
  for (let i = 0; i < nodes.length; i++) for (const e of out[i]) if (pos.get(e.to) >= pos.get(i)) back.add(i + '>' + e.to);
  for (const i of order.slice().reverse()) for (const e of out[i]) if (!back.has(i + '>' + e.to)) rank[e.to] = Math.max(rank[e.to], rank[i] + 1);
  const layers = [];
  nodes.forEach((n, i) => { (layers[rank[i]] = layers[rank[i]] || []).push(i); });
  const W = 150, H = 38, GX = 24, GY = 34;
  const width = Math.max(...layers.map(l => l ? l.length : 0)) * (W + GX) + GX;
  const height = layers.length * (H + GY) + GY;
  const xy = new Map();
  layers.forEach((layer, r) => (layer || []).forEach((i, k) => {
    const offset = (width - layer.length * (W + GX) + GX) / 2;
    xy.set(i, { x: offset + k * (W + GX), y: GY + r * (H + GY) });
  }));
  const svg = svgEl('svg', { width, height, viewBox: `0 0 ${width} ${height}` });
  for (let i = 0; i < nodes.length; i++) for (const e of out[i]) {
    const a = xy.get(i), b = xy.get(e.to);
    const d = `M${a.x + W / 2},${a.y + H} C${a.x + W / 2},${a.y + H + GY / 2} ${b.x + W / 2},${b.y - GY / 2} ${b.x + W / 2},${b.y}`;
    svg.append(svgEl('path', { d, class: 'edge ' + e.kind }));
  }
  nodes.forEach((n, i) => {
    const p = xy.get(i);
    const step = n.label;
    const status = statusByStep.get(n.id) || (n.id.startsWith('state:') ? '' : statusByStep.get(step)) || '';
    const g = svgEl('g', { class: 'node ' + status, 'data-node': n.id, transform: `translate(${p.x},${p.y})` });
    g.append(svgEl('rect', { width: W, height: H, rx: n.id.startsWith('state:') ? 18 : 4 }));
    const t1 = svgEl('text', { x: 8, y: 15 }); t1.textContent = step.length > 22 ? step.slice(0, 21) + '…' : step;
    const t2 = svgEl('text', { x: 8, y: 30, fill: '#666' }); t2.textContent = n.kind + (n.terminal ? ', terminal' : '');
    const title = svgEl('title', {}); title.textContent = n.id + ' (' + n.kind + ') ' + (n.location || '');
    g.append(t1, t2, title);
    svg.append(g);
  });
  return el('div', { id: 'graph' }, svg);
}

// The status of each step and state from the trace, by graph node id: a step path "STATE:STEP"
// (a workflow state's composition) or "STEP" (the composition that runs) is node
// "COMPOSITION/STEP"; a state is "state:NAME". A step's last attempt decides.
function statuses(events, graph) {
  const map = new Map();
  const runs = new Map();  // state → the composition it runs
  for (const e of (graph && graph.edges) || []) if (e.kind === 'runs') runs.set(e.from.replace(/^state:/, ''), e.to);
  const first = graph && graph.clusters && graph.clusters.length ? graph.clusters[0].id : '';
  for (const s of spansOf(events)) {
    if (s.type === 'step') {
      const colon = s.name.indexOf(':');
      const state = colon > 0 ? s.name.slice(0, colon) : null, step = colon > 0 ? s.name.slice(colon + 1) : s.name;
      const composition = state ? runs.get(state) || state : first;
      map.set(composition + '/' + step, s.status);
      if (!map.has(step)) map.set(step, s.status);
    }
    if (s.type === 'state') map.set('state:' + s.name.replace(/^state /, '').replace(/ #\d+$/, ''), s.status);
  }
  return map;
}

// --- Live replies: the run's tokens as they stream (GET /runs/ID/events, docs/streaming.md) ----
// One reader at a time, for the run on screen; it outlives the page's re-renders, which show
// what it has read so far.
let live = null;  // {id, texts: Map step → text, controller}
function followTokens(id) {
  if (live && live.id === id) return;
  if (live) live.controller.abort();
  live = { id, texts: new Map(), controller: new AbortController() };
  const mine = live;
  (async () => {
    let last = 0;
    while (live === mine) {
      const r = await fetch('runs/' + encodeURIComponent(id) + '/events?after=' + last, { signal: mine.controller.signal });
      if (!r.ok || !r.body) return;
      const reader = r.body.getReader(), decoder = new TextDecoder();
      let buffer = '', ended = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const idLine = block.split('\n').find(l => l.startsWith('id: '));
          const dataLine = block.split('\n').find(l => l.startsWith('data: '));
          if (idLine) last = Number(idLine.slice(4));
          if (!dataLine) continue;
          const e = JSON.parse(dataLine.slice(6));
          if (e.event === 'token') mine.texts.set(e.step, (mine.texts.get(e.step) || '') + e.text);
          if (e.event === 'step_start' && e.attempt > 1) mine.texts.delete(e.step);
          if (['output', 'error', 'suspended'].includes(e.event)) ended = true;
          showTokens();
        }
      }
      if (ended) return;
      await new Promise(done => setTimeout(done, 1000));  // the run is not running here yet: ask again
    }
  })().catch(() => {});
}
function tokensPanel() {
  const rows = [...(live ? live.texts : new Map())].map(([step, text]) =>
    el('div', { class: 'live-step' }, el('span', { class: 'name' }, step), el('pre', {}, text)));
  return el('div', { id: 'live' }, ...(rows.length ? rows : [el('p', { class: 'muted' }, 'Nothing written yet.')]));
}
function showTokens() {
  const panel = document.getElementById('live');
  if (panel) panel.replaceWith(tokensPanel());
}

// --- One run ---------------------------------------------------------------------------------
let graphCache;
async function showRun(id) {
  const [run, traceText, graph] = await Promise.all([getJson('runs/' + encodeURIComponent(id)),
    getText('runs/' + encodeURIComponent(id) + '/trace'), graphCache !== undefined ? graphCache : getJson('graph')]);
  graphCache = graph;
  if (run.status === 'running') followTokens(run.id);
  renderRun(run, parseLines(traceText), graph);
  if (run.status === 'running') timer = setTimeout(route, 1000);
}

function renderRun(run, events, graph) {
  const facts = el('p', { class: 'facts' },
    el('span', { class: 'status ' + run.status, id: 'run-status' }, run.status),
    el('span', {}, 'started ' + when(run.started)), el('span', {}, run.finished ? 'finished ' + when(run.finished) : ''),
    el('span', {}, duration(run)), el('span', {}, run.exit_code != null ? 'exit ' + run.exit_code : ''),
    el('span', { id: 'run-spend' }, spendText(run.spend)));
  const parts = [el('h2', {}, 'Run ', el('code', {}, run.id)), facts];
  const state = [...events].reverse().find(e => e.event === 'state_start');
  if (state) parts.push(el('p', {}, 'State: ', el('strong', {}, state.state)));
  if (run.awaiting) parts.push(el('p', {}, 'Waiting at ', el('strong', {}, run.awaiting.state), ' for ' + run.awaiting.events.join(', ')));
  if (run.error) parts.push(el('pre', { class: 'error' }, run.error));
  if (run.output !== undefined) parts.push(el('h2', {}, 'Output'), el('pre', { id: 'output' }, JSON.stringify(run.output, null, 2)));
  if (run.status === 'running' && !offline) parts.push(el('h2', {}, 'Writing'), tokensPanel());
  parts.push(el('h2', {}, 'Step graph'), graphSvg(graph, statuses(events, graph)));
  parts.push(el('h2', {}, 'Timeline'), timeline(events));
  app.replaceChildren(...parts);
}

function route() {
  clearTimeout(timer);
  if (offline) {
    const start = offline.trace.find(e => e.event === 'run_start') || {};
    const end = [...offline.trace].reverse().find(e => e.event === 'run_end') || {};
    const run = { id: start.run_id || '(trace)', status: end.status || 'running', started: start.ts_ms ? new Date(start.ts_ms).toISOString() : null,
      finished: end.ts_ms ? new Date(end.ts_ms).toISOString() : null, error: end.error, exit_code: end.exit_code,
      spend: end.spend };
    document.getElementById('title').textContent = offline.title || 'wfc trace';
    return renderRun(run, offline.trace, offline.graph);
  }
  const m = location.hash.match(/^#\/runs\/([^/]+)/);
  (m ? showRun(decodeURIComponent(m[1])) : showRuns()).catch(err => {
    app.replaceChildren(el('p', { class: 'error' }, String(err.message || err)));
    timer = setTimeout(route, 3000);
  });
}

if (!offline) {
  getJson('program').then(p => {
    document.getElementById('title').textContent = p.title || p.name;
    document.getElementById('subtitle').textContent = p.name + ' ' + p.version;
    document.title = (p.title || p.name) + ' — runs';
  }).catch(() => {});
  window.addEventListener('hashchange', route);
}
route();
