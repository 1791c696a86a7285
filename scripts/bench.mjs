#!/usr/bin/env node
// `npm run bench` (after `npm run build`): the product (dist/provider-link.js) beside the floor
// (bench/dist/floor.js, a minimal Lit + XState element that fetches a JSON list and renders it),
// both built in the same run, in Debian's Chromium (headless, through Playwright) against the fake
// link service over real HTTP on 127.0.0.1. Prints one table, product and floor side by side, and
// exits 1 when a goal is missed.
//
// The machine is noisy (two shared cores): every load timing is taken BENCH_RUNS times (default
// 30, at least 30 asked for) per element, the two elements taking turns, and compared by median
// (p90 printed too). Each load is a fresh document, so neither gets the other's warm JIT.
//
// How "list painted after the answer" is measured (with bench/harness.html): the clock starts at
// the list response's last byte, Resource Timing `responseEnd` of that request. A MutationObserver
// on the element's shadow root notes when the first row exists (its callback runs in the microtask
// right after the element's render); it asks for an animation frame, and the frame whose callback
// that is, is the first one that can show the rows. The clock stops when the main-thread task that
// ran that callback ends: that frame's style, layout, paint and commit are done. That end is read
// from Chromium's own trace (a mark made by the page maps its clock onto the trace's): a task
// posted from the callback would run only after the image-loading tasks the frame started, and make
// the product, which shows logos, look slower than it is. So the time holds: reading and parsing
// the body, the element's state change and render, any wait for the frame to begin, and the frame.
// Keystrokes are timed the same way, from the `input` event's timeStamp to the end of the frame
// after it. Where each load's time goes (answer → rows, rows → frame, the frame) is printed too.
//
// Cold start on a mid-range phone (COLD_RUNS loads of each page, default 20, at least 15): three
// partner pages, each in a fresh browser context (nothing cached, no connection or compiled code
// left from before), with the CPU throttled 4× and the network at 150 ms round trip, 1.6 Mbps down
// and 750 kbps up (DevTools' emulation), on a 412 × 823 screen at 1.75 device pixels per CSS
// pixel. The files are served gzip-compressed, as a CDN serves them. The partner page is on one
// origin, the service (its files and its API) on another of the same site, as a partner's page and
// a CDN are; each page takes its token from the partner's server, as a partner's backend hands it.
// - the floor: the floor's classic-script build and `<floor-element src=…>`;
// - inline: the drop-in of docs/embedding.md, `<provider-link base-url=…>` and the classic-script bundle, the
//   token set from code;
// - framed: an iframe of the hosted page, `dist/link.html`, handed the token by host message.
// The clock runs from the partner page's navigation start to the end of the frame that first shows
// the list's rows (bench/first-rows.js notes those rows in whichever frame they are; the frame's
// end comes from Chromium's trace, as above). The three take turns, in a rotating order. DevTools'
// emulation lets CORS preflights through undelayed; the server holds each one for a round trip,
// since a call with the token's header to another origin pays one on a real network: the inline
// widget's and the floor's (which makes the same call, header included) do; the hosted page's
// same-origin call pays none.
//
// BENCH_ONLY=cold,search runs some parts (lists, huge, search, cycles, cold); BENCH_TRACE_DIR=dir
// keeps every Chromium trace, for DevTools' Performance panel; BENCH_PROFILE=1 adds V8's CPU
// samples to them (it slows what it watches: read where the time goes, not how much).
//
// BENCH_BASELINE=path/to/provider-link.iife.js adds a fourth cold-start page: the inline drop-in
// with that build (another commit's `dist/`), in the same rounds as the others, and prints
// inline / baseline. Two separate runs differ by ±5 % on this machine; loads taking turns in one
// run are what tells a change of a few per cent.
//
// The floor gets the same bytes as the product from the same fake, with the same latency: it is
// given `src="/bench/list/<token>"`, which this server answers by handing the fake service the
// product's own call (`GET /v2/link/providers` with that token in `x-service-link-token`), so one
// code path in the fake, delay included, answers both.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createFakeService, DEMO_API_KEY } from '../test/fake-service/fake-service.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './dev-middleware.mjs';

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '30', 10) || 30);
/** Typing passes (each types three words and deletes them) and heap trials scale with the runs. */
const PASSES = Math.max(3, Math.ceil(RUNS / 10));
const CYCLES = 200;
/** Cycles before the heap is first measured: compiled code and one-time caches are not growth. */
const WARM_UP_CYCLES = 50;
/** The rows the product shows a page at a time (src/views/providers.ts), read from its source. */
const LIST_PAGE = Number(readFileSync(new URL('../src/views/providers.ts', import.meta.url), 'utf8').match(/LIST_PAGE = (\d+)/)?.[1]);
const VIEWPORT = { width: 1280, height: 720 };
const KINDS = ['product', 'floor'];
const COLD_RUNS = Math.max(15, Number.parseInt(process.env.BENCH_COLD_RUNS ?? '20', 10) || 20);
/** A mid-range phone, as Lighthouse's mobile preset has it. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const PHONE_CPU_SLOWDOWN = 4;
/** A build to hold the product against, loaded inline as the product is (BENCH_BASELINE). */
const BASELINE = process.env.BENCH_BASELINE || null;
const COLD_KINDS = ['floor', 'inline', 'framed', ...(BASELINE ? ['baseline'] : [])];
/**
 * The parts of the bench to run (`BENCH_ONLY=cold,search`), all by default: lists (painted after
 * the answer, with and without latency), huge (10 000 providers), search, cycles, cold.
 */
