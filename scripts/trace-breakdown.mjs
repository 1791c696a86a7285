#!/usr/bin/env node
// Reads the Chromium traces `npm run bench` keeps (BENCH_TRACE_DIR) and says where the time went,
// in the numbers docs/performance.md gives:
//
//   node scripts/trace-breakdown.mjs cold <dir>   inline cold starts (BENCH_ONLY=cold)
//   node scripts/trace-breakdown.mjs keys <dir>   search keystrokes (BENCH_ONLY=search)
//
// cold: for each inline load and each of the floor, the main thread from the bundle's arrival to
// the end of the first frame with rows, cut where the trace itself marks it (the bundle's
// evaluation, the frame before the page's script, the page's script up to the list request, the
// task whose render made the rows, which bench/first-rows.js marks, and the list's frame), as
// medians; a build held against this one (BENCH_BASELINE) is left out. With BENCH_PROFILE=1, V8's CPU samples of two spans (bundle → list request,
// answer → end of the list's frame) by source module, through the bundle's source map: samples
// slow what they watch, so these say where the time goes, not how much.
//
// keys: for each keystroke, the task that handled it (keydown to the end of the render and any
// layout the browser forced), the wait for the next frame, and that frame; medians and p95s. A
// long wait behind a short task is the display's frame rate, not the widget's work.
import { readdirSync, readFileSync } from 'node:fs';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

const [mode, dir] = process.argv.slice(2);
if (!['cold', 'keys'].includes(mode) || !dir) {
  console.error('usage: node scripts/trace-breakdown.mjs cold|keys <dir of traces from BENCH_TRACE_DIR>');
  process.exit(2);
}

const quantile = (values, q) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  return sorted[Math.floor(at)] + (sorted[Math.ceil(at)] - sorted[Math.floor(at)]) * (at - Math.floor(at));
};
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—');
const traces = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => {
    const json = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'));
    return json.traceEvents ?? json;
  });

/** The complete ('X') events of one thread, in order. */
const threadOf = (events, { pid, tid }) => events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
const sent = (events, pattern) => events.find((e) => e.name === 'ResourceSendRequest' && pattern.test(e.args?.data?.url ?? ''));
const finished = (events, request) => events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === request.args.data.requestId);

/** V8's CPU samples of one process: [time in µs, call frame], in order. */
function samplesOf(events, pid) {
  const nodes = new Map();
  const clocks = new Map();
  const samples = [];
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile') clocks.set(event.id, event.args.data.startTime);
    if (event.name !== 'ProfileChunk') continue;
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(`${event.id}:${node.id}`, node.callFrame);
    let clock = clocks.get(event.id) ?? 0;
    (cpuProfile.samples ?? []).forEach((id, i) => {
      clock += timeDeltas[i] ?? 0;
      samples.push([clock, `${event.id}:${id}`]);
    });
    clocks.set(event.id, clock);
  }
  return samples.sort((a, b) => a[0] - b[0]).map(([at, id]) => [at, nodes.get(id)]);
}

