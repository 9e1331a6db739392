// The web page of --serve in a real browser (docs/serve.md "The web page"): Debian's chromium,
// headless, driven by puppeteer-core. Given a server and the id of a run that is still going
// (its LLM answers after a few seconds) and of one that has ended, it checks that the runs list
// shows them with their spend, that a run's page draws the step graph, a timeline bar per step and
// what the run spent, and that the page of the running run shows the model's words as they stream
// and updates by itself until the run has succeeded.
//   node drive-page.mjs CHROMIUM BASE_URL RUNNING_ID DONE_ID
// Prints "ok - …" per check; exit 1 at the first failure.
import puppeteer from 'puppeteer-core';

const [chromium, base, running, done] = process.argv.slice(2);
const fail = message => { console.log('not ok - ' + message); process.exit(1); };
const ok = message => console.log('ok - ' + message);

// A chromium that fails to start is tried again (twice at most), saying why: a browser's start is
// not what this checks, and the checks below then always report on the page.
async function launch() {
  for (let attempt = 1; ; ++attempt) {
    try {
      return await puppeteer.launch({
        executablePath: chromium,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      });
    } catch (e) {
      if (attempt === 3) fail('chromium did not start: ' + e);
      console.log('# chromium did not start (attempt ' + attempt + '): ' + e);
    }
  }
}
const browser = await launch();
try {
  const page = await browser.newPage();
  const requests = [];
  page.on('request', r => requests.push(r.url()));
  const errors = [];
  page.on('pageerror', e => errors.push(String(e)));

  await page.goto(base + '/', { waitUntil: 'networkidle0' });
  await page.waitForSelector('#runs tbody tr', { timeout: 10000 }).catch(() => fail('the runs list shows no run'));
  const ids = await page.$$eval('#runs tbody tr', rows => rows.map(r => r.getAttribute('data-run')));
  if (!ids.includes(running) || !ids.includes(done)) fail('the runs list lacks a run: ' + JSON.stringify(ids));
  const status = await page.$eval(`tr[data-run="${done}"] .status`, e => e.textContent);
  if (status !== 'succeeded') fail('the finished run shows ' + status);
  ok('the runs list shows both runs with their status');
  const listed = await page.$eval(`tr[data-run="${done}"] .spend`, e => e.textContent);
  if (!/^[\d,]+ tokens/.test(listed)) fail('the finished run\'s spend is not listed: ' + JSON.stringify(listed));
  ok('the runs list shows each run\'s spend');
  const title = await page.$eval('#title', e => e.textContent);
  if (title !== 'e2e serve flow') fail('the title is ' + title);
  ok('the header names the pack');

  // The finished run: its graph and a bar per step attempt.
  await page.goto(base + '/#/runs/' + done, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#graph svg g.node', { timeout: 10000 }).catch(() => fail('no step graph'));
  const nodes = await page.$$eval('#graph g.node', gs => gs.map(g => [g.getAttribute('data-node'), g.getAttribute('class')]));
  if (nodes.length < 6) fail('the graph has ' + nodes.length + ' nodes: ' + JSON.stringify(nodes));
  const write = nodes.find(([id]) => id === 'draft/write');
  if (!write || !write[1].includes('ok')) fail('step write is not drawn done: ' + JSON.stringify(nodes));
  ok('the run page draws the step graph, its steps colored by their status');
  const steps = await page.$$eval('#timeline .row.step', rows => rows.map(r => r.querySelector('.name').textContent));
  for (const step of ['draft:write', 'draft:decide', 'publish:release'])
    if (!steps.includes(step)) fail('no timeline bar for ' + step + ': ' + JSON.stringify(steps));
  const llm = await page.$$('#timeline .row.llm .bar');
  if (llm.length !== 1) fail('the timeline has ' + llm.length + ' LLM bars');
  const info = await page.$eval('#timeline .row.llm .info', e => e.textContent);
  if (!/tokens/.test(info)) fail('the LLM call shows no tokens: ' + info);
  ok('the timeline has a bar per step, the LLM call with its tokens');
  const spent = await page.$eval('#run-spend', e => e.textContent);
  if (!/^[\d,]+ tokens/.test(spent)) fail('the run page shows no spend: ' + JSON.stringify(spent));
  ok('the run page shows what the run spent');

  // The running run: the page follows it until it succeeds.
  await page.goto(base + '/#/runs/' + running, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#run-status', { timeout: 10000 });
  const first = await page.$eval('#run-status', e => e.textContent);
  if (first !== 'running') fail('the running run shows ' + first);
  // Its draft as the model writes it: the words so far, before the run ends.
  await page.waitForFunction(() => /words for the/.test(document.querySelector('#live')?.textContent || ''), { timeout: 20000 })
    .catch(() => fail('the running run\'s page shows no words as they are written'));
  const shown = await page.$eval('#live', e => e.textContent);
  if (/slowly enough/.test(shown)) fail('the page showed the draft only once it was whole: ' + shown);
  if ((await page.$eval('#run-status', e => e.textContent)) !== 'running') fail('the run ended before its words showed');
  ok('the running run\'s page shows the model\'s words as they are written');
  await page.waitForFunction(() => document.querySelector('#run-status')?.textContent === 'succeeded', { timeout: 40000 })
    .catch(() => fail('the page did not update to succeeded'));
  await page.waitForSelector('#timeline .row.llm', { timeout: 5000 }).catch(() => fail('no LLM bar after the update'));
  ok('the running run\'s page updated by itself until it succeeded');

  const foreign = requests.filter(u => !u.startsWith(base));
  if (foreign.length) fail('the page asked for other hosts: ' + JSON.stringify(foreign));
  if (errors.length) fail('script errors: ' + JSON.stringify(errors));
  ok('no request left the server, no script error');
  console.log('done');
} finally {
  await browser.close();
}