const ONLY = new Set((process.env.BENCH_ONLY || 'lists,huge,search,cycles,cold').split(','));
const SEARCH_WORDS = ['meadow', 'juniper', 'tracker'];

// --- The server: the fake service, the harness page and the two bundles -----------------------

const FILES = {
  '/bench/harness.html': ['bench/harness.html', 'text/html; charset=utf-8'],
  '/dist/provider-link.js': ['dist/provider-link.js', 'text/javascript; charset=utf-8'],
  '/bench/dist/floor.js': ['bench/dist/floor.js', 'text/javascript; charset=utf-8'],
  // Cold start: the classic-script builds, and the hosted page with its script and style.
  '/dist/provider-link.iife.js': ['dist/provider-link.iife.js', 'text/javascript; charset=utf-8'],
  '/bench/dist/floor.iife.js': ['bench/dist/floor.iife.js', 'text/javascript; charset=utf-8'],
  ...(BASELINE ? { '/baseline/provider-link.iife.js': [BASELINE, 'text/javascript; charset=utf-8'] } : {}),
  '/dist/link.html': ['dist/link.html', 'text/html; charset=utf-8'],
  '/dist/link.js': ['dist/link.js', 'text/javascript; charset=utf-8'],
  '/dist/link.css': ['dist/link.css', 'text/css; charset=utf-8'],
};
const FLOOR_LIST = /^\/bench\/list\/([\w-]+)$/;
const PARTNER_PAGE = /^\/bench\/partner\/([\w-]+)$/;
/** Cold-start pages to serve, by id: which page and its token (never in the page's address). */
const partnerPages = new Map();

/** Gzip at the default level, as CDNs compress; once per file and run, not per request. */
const gzipped = new Map();
function send(req, res, body, type) {
  const headers = { 'content-type': type, 'cache-control': 'no-store' };
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    if (!gzipped.has(body)) gzipped.set(body, gzipSync(body));
    Object.assign(headers, { 'content-encoding': 'gzip', vary: 'accept-encoding' });
    body = gzipped.get(body);
  }
  res.writeHead(200, headers);
  res.end(body);
}

