// `npm start`: the demo page and the fake link service on one origin, http://localhost:8787/.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeService } from './fake-service.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const service = createFakeService({ log: (line) => console.log(`  fake service: ${line}`) });

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Only the demo and the built files are served; nothing else of the repository. */
const PUBLIC = ['demo', 'dist'];

function serveStatic(req, res) {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/') {
    res.writeHead(302, { location: '/demo/' });
    return res.end();
  }
  let file = normalize(join(root, decodeURIComponent(pathname)));
  const top = file.slice(root.length + 1).split(/[\\/]/)[0];
  if (!file.startsWith(root) || !PUBLIC.includes(top) || file.endsWith('.mjs')) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('Not found');
  }
  try {
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    statSync(file);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('Not found');
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(file).pipe(res);
}

createServer(async (req, res) => {
  if (!(await service.handle(req, res))) serveStatic(req, res);
}).listen(port, host, () => {
  console.log(`\nprovider-link demo: http://localhost:${port}/demo/\n(the fake link service answers on the same origin; Ctrl+C stops it)\n`);
});
