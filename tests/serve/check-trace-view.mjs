// `wfc trace view`'s page in a real browser (docs/observability.md "The trace view"): opened from
// its file with no server at all, it shows the run, its step graph and a bar per step.
//   node check-trace-view.mjs CHROMIUM PAGE.html RUN_ID
import puppeteer from 'puppeteer-core';

const [chromium, file, runId] = process.argv.slice(2);
const fail = message => { console.log('not ok - ' + message); process.exit(1); };
const browser = await puppeteer.launch({ executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
try {
  const page = await browser.newPage();
  const errors = [], requests = [];
  page.on('pageerror', e => errors.push(String(e)));
  page.on('request', r => requests.push(r.url()));
  await page.goto('file://' + file, { waitUntil: 'load' });
  await page.waitForSelector('#timeline', { timeout: 10000 }).catch(() => fail('no timeline'));
  const heading = await page.$eval('h2 code', e => e.textContent);
  if (heading !== runId) fail('the page shows run ' + heading);
  const status = await page.$eval('#run-status', e => e.textContent);
  if (status !== 'succeeded') fail('the run shows ' + status);
  const steps = await page.$$eval('#timeline .row.step', rows => rows.map(r => r.querySelector('.name').textContent));
  if (!steps.includes('draft:write') || !steps.includes('publish:release')) fail('timeline steps: ' + JSON.stringify(steps));
  const nodes = await page.$$('#graph g.node.ok');
  if (nodes.length < 4) fail('the graph shows ' + nodes.length + ' steps and states done');
  if (requests.some(u => !u.startsWith('file://'))) fail('the page asked for ' + JSON.stringify(requests));
  if (errors.length) fail('script errors: ' + JSON.stringify(errors));
  console.log('ok - the offline page shows the run, its graph and its timeline');
  console.log('done');
} finally {
  await browser.close();
}