const service = createFakeService();
const fileText = new Map();
/** Cold starts: how long a CORS preflight takes to be answered (see the server). */
let preflightDelayMs = 0;
/** CORS preflights the server has answered. */
let preflights = 0;
const server = createServer(async (req, res) => {
  try {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const floorList = FLOOR_LIST.exec(path);
    if (floorList) {
      req.url = '/v2/link/providers';
      req.headers['x-service-link-token'] = floorList[1];
    }
    // DevTools' network emulation delays requests, not the CORS preflights the network stack
    // sends before them, which would make a preflight free; on the emulated phone it waits one
    // round trip, as it does on a real network.
    if (req.method === 'OPTIONS') preflights += 1;
    if (req.method === 'OPTIONS' && preflightDelayMs) await new Promise((resolve) => setTimeout(resolve, preflightDelayMs));
    if (await service.handle(req, res)) return;
    const partnerPage = PARTNER_PAGE.exec(path);
    if (partnerPage && partnerPages.has(partnerPage[1])) {
      send(req, res, partnerHtml(partnerPages.get(partnerPage[1])), 'text/html; charset=utf-8');
      return;
    }
    const file = FILES[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    // Never cached by the browser: every load parses and compiles its bundle afresh. The text is
    // the same all run long, so it is read, and compressed, once.
    if (!fileText.has(path)) fileText.set(path, readFileSync(file[0], 'utf8'));
    send(req, res, fileText.get(path), file[1]);
  } catch (error) {
    if (!res.headersSent) res.writeHead(500);
    res.end(String(error));
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
// The partner's pages come from another origin of the same site: the same server on another port.
// (Another site would put the hosted page's frame in a process of its own, which the CPU
// throttling set on the page would not reach.)
const partnerServer = createServer((req, res) => server.emit('request', req, res));
await new Promise((resolve) => partnerServer.listen(0, '127.0.0.1', resolve));
const partnerOrigin = `http://127.0.0.1:${partnerServer.address().port}`;

/** A partner's page for one cold-start load: the floor, the product inline, or the hosted page framed. */
function partnerHtml({ kind, token }) {
  const setToken = (statement) => `<script>${statement.replace('TOKEN', JSON.stringify(token))}</script>`;
  const dropIn = (bundle) => `<provider-link id="link" base-url="${origin}"></provider-link>
<script src="${origin}${bundle}"></script>
${setToken("document.getElementById('link').linkToken = TOKEN;")}`;
  const body = {
    floor: `<floor-element src="${origin}/v2/link/providers" token="${token}"></floor-element>
<script src="${origin}/bench/dist/floor.iife.js"></script>`,
    // The drop-in of docs/embedding.md: the element, the classic-script bundle, the token from code.
    inline: dropIn('/dist/provider-link.iife.js'),
    baseline: dropIn('/baseline/provider-link.iife.js'),
    // The hosted page, told where the API is and whom to talk to; the token comes by host message.
    framed: `<iframe title="Connect a data source" src="${origin}/dist/link.html#base-url=${encodeURIComponent(origin)}&parent-origin=${encodeURIComponent(partnerOrigin)}"></iframe>
${setToken(`addEventListener('message', (event) => {
  if (event.origin === ${JSON.stringify(origin)} && event.data?.type === 'ready') event.source.postMessage({ type: 'link-token', link_token: TOKEN }, event.origin);
});`)}`,
  }[kind];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A partner's page</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; font: 16px system-ui, sans-serif; } h1 { margin: 16px; font-size: 1.25rem; } iframe { display: block; width: 100%; height: 760px; border: 0; }</style>
</head>
<body>
<h1>Connect your devices</h1>
${body}
</body>
</html>
`;
}

async function mintToken(options = {}) {
  const response = await fetch(`${origin}/v2/link/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': DEMO_API_KEY },
    body: JSON.stringify({ user_id: randomUUID(), ...options }),
  });
  if (!response.ok) throw new Error(`minting a token failed: ${response.status} ${await response.text()}`);
  return (await response.json()).link_token;
}

// --- Statistics ---------------------------------------------------------------------------------

/** The q-quantile by linear interpolation between the closest ranks. */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}
const stats = (values) => ({ median: quantile(values, 0.5), p90: quantile(values, 0.9), p95: quantile(values, 0.95), max: Math.max(...values), n: values.length, values });

// --- The browser --------------------------------------------------------------------------------

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
const page = await context.newPage();
page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
const cdp = await context.newCDPSession(page);

async function openHarness(kind, target = page) {
  await target.goto(`${origin}/bench/harness.html?kind=${kind}`);
  await target.waitForSelector('body[data-ready]', { state: 'attached' });
}

/**
 * Chromium's trace: the main thread's tasks, its animation frame callbacks, and the marks that
 * map the page's clock onto the trace's.
 */
const TRACE_CATEGORIES = [...(process.env.BENCH_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []), 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];
/** A few steps of the page clock's coarsening (0.1 ms, with jitter): how far apart the clocks may seem. */
const CLOCK_SLACK_MS = 0.5;
let traceCount = 0;

/**
 * Runs `work` while Chromium traces; resolves with its result and `frameEnd(clock, rafAt)`: for a
 * time on the page's clock inside an animation frame callback, the time (same clock) at which the
 * main-thread task that ran the callback ended, that is when that frame's style, layout, paint and
 * commit were done. `clock` is a mark the page made (`{name, at}`), found in the trace by its name.
 */
async function traced(work, target = page) {
  await browser.startTracing(target, { categories: TRACE_CATEGORIES });
  let buffer;
  let result;
  try {
    result = await work();
  } finally {
    buffer = await browser.stopTracing();
  }
  // For reading a miss in DevTools' Performance panel: BENCH_TRACE_DIR keeps every trace.
  if (process.env.BENCH_TRACE_DIR) writeFileSync(`${process.env.BENCH_TRACE_DIR}/trace-${++traceCount}.json`, buffer);
  const marks = new Map();
  const threads = new Map();
  const thread = (event) => {
    const key = `${event.pid}:${event.tid}`;
    if (!threads.has(key)) threads.set(key, { tasks: [], callbacks: [] });
    return threads.get(key);
  };
  for (const event of JSON.parse(buffer.toString()).traceEvents) {
    if (event.cat === 'blink.user_timing' && event.name.startsWith('bench-clock-')) marks.set(event.name, event);
    else if (event.ph !== 'X') continue;
    else if (event.name === 'RunTask') thread(event).tasks.push([event.ts / 1000, (event.ts + event.dur) / 1000]);
    else if (event.name === 'FireAnimationFrame') thread(event).callbacks.push([event.ts / 1000, (event.ts + event.dur) / 1000]);
  }
  const distance = (at) => ([start, stop]) => Math.max(start - at, at - stop, 0);
  function frameEnd(clock, rafAt) {
    const mark = marks.get(clock.name);
    if (!mark) throw new Error(`the trace lacks the page's mark ${clock.name}`);
    const offset = mark.ts / 1000 - clock.at;
    const { tasks, callbacks } = thread(mark);
    // The page's clock finds the frame's callbacks (frames are milliseconds apart); the trace's
    // own clock then finds the task around them, the outermost (a task can run nested ones).
    const callback = callbacks.find((span) => distance(rafAt + offset)(span) <= CLOCK_SLACK_MS);
    if (!callback) throw new Error('no animation frame callback in the trace at the time the page gave');
    const around = tasks.filter((task) => distance(callback[0])(task) === 0);
    if (around.length === 0) throw new Error('no main-thread task around the animation frame callback');
    return Math.max(...around.map(([, stop]) => stop)) - offset;
  }
  return { result, frameEnd };
}

/**
 * `RUNS` loads of each element, taking turns, each in a fresh document and its own trace; returns
 * the results by kind, each with `paintedAt`: the end of the frame that first showed the rows.
 */
async function loads(label, tokenOptions, loadOptions = {}) {
  const results = { product: [], floor: [] };
  const listLength = (await (await fetch(`${origin}/bench/list/${await mintToken(tokenOptions)}`)).json()).length;
  for (let run = 0; run < RUNS; run++) {
    for (const kind of run % 2 ? KINDS : [...KINDS].reverse()) {
      const token = await mintToken(tokenOptions);
      await openHarness(kind);
      const options = kind === 'product' ? loadOptions : {};
      const { result, frameEnd } = await traced(() => page.evaluate(([token, options]) => window.bench.load(token, options), [token, options]));
      // A list cut short would be measured as fast: the product shows a page of rows (LIST_PAGE), the floor all.
      const expected = kind === 'product' ? Math.min(listLength, LIST_PAGE) : listLength;
      if (result.rows !== expected) throw new Error(`${kind} shows ${result.rows} rows of a list of ${listLength}, not ${expected}`);
      results[kind].push({ ...result, paintedAt: frameEnd(result.clock, result.rafAt) });
    }
    process.stderr.write(`\r${label}: ${run + 1}/${RUNS}`);
  }
  process.stderr.write('\n');
  return results;
}

/**
 * One cold start of one partner page (`kind`: floor, inline or framed) on the throttled phone, in
 * a fresh context. Resolves with times in ms from the page's navigation start: `firstFrame` (the
 * end of the frame that first shows the rows), and for reading it, when the bundle arrived, when
 * the list was asked for and answered, and when the rows existed.
 */
async function coldStart(kind) {
  const id = randomUUID();
  partnerPages.set(id, { kind, token: await mintToken() });
  const context = await browser.newContext(PHONE);
  const preflightsBefore = preflights;
  try {
    let report;
    const reported = new Promise((resolve) => (report = resolve));
    await context.exposeBinding('benchFirstRows', (_source, data) => report(data));
    await context.addInitScript({ path: 'bench/first-rows.js' });
    const coldPage = await context.newPage();
    coldPage.on('pageerror', (error) => console.error(`page error (${kind}): ${error.message}`));
    const cdp = await context.newCDPSession(coldPage);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    const { result, frameEnd } = await traced(async () => {
      await coldPage.goto(`${partnerOrigin}/bench/partner/${id}`, { waitUntil: 'commit' });
      let timer;
      const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${kind}: no list within 60 s`)), 60_000)));
      const data = await Promise.race([reported, timeout]).finally(() => clearTimeout(timer));
      return { data, navigationStart: await coldPage.evaluate(() => performance.timeOrigin) };
    }, coldPage);
    const { data, navigationStart } = result;
    const preflightsMade = preflights - preflightsBefore;
    // From the clock of the frame that showed the list to the partner page's.
    const since = (at) => data.timeOrigin + at - navigationStart;
    const resource = (test) => data.resources.find((r) => test(r.path));
    const bundle = resource((path) => /(provider-link|floor)\.iife\.js$/.test(path));
    const list = resource((path) => path.startsWith('/v2/link/providers') || path.startsWith('/bench/list/'));
    return {
      preflights: preflightsMade,
      rows: data.rows,
      firstFrame: since(frameEnd(data.clock, data.rafAt)),
      frameStart: since(0),
      bundleEnd: bundle ? since(bundle.end) : NaN,
      listStart: list ? since(list.start) : NaN,
      listEnd: list ? since(list.end) : NaN,
      rowsAt: since(data.rowsAt),
    };
  } finally {
    await context.close();
    partnerPages.delete(id);
  }
}

/** `COLD_RUNS` rounds of one cold start of each page, the order turning each round. */
async function coldStarts() {
  const results = Object.fromEntries(COLD_KINDS.map((kind) => [kind, []]));
  preflightDelayMs = PHONE_NETWORK.latency;
  const listLength = (await (await fetch(`${origin}/bench/list/${await mintToken()}`)).json()).length;
  for (let round = 0; round < COLD_RUNS; round++) {
    for (let i = 0; i < COLD_KINDS.length; i++) {
      const kind = COLD_KINDS[(round + i) % COLD_KINDS.length];
      const load = await coldStart(kind);
      const expected = kind === 'floor' ? listLength : Math.min(listLength, LIST_PAGE);
      if (load.rows !== expected) throw new Error(`${kind} shows ${load.rows} rows of a list of ${listLength}, not ${expected}`);
      results[kind].push(load);
    }
    process.stderr.write(`\rcold start on a throttled phone: ${round + 1}/${COLD_RUNS}`);
  }
  process.stderr.write('\n');
  preflightDelayMs = 0;
  return results;
}

/**
 * Types each word letter by letter, then deletes it the same way; times every keystroke. Each pass
 * in a browser context of its own: a renderer that has just shown the list parts' hundred and
 * twenty widgets (and their logos) answered keystrokes about a third slower at the median, which is
 * the bench's history, not what a person typing meets.
 */
async function typing() {
  const samples = [];
  const token = await mintToken({ provider_count: 1000 });
  for (let pass = 0; pass < PASSES; pass++) {
    const typingContext = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    try {
      const typingPage = await typingContext.newPage();
      typingPage.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      await openHarness('product', typingPage);
      await typingPage.evaluate((token) => window.bench.mountAndShow(token), token);
      await typingPage.locator('provider-link #provider-search').focus();
      await typingPage.evaluate(() => window.bench.watchKeystrokes());
      let count = 0;
      const { result, frameEnd } = await traced(async () => {
        const press = async (key) => {
          await typingPage.keyboard.press(key);
          count += 1;
          await typingPage.evaluate((count) => window.bench.keystrokes(count), count);
          await typingPage.waitForTimeout(40); // a quick typist's pace, not back to back
        };
        for (const word of SEARCH_WORDS) {
          for (const letter of word) await press(letter);
          for (let i = 0; i < word.length; i++) await press('Backspace');
        }
        return { keys: await typingPage.evaluate((count) => window.bench.keystrokes(count), count), clock: await typingPage.evaluate(() => window.bench.clockMark()) };
      }, typingPage);
      const shown = await typingPage.evaluate(() => document.querySelector('provider-link').shadowRoot.querySelectorAll('button[part="provider"]').length);
      if (shown !== LIST_PAGE) throw new Error(`after deleting the words the list shows ${shown} rows, not ${LIST_PAGE} of 1 000`);
      samples.push(...result.keys.map(({ start, rafAt }) => ({ total: frameEnd(result.clock, rafAt) - start, frame: frameEnd(result.clock, rafAt) - rafAt })));
    } finally {
      await typingContext.close();
    }
    process.stderr.write(`\rsearch, 1 000 providers: ${pass + 1}/${PASSES}`);
  }
  process.stderr.write('\n');
  return samples;
}

// DevTools handles for the listener and actor counts.
const evaluateHandle = async (expression) => (await cdp.send('Runtime.evaluate', { expression, objectGroup: 'bench' })).result.objectId;
const callOn = async (objectId, functionDeclaration, { returnByValue = true, objectGroup = 'bench' } = {}) =>
  (await cdp.send('Runtime.callFunctionOn', { objectId, functionDeclaration, returnByValue, objectGroup })).result;

/** Listeners registered on window and on document (DevTools' own count, not a wrapper's). */
async function globalListeners() {
  let total = 0;
  for (const expression of ['window', 'document']) {
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: await evaluateHandle(expression) });
    total += listeners.length;
  }
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'bench' });
  return total;
}

async function collectGarbage() {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
}

async function heapUsed() {
  await collectGarbage();
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/**
 * XState's `Actor.prototype` as this page's bundle has it: found through the private fields of a
 * mounted element (DevTools lists them), as the object with `start`, `getSnapshot` and xstate's
 * `_processingStatus`. Each bundle carries its own copy of xstate, so each page has its own.
 */
async function actorPrototype(token) {
  const element = (await cdp.send('Runtime.evaluate', { expression: `window.bench.specimen(${JSON.stringify(token)})`, awaitPromise: true, objectGroup: 'bench' })).result.objectId;
  let frontier = [element];
  for (let depth = 0; depth < 3; depth++) {
    const next = [];
    for (const objectId of frontier) {
      const { privateProperties = [] } = await cdp.send('Runtime.getProperties', { objectId, ownProperties: true });
      for (const property of privateProperties) {
        const id = property.value?.objectId;
        if (!id) continue;
        const isActor = (await callOn(id, 'function () { return typeof this.start === "function" && typeof this.getSnapshot === "function" && "_processingStatus" in this; }')).value;
        if (isActor) {
          // Kept in its own group: the handles to the element and its fields are let go.
          const prototype = (await callOn(id, 'function () { return Object.getPrototypeOf(this); }', { returnByValue: false, objectGroup: 'actor-prototype' })).objectId;
          await callOn(element, 'function () { this.remove(); }');
          await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'bench' });
          return prototype;
        }
        next.push(id);
      }
    }
    frontier = next;
  }
  throw new Error('no XState actor found in the element');
}

/**
 * Actors in the heap, after garbage collection, that xstate still counts as running
 * (`_processingStatus` 1: started and not stopped). `Runtime.queryObjects` finds every object whose
 * prototype chain holds `Actor.prototype`: the element's own actor and the actors it invoked.
 */
async function liveActors(prototype) {
  await collectGarbage();
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: prototype, objectGroup: 'bench' });
  return (await callOn(objects.objectId, 'function () { return { alive: this.length, running: this.filter((actor) => actor._processingStatus === 1).length }; }')).value;
}

/**
 * One trial per element: a fresh document, the listeners counted before anything is mounted,
 * `WARM_UP_CYCLES` cycles, the heap, `CYCLES` cycles, then the heap, the listeners and the actors
 * again. Heap: DevTools' `Runtime.getHeapUsage` after `HeapProfiler.collectGarbage` (three times).
 */
async function mountCycles(kind, token) {
  await openHarness(kind);
  const listenersBefore = await globalListeners();
  await page.evaluate(([token, count]) => window.bench.cycles(token, count), [token, WARM_UP_CYCLES]);
  const prototype = await actorPrototype(token);
  await page.evaluate(() => window.bench.cycles('', 0)); // no cycle: the same settling as after them
  const before = await heapUsed();
  await page.evaluate(([token, count]) => window.bench.cycles(token, count), [token, CYCLES]);
  const after = await heapUsed();
  const actors = await liveActors(prototype);
  const listeners = (await globalListeners()) - listenersBefore;
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'actor-prototype' });
  return { growth: after - before, listeners, actors };
}

// --- The measurements ---------------------------------------------------------------------------

const chromiumVersion = browser.version();
const started = Date.now();
let loadsFast;
let loadsSlow;
let loadsHuge;
let keystrokes;
let cold;
const cycles = { product: [], floor: [] };
try {
  if (ONLY.has('lists')) {
    loadsFast = await loads('list painted, no latency', {});
    loadsSlow = await loads('list painted, 100 ms latency', { delay_ms: 100 });
  }
  if (ONLY.has('huge')) loadsHuge = await loads('10 000 providers', { provider_count: 10_000 }, { settleMs: 300, countLogos: true });
  if (ONLY.has('search')) keystrokes = await typing();
  if (ONLY.has('cycles')) {
    const token = await mintToken();
    for (let trial = 0; trial < PASSES; trial++) {
      for (const kind of trial % 2 ? KINDS : [...KINDS].reverse()) cycles[kind].push(await mountCycles(kind, token));
      process.stderr.write(`\r${CYCLES} mount/unmount cycles: ${trial + 1}/${PASSES}`);
    }
    process.stderr.write('\n');
  }
  if (ONLY.has('cold')) cold = await coldStarts();
} finally {
  await browser.close();
  server.close();
  partnerServer.close();
}

// --- The table ----------------------------------------------------------------------------------

const afterAnswer = (results) => results.map((r) => r.paintedAt - r.responseEnd);
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const number = (value) => (Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '—');

/** Rows of [metric, product median, product p90, floor median, floor p90, goal, verdict]. */
const rows = [];
/** One row: the two elements' medians and p90s (floor: null when it has no such thing), the goal, and the verdict with its numbers. */
function row(what, product, floor, format, goal, met, because) {
  rows.push({ cells: [what, format(product.median), format(product.p90), floor ? format(floor.median) : 'n/a', floor ? format(floor.p90) : 'n/a', goal, `${met ? 'met' : 'NOT MET'}: ${because}`], met });
}

for (const [what, results, slack] of [
  ['list painted after the answer', loadsFast, 3],
  ['  same, 100 ms latency', loadsSlow, 5],
].filter(([, results]) => results)) {
  const product = stats(afterAnswer(results.product));
  const floor = stats(afterAnswer(results.floor));
  row(what, product, floor, ms, `≤ floor + ${slack} ms`, product.median <= floor.median + slack, `${product.median.toFixed(1)} vs ${(floor.median + slack).toFixed(1)} ms`);
}
if (loadsFast || loadsHuge) {
  const all = (kind) => [loadsFast, loadsSlow, loadsHuge].filter(Boolean).flatMap((results) => results[kind]);
  const counts = all('product').map((r) => r.requestsBefore.length);
  const others = new Set(all('product').flatMap((r) => r.requestsBefore).filter((path) => path !== '/v2/link/providers'));
  const one = counts.filter((n) => n === 1).length;
  row('requests before the list is shown', stats(counts), stats(all('floor').map((r) => r.requestsBefore.length)), number, '1 (product)', one === counts.length,
    `${one} of ${counts.length} loads made 1${others.size ? `; also asked for: ${[...others].join(', ')}` : ''}`);
}
if (keystrokes) {
  const product = stats(keystrokes.map((k) => k.total));
  row('search 1 000: keystroke → frame', product, null, ms, 'p95 ≤ 16 ms, max ≤ 50 ms', product.p95 <= 16 && product.max <= 50,
    `p95 ${product.p95.toFixed(1)}, max ${product.max.toFixed(1)} ms (${product.n} keystrokes)`);
}
if (loadsHuge) {
  const product = stats(afterAnswer(loadsHuge.product));
  row('10 000: first list frame after answer', product, stats(afterAnswer(loadsHuge.floor)), ms, '≤ 100 ms', product.median <= 100, `${product.median.toFixed(1)} ms`);
  const logos = loadsHuge.product.map((r) => r.logos);
  const offScreen = stats(logos.map((l) => l.offScreen));
  row('  logos fetched for rows off screen', offScreen, null, number, '0', offScreen.max === 0,
    `median ${quantile(logos.map((l) => l.requested), 0.5)} logos fetched for ${quantile(logos.map((l) => l.rowsOnScreen), 0.5)} rows on screen`);
}
if (cycles.product.length) {
  const of = (kind, pick) => stats(cycles[kind].map(pick));
  const product = of('product', (c) => c.growth);
  const floor = of('floor', (c) => c.growth);
  row(`${CYCLES} mount/unmount: heap growth`, product, floor, kb, '≤ floor + 100 KB', product.median <= floor.median + 100 * 1024, `${kb(product.median)} vs ${kb(floor.median + 100 * 1024)}`);
  const listeners = of('product', (c) => c.listeners);
  row('  leftover window/document listeners', listeners, of('floor', (c) => c.listeners), number, '0', listeners.max === 0, `at most ${listeners.max} in ${listeners.n} trials`);
  const actors = of('product', (c) => c.actors.running);
  const alive = Math.max(...cycles.product.map((c) => c.actors.alive));
  row('  live (running) actors', actors, of('floor', (c) => c.actors.running), number, '0', actors.max === 0, `at most ${actors.max} running, ${alive} in the heap at all`);
}

if (cold) {
  // The product inline against the floor (goal: within 1.15×), and the framed hosted page against
  // the product inline (goal: within 1.2×, the frame's own page and script added): ratios of the
  // medians. Their spread comes from the rounds (each round loads all three, one after another).
  const firstFrames = (kind) => cold[kind].map((load) => load.firstFrame);
  const median = (kind) => quantile(firstFrames(kind), 0.5);
  const perRound = (kind, base) => stats(cold[kind].map((load, round) => load.firstFrame / cold[base][round].firstFrame));
  const times = (value) => `${value.toFixed(2)}×`;
  // The baseline has no goal: it is there to read a change by (no slower, or by how much).
  const pairs = [['inline', 'floor', 1.15], ['framed', 'inline', 1.2], ...(BASELINE ? [['inline', 'baseline', null]] : [])];
  for (const [kind, base, limit] of pairs) {
    const ratio = median(kind) / median(base);
    const rounds = perRound(kind, base);
    const met = limit === null || ratio <= limit;
    const verdict = limit === null ? BASELINE : met ? 'met' : 'NOT MET';
    rows.push({
      cells: [`cold start: ${kind} / ${base}`, times(ratio), times(rounds.p90), base === 'floor' ? ms(median('floor')) : 'n/a', base === 'floor' ? ms(quantile(firstFrames('floor'), 0.9)) : 'n/a',
        limit === null ? 'n/a' : `≤ ${limit}×`, `${verdict}: ${ms(median(kind))} vs ${ms(median(base))}; by round ${times(quantile(rounds.values, 0.1))}–${times(rounds.p90)}`],
      met,
    });
  }
}

/** Prints rows of cells as columns: text left, numbers right. */
function printTable(header, body, textColumns) {
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) => cells.map((cell, i) => (textColumns.includes(i) ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cells of body) console.log(line(cells));
}

const fewRuns = RUNS < 30 ? ' (fewer than the 30 the goals ask for)' : '';
console.log(`\nprovider-link bench: Chromium ${chromiumVersion}, headless; ${RUNS} loads per element and case${fewRuns}, ` +
  `${keystrokes?.length ?? 0} keystrokes, ${cycles.product.length} trials of ${CYCLES} mount/unmount cycles, ${cold ? COLD_RUNS : 0} cold starts of each page; ` +
  `${Math.round((Date.now() - started) / 1000)} s${ONLY.size < 5 ? `; only ${[...ONLY].join(', ')}` : ''}\n`);
printTable(['metric', 'product median', 'p90', 'floor median', 'p90', 'goal', 'verdict'], rows.map((r) => r.cells), [0, 5, 6]);

// Where each load's time went after the answer, for reading a miss: medians of each part.
const parts = (results) => {
  const part = (pick) => ms(quantile(results.map(pick), 0.5));
  return [part((r) => r.rowsAt - r.responseEnd), part((r) => r.rafAt - r.rowsAt), part((r) => r.paintedAt - r.rafAt)].join(' | ');
};
const cases = [['no latency', loadsFast], ['100 ms latency', loadsSlow], ['10 000 providers', loadsHuge]].filter(([, results]) => results);
if (cases.length) {
  console.log('\nafter the answer, medians: answer → rows in the DOM | rows → frame begins | the frame (style, layout, paint, commit)');
  printTable(['case', 'product', 'floor'], cases.map(([name, results]) => [name, parts(results.product), parts(results.floor)]), [0]);
}

if (keystrokes) {
  // A miss is either the widget's work or a main thread that others keep busy: the frame's own
  // task is short when only the wait was long.
  const part = (pick) => `${ms(quantile(keystrokes.map(pick), 0.5))} / ${ms(quantile(keystrokes.map(pick), 0.95))}`;
  console.log('\nsearch keystrokes, median / p95: keystroke → its frame begins (handler, render, wait) | the frame (style, layout, paint, commit)');
  console.log(`${part((k) => k.total - k.frame)} | ${part((k) => k.frame)}`);
}

if (cold) {
  const net = PHONE_NETWORK;
  console.log(`\ncold start on a mid-range phone (CPU ${PHONE_CPU_SLOWDOWN}× slower, ${net.latency} ms round trip, ${(net.downloadThroughput * 8) / 1e6} Mbps down, ` +
    `gzip, nothing cached), ${COLD_RUNS} loads each: navigation start → end of the first frame showing the list`);
  const spread = (values) => `${ms(quantile(values, 0.1))} – ${ms(quantile(values, 0.9))}`;
  printTable(
    ['page', 'median', 'p10 – p90', 'min – max', 'IQR'],
    COLD_KINDS.map((kind) => {
      const values = cold[kind].map((load) => load.firstFrame);
      return [kind, ms(quantile(values, 0.5)), spread(values), `${ms(Math.min(...values))} – ${ms(Math.max(...values))}`, ms(quantile(values, 0.75) - quantile(values, 0.25))];
    }),
    [0],
  );
  console.log('\nwhere the time went, medians from navigation start: the frame with the widget starts (framed) | its bundle arrived | list asked | list answered | rows in the DOM | first frame ends');
  printTable(
    ['page', 'frame', 'bundle', 'list asked', 'answered', 'rows', 'frame ends', 'preflights'],
    COLD_KINDS.map((kind) => [
      kind,
      ...['frameStart', 'bundleEnd', 'listStart', 'listEnd', 'rowsAt', 'firstFrame'].map((key) => ms(quantile(cold[kind].map((load) => load[key]), 0.5))),
      number(quantile(cold[kind].map((load) => load.preflights), 0.5)),
    ]),
    [0],
  );
}

const missed = rows.filter((r) => !r.met).length;
console.log(missed ? `\n${missed} goal(s) not met.` : '\nEvery goal met.');
process.exitCode = missed ? 1 : 0;