if (mode === 'cold') {
  const bundleMap = new TraceMap(readFileSync(new URL('../dist/provider-link.iife.js.map', import.meta.url), 'utf8'));
  const moduleOf = (frame) => {
    if (!frame) return '?';
    if (!/provider-link\.iife\.js/.test(frame.url)) return frame.url ? `(${frame.url.split('/').pop() || 'page'})` : frame.functionName || '(native)';
    // A sample names the function it is in, by where that function starts: code at a module's top
    // level is in the bundle's one wrapping function, whose start maps to no module of its own.
    if (frame.lineNumber === 0 && frame.columnNumber <= 1) return '(the bundle’s top level: every module’s definitions)';
    const source = originalPositionFor(bundleMap, { line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? '(unmapped)';
    return source.replace(/^.*node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*$/, '$1').replace(/^.*\/src\//, 'src/');
  };
  const parts = { inline: [], floor: [] };
  const bySpan = { 'bundle → list request': new Map(), 'answer → end of the list frame': new Map() };
  let profiled = 0;
  for (const events of traces) {
    // The inline page and the floor; the framed page has a document of its own to read.
    if (sent(events, /link\.html/) || sent(events, /\/baseline\//)) continue;
    const kind = sent(events, /floor\.iife\.js/) ? 'floor' : 'inline';
    const bundle = sent(events, /(provider-link|floor)\.iife\.js/);
    const list = sent(events, /\/v2\/link\/providers/);
    if (!bundle || !list) continue;
    const arrived = finished(events, bundle)?.ts;
    const answered = finished(events, list)?.ts;
    const main = threadOf(events, list);
    const tasks = main.filter((e) => e.name === 'RunTask');
    const evaluation = main.find((e) => e.name === 'EvaluateScript' && /(provider-link|floor)\.iife\.js/.test(e.args?.data?.url ?? ''));
    const pageScript = main.find((e) => e.name === 'EvaluateScript' && e.ts <= list.ts && e.ts + e.dur >= list.ts);
    // The answer's task (its body read, the machine's step, the render that made the rows): the
    // outermost task around the mark bench/first-rows.js makes as the rows appear. The list's
    // frame: the first task after it that paints.
    const rowsMark = events.find((e) => e.name === 'bench-rows-exist' && e.pid === list.pid && e.ts > answered);
    const answerTask = rowsMark && tasks.filter((t) => t.ts <= rowsMark.ts && t.ts + t.dur >= rowsMark.ts).sort((a, b) => b.dur - a.dur)[0];
    if (arrived === undefined || answered === undefined || !evaluation || !answerTask) {
      console.error('a load left out: its trace lacks the bundle’s or the list’s end, the evaluation, or the rows’ mark (bench/first-rows.js)');
      continue;
    }
    const paints = main.filter((e) => e.name === 'Paint' && e.ts > answerTask.ts + answerTask.dur);
    const frameTask = paints.length ? tasks.find((t) => t.ts <= paints[0].ts && t.ts + t.dur >= paints[0].ts) : undefined;
    const end = (e) => e.ts + e.dur;
    // The floor asks for its list inside its own evaluation; the inline page's script asks after it.
    const byPage = pageScript && pageScript !== evaluation;
    parts[kind].push({
      'bundle arrived → list request': (list.ts - arrived) / 1000,
      '  the bundle’s evaluation (parse, compile, run, first update)': ((byPage ? end(evaluation) : list.ts) - arrived) / 1000,
      '  then a frame (the loading screen), to the page’s script': byPage ? (pageScript.ts - end(evaluation)) / 1000 : NaN,
      '  the page’s script, to the list request': byPage ? (list.ts - pageScript.ts) / 1000 : NaN,
      'list request → answer (the network)': (answered - list.ts) / 1000,
      'answer → rows (to the end of the task that made them)': (end(answerTask) - answered) / 1000,
      'rows → the list’s frame ends': frameTask ? (end(frameTask) - end(answerTask)) / 1000 : NaN,
      '  of which style': frameTask ? main.filter((e) => e.name === 'UpdateLayoutTree' && e.ts >= frameTask.ts && e.ts < end(frameTask)).reduce((sum, e) => sum + e.dur / 1000, 0) : NaN,
      '  of which layout': frameTask ? main.filter((e) => e.name === 'Layout' && e.ts >= frameTask.ts && e.ts < end(frameTask)).reduce((sum, e) => sum + e.dur / 1000, 0) : NaN,
    });
    const samples = kind === 'inline' ? samplesOf(events, list.pid) : [];
    if (!samples.length) continue;
    profiled += 1;
    const spans = [['bundle → list request', arrived, list.ts], ['answer → end of the list frame', answered, frameTask ? end(frameTask) : answered]];
    for (let i = 0; i < samples.length - 1; i++) {
      const [at, frame] = samples[i];
      const span = spans.find(([, from, to]) => at >= from && at < to);
      if (!span || frame?.functionName === '(idle)') continue;
      const totals = bySpan[span[0]];
      const name = moduleOf(frame);
      totals.set(name, (totals.get(name) ?? 0) + Math.min(samples[i + 1][0] - at, 5000) / 1000);
    }
  }
  if (!parts.inline.length) throw new Error(`no inline cold start in ${dir}: run the bench with BENCH_ONLY=cold BENCH_TRACE_DIR=${dir}`);
  console.log(`cold starts: ${parts.inline.length} inline, ${parts.floor.length} of the floor; medians of each part (CPU 4× slower, as the bench throttles it)\n`);
  console.log(`${'inline'.padStart(9)} ${'floor'.padStart(9)}`);
  const median = (kind, key) => ms(quantile(parts[kind].map((p) => p[key]), 0.5)).padStart(9);
  for (const key of Object.keys(parts.inline[0])) console.log(`${median('inline', key)} ${median('floor', key)}  ${key}`);
  if (profiled) {
    for (const [span, totals] of Object.entries(bySpan)) {
      console.log(`\n${span}: CPU samples by source, ms per load (${profiled} profiled loads; sampling slows small functions most)`);
      for (const [name, total] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`${(total / profiled).toFixed(1).padStart(7)}  ${name}`);
    }
  }
}

if (mode === 'keys') {
  const keys = [];
  for (const events of traces) {
    const inputs = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'input');
    if (!inputs.length) continue;
    const main = threadOf(events, inputs[0]);
    const tasks = main.filter((e) => e.name === 'RunTask');
    const paints = main.filter((e) => e.name === 'Paint' || e.name === 'Commit');
    for (const input of inputs) {
      const task = tasks.find((t) => t.ts <= input.ts && t.ts + t.dur >= input.ts);
      if (!task) continue;
      const paint = paints.find((p) => p.ts > task.ts + task.dur);
      const frame = paint && tasks.find((t) => t.ts <= paint.ts && t.ts + t.dur >= paint.ts);
      if (!frame) continue;
      const handler = main.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'input' && e.ts >= task.ts && e.ts < task.ts + task.dur);
      keys.push({
        'the keystroke’s task (keydown to the end of the render and of the layout it forced)': task.dur / 1000,
        '  of which the widget’s input handler and render': handler.reduce((sum, e) => sum + e.dur / 1000, 0),
        'the wait for the next frame': (frame.ts - task.ts - task.dur) / 1000,
        'that frame (style, layout, paint, commit)': frame.dur / 1000,
        'keystroke → the frame ends': (frame.ts + frame.dur - task.ts) / 1000,
      });
    }
  }
  if (!keys.length) throw new Error(`no keystroke in ${dir}: run the bench with BENCH_ONLY=search BENCH_TRACE_DIR=${dir}`);
  console.log(`search: ${keys.length} keystrokes, median and p95 of each part\n`);
  for (const key of Object.keys(keys[0])) {
    const values = keys.map((k) => k[key]);
    console.log(`${ms(quantile(values, 0.5)).padStart(9)} ${ms(quantile(values, 0.95)).padStart(9)}  ${key}`);
  }
  // The slowest twentieth: whose time was it?
  const total = 'keystroke → the frame ends';
  const slow = keys.filter((k) => k[total] >= quantile(keys.map((x) => x[total]), 0.95));
  const waitedMost = slow.filter((k) => k['the wait for the next frame'] > k['the keystroke’s task (keydown to the end of the render and of the layout it forced)']).length;
  console.log(`\nthe slowest ${slow.length}: ${waitedMost} waited longer for the frame than their own task took`);
}
