// Server commands for test/fuzz/ (see `npm run fuzz` in CONTRIBUTING.md).
//
// `fuzz-options`: how many cases, which seed, and which fast-check path. `npm test` sets none, and
// the test uses its fixed CI values; `FUZZ_RUNS=… FUZZ_SEED=…|random` override them (`npm run
// fuzz` does), and `FUZZ_PATH=…` with the seed of a failed run replays its smallest case alone.
//
// `fuzz-watchdog`: the test decides by signals and counts, never by the clock, but a JavaScript
// task that never ends (a regular expression that backtracks over a megabyte, a loop) freezes the
// page, and only the runner's own timeout (`testsFinishTimeout`) ends the run then. While on, the
// watchdog asks the page for a trivial evaluation every few hundred milliseconds and, when the
// page has not answered for a while, says so with the page's title, where the test writes which
// case is running and how to replay it. It stops nothing and decides nothing: it only makes that
// timeout say why.

function fuzzOptions() {
  const runs = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : null;
  if (runs !== null && !(Number.isInteger(runs) && runs > 0)) throw new Error(`FUZZ_RUNS must be a positive integer, not ${process.env.FUZZ_RUNS}`);
  const asked = process.env.FUZZ_SEED;
  const seed = asked === undefined || asked === '' ? null : asked === 'random' ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : Number(asked);
  if (seed !== null && !Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer or "random", not ${asked}`);
  const path = process.env.FUZZ_PATH || null;
  if (path !== null && !/^\d+(:\d+)*$/.test(path)) throw new Error(`FUZZ_PATH must be a fast-check path such as 12:0:3, not ${path}`);
  if (path !== null && (seed === null || asked === 'random')) throw new Error('FUZZ_PATH replays a case of one seed: set FUZZ_SEED to the seed it was printed with');
  return { runs, seed, path };
}

/** Chosen once per run, so the seed printed here is the one every test of the file uses. */
const options = fuzzOptions();
let announced = false;

export const fuzzCommands = {
  name: 'fuzz-commands',
  async executeCommand({ command, payload, session }) {
    if (command === 'fuzz-options') {
      if (!announced && (options.runs !== null || options.seed !== null)) {
        announced = true;
        console.log(
          options.path === null
            ? `hostile-answers fuzz: seed ${options.seed ?? '(the fixed CI seed)'}, ${options.runs ?? '(the CI count of)'} cases${options.seed === null ? '' : `; replay with FUZZ_SEED=${options.seed}${options.runs === null ? '' : ` FUZZ_RUNS=${options.runs}`} npm run fuzz`}`
            : `hostile-answers fuzz: replaying seed ${options.seed}, path ${options.path}`,
        );
      }
      return options;
    }
    if (command === 'fuzz-watchdog') return watchdog(session, payload?.watch === true);
    return undefined;
  },
};

/** How long the page may not answer before the watchdog says so: information, not a verdict. */
const SAY_AFTER_MS = 10_000;
const watchdogs = new Map();

/** Turns the watchdog of a page on or off; returns how many times it has spoken. */
async function watchdog(session, watch) {
  let dog = watchdogs.get(session.id);
  if (!dog) {
    const page = session.browser.getPage(session.id);
    dog = { page, cdp: await page.target().createCDPSession(), watching: false, said: 0 };
    watchdogs.set(session.id, dog);
  }
  if (!watch || dog.watching) {
    dog.watching = watch;
    return dog.said;
  }
  dog.watching = true;
  (async () => {
    /** When the page stopped answering, once the watchdog has said so. */
    let silentSince = null;
    while (dog.watching && !dog.page.isClosed()) {
      const asked = Date.now();
      // A protocol timeout is no answer: the page may still be held.
      const answer = dog.cdp.send('Runtime.evaluate', { expression: '0' }).then(
        () => 'answered',
        () => 'failed',
      );
      if ((await Promise.race([answer, sleep(SAY_AFTER_MS).then(() => 'silent')])) === 'silent' && dog.watching && silentSince === null) {
        silentSince = asked;
        dog.said++;
        // The title comes from the browser, which answers while the page's main thread is held.
        const { targetInfo } = await dog.cdp.send('Target.getTargetInfo').catch(() => ({ targetInfo: { title: '(unknown)' } }));
        console.log(`fuzz watchdog: the test page has not answered for ${SAY_AFTER_MS / 1000} s, in "${targetInfo.title}". A task that never ends is only ended by the runner's timeout.`);
      }
      if ((await answer) === 'answered' && silentSince !== null) {
        console.log(`fuzz watchdog: the page answered again after ${((Date.now() - silentSince) / 1000).toFixed(1)} s.`);
        silentSince = null;
      }
      await sleep(200);
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      dog.watching = false;
    });
  return dog.said;
}

/** A pause that never keeps the test runner alive by itself. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
