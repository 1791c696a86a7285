// Server commands for test/fuzz/ (see `npm run fuzz` in CONTRIBUTING.md).
//
// `fuzz-options`: how many cases, which seed, and which fast-check path. `npm test` sets none, and
// the test uses its fixed CI values; `FUZZ_RUNS=… FUZZ_SEED=…|random` override them (`npm run
// fuzz` does), and `FUZZ_PATH=…` with the seed of a failed run replays its smallest case alone.
//
// `fuzz-watchdog`: a JavaScript task that never ends (a regular expression that backtracks over a
// megabyte) would hang the test page, and the run would end in a bare timeout. While armed, the
// watchdog asks the page for a trivial evaluation every few hundred milliseconds; when the page has
// not answered within `hangMs`, it stops the running script with the DevTools protocol's
// `Runtime.terminateExecution`. The page then goes on, sees a long task of about `hangMs`, and
// reports the case that caused it.

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
            ? `hostile-answers fuzz: seed ${options.seed ?? '(fixed CI seed)'}, ${options.runs ?? '(CI count of)'} cases; replay with FUZZ_SEED=${options.seed} FUZZ_RUNS=${options.runs} npm run fuzz`
            : `hostile-answers fuzz: replaying seed ${options.seed}, path ${options.path}`,
        );
      }
      return options;
    }
    if (command === 'fuzz-watchdog') return watchdog(session, payload?.hangMs ?? 0);
    return undefined;
  },
};

const watchdogs = new Map();

/** Arms (`hangMs` > 0) or disarms (0) the watchdog of a page; returns how often it stopped a script. */
async function watchdog(session, hangMs) {
  let dog = watchdogs.get(session.id);
  if (!dog) {
    const page = session.browser.getPage(session.id);
    dog = { page, cdp: await page.target().createCDPSession(), armed: false, terminations: 0 };
    watchdogs.set(session.id, dog);
  }
  if (hangMs <= 0) {
    dog.armed = false;
    return dog.terminations;
  }
  if (dog.armed) return dog.terminations;
  dog.armed = true;
  (async () => {
    while (dog.armed && !dog.page.isClosed()) {
      const answered = dog.cdp.send('Runtime.evaluate', { expression: '0' }).then(
        () => true,
        () => true,
      );
      const inTime = await Promise.race([answered, sleep(hangMs).then(() => false)]);
      if (!inTime && dog.armed) {
        dog.terminations++;
        // Said here too: should the page not survive being stopped, the run at least tells why.
        console.log(`fuzz watchdog: the page held its main thread for over ${hangMs} ms; stopping the script (${dog.terminations})`);
        await dog.cdp.send('Runtime.terminateExecution').catch(() => undefined);
        await answered;
      }
      await sleep(200);
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      dog.armed = false;
    });
  return dog.terminations;
}

/** A pause that never keeps the test runner alive by itself. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
