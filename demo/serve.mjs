// `npm start`: the demo pages and the fake link service on one origin, http://localhost:8787/.
// The static files are served by sirv, mounted for the two public folders only; the fake
// service answers its own routes first.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { createFakeServer, listen, runUntilStopped, sendText } from '../test/fake-service/server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Only the demo, the built files and the fake service's credentials (which the demo shows) are
 * served, each at its path in the repository; nothing else of it.
 */
const MOUNTS = ['demo', 'dist', 'test/fake-service'].map((folder) => ({
  prefix: `/${folder}/`,
  // `dev`: look each file up when asked, so a rebuild while the demo runs is served as it is.
  serve: sirv(`${root}${folder}`, { dev: true, setHeaders: withCharset }),
}));

/**
 * File and folder names as the build and the demo write them: words joined by single dots.
 * A decoded path with any other name (`..`, hidden files, backslashes, NUL, `:`) is refused
 * before sirv sees it, so no encoding of "go up" can reach the file system.
 */
const PLAIN_NAME = /^[\w-]+(?:\.[\w-]+)*$/;

/** The fake service's own source (test/fake-service/*.mjs) is the server's, never a page's. */
const SERVER_SOURCE = /\.mjs(?:\/|$)/i;

/**
 * Starts the demo on `port` (0 picks a free one) and resolves with the listening server.
 * `log` receives one line per fake-service answer and per request that failed.
 */
export function startDemoServer({ port = 8787, host = '127.0.0.1', log = () => {} } = {}) {
  return listen(createFakeServer({ log, otherwise: serveStatic }), { port, host });
}

function serveStatic(req, res) {
  const target = req.url ?? '/';
  const rawPath = target.split(/[?#]/, 1)[0];
  // The demo pages link with `./`, which only resolves inside the folder with the slash.
  if (rawPath === '/' || rawPath === '/demo') return redirect(res, `/demo/${target.slice(rawPath.length)}`);
  let path;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return sendText(res, 400, 'Bad request: malformed percent-encoding');
  }
  const mount = MOUNTS.find(({ prefix }) => rawPath.startsWith(prefix));
  if (!mount || !isPlainPath(path) || SERVER_SOURCE.test(path)) return sendText(res, 404, 'Not found');
  // sirv sees the path inside its folder, still encoded, and decodes it once itself.
  req.url = target.slice(mount.prefix.length - 1);
  // Whole files only: sirv throws on a backwards Range, and a server may ignore Range (200).
  delete req.headers.range;
  // dist/ is what a CDN would serve: a page on another origin may load it with integrity and
  // crossorigin="anonymous" (the SRI snippet), which needs CORS. Nothing in it is private.
  if (mount.prefix === '/dist/') res.setHeader('access-control-allow-origin', '*');
  mount.serve(req, res, () => sendText(res, 404, 'Not found'));
}

/** `/a/b.js` or `/a/` (a folder's index): every name plain, only the last one may be empty. */
function isPlainPath(path) {
  const names = path.split('/').slice(1);
  return names.every((name, i) => PLAIN_NAME.test(name) || (name === '' && i === names.length - 1));
}

/** Scripts and styles are UTF-8 (the locales are not ASCII); sirv names the charset for HTML only. */
function withCharset(res, pathname) {
  if (/\.(?:js|css)$/.test(pathname)) {
    res.setHeader('content-type', `${pathname.endsWith('.css') ? 'text/css' : 'text/javascript'}; charset=utf-8`);
  }
}

function redirect(res, location) {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/**
 * Serves the demo in this process until it is told to stop: Ctrl+C, `kill`, or its parent going
 * away (`npm start`'s npm and shell, killed however, must not leave a server holding the port).
 * A port in use is one line that says what to do, not a stack trace.
 */
export async function runDemo({ port = Number(process.env.PORT ?? 8787), host = process.env.HOST ?? '127.0.0.1' } = {}) {
  const server = await runUntilStopped(() => startDemoServer({ port, host, log: (line) => console.log(`  ${line}`) }), {
    inUse: `provider-link demo: port ${port} on ${host} is in use; stop what holds it, or pick another port: PORT=${port + 1} npm start`,
    stopWithParent: true,
  });
  console.log(`\nprovider-link demo: http://localhost:${server.address().port}/demo/\n(the fake link service answers on the same origin; Ctrl+C stops it)\n`);
  return server;
}

const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await runDemo();
