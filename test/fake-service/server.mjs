// The fake link service as an HTTP server of its own process, shared by `npm start`
// (demo/serve.mjs, which adds the demo pages and dist/) and the `provider-link-fake` command that
// partners run in their CI (bin/provider-link-fake.mjs). Shipped in the package: it imports only
// Node and the fake service.
import { createServer } from 'node:http';
import { createFakeService } from './fake-service.mjs';

/**
 * A server whose fake service answers its own routes first (with the CORS headers the service
 * gives: its API answers any origin); every other request goes to `otherwise`, a plain 404 unless
 * given. `log` receives one line per fake-service answer and per request that failed.
 */
export function createFakeServer({ log = () => {}, otherwise = (req, res) => sendText(res, 404, 'Not found') } = {}) {
  const service = createFakeService({ log: (line) => log(`fake service: ${line}`) });
  return createServer(async (req, res) => {
    const { method, url } = req;
    try {
      if (await service.handle(req, res)) return;
      otherwise(req, res);
    } catch (error) {
      // One bad request (say a Host header no URL can be built from) must not stop the server for
      // everyone else.
      log(`${method} ${url} → 500 ${error}`);
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Internal server error');
    }
  });
}

/** Resolves with `server` once it listens on `port` (0 picks a free one) at `host`. */
export function listen(server, { port, host }) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Runs the server `start()` resolves with in this process until it is told to stop: Ctrl+C,
 * `kill`, and with `stopWithParent`, its parent going away (`npm start`'s npm and shell, killed
 * however, must not leave a server holding the port). A port in use is the one line `inUse`
 * (which says what to do) and exit code 1, not a stack trace.
 */
export async function runUntilStopped(start, { inUse, stopWithParent = false }) {
  let server;
  try {
    server = await start();
  } catch (error) {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(inUse);
    process.exit(1);
  }
  const stop = () => {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, stop);
  if (stopWithParent) {
    // Reparented (to init or a subreaper) means the process that started this one is gone.
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && stop(), 1000).unref();
  }
  return server;
}

/** The address a server listens on, as a URL a browser or `fetch` takes. */
export function serverUrl(server) {
  const { address, port } = server.address();
  const host = address === '::' || address === '0.0.0.0' ? 'localhost' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

export function sendText(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
