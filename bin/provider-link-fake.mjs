#!/usr/bin/env node
// `npx provider-link-fake`: the strict fake of the health-data service's link API that this
// package's own tests use, for a partner's CI (docs/testing.md). It plays the service and the
// partner's backend call that makes link tokens, with every scenario, and nothing else: the
// partner's pages and the widget's script come from the partner's own server.
import { parseArgs } from 'node:util';
import { createFakeServer, listen, runUntilStopped, serverUrl } from '../test/fake-service/server.mjs';

const USAGE = `Usage: provider-link-fake [--port 8787] [--host 127.0.0.1] [--quiet]

The fake link service of @provider-link/widget, for tests: POST /v2/link/token with the header
x-service-api-key: demo-api-key makes a link token; its body picks the scenario. Every scenario,
field and demo credential: docs/testing.md in the package.

  --port <n>     the port to listen on, 0 for any free one (default 8787)
  --host <name>  the address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --quiet        no line per answer (the address is still printed)
  --help         this text

Prints "provider-link-fake listening on <url>" once it answers; SIGINT or SIGTERM stops it.`;

/** A mistake in the command line: one line that names it, then where the usage is, exit code 2. */
function refuse(message) {
  console.error(`provider-link-fake: ${message} (--help lists the options)`);
  process.exit(2);
}

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  refuse(error.message);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!/^\d{1,5}$/.test(options.port) || Number(options.port) > 65535) refuse(`--port must be a number from 0 to 65535, not "${options.port}"`);
const port = Number(options.port);
const { host } = options;

/** Listen errors other than a port in use that are the caller's to fix, each one line. */
const CANNOT_LISTEN = {
  EACCES: `port ${port} needs more privileges than this process has; pick one above 1023`,
  EADDRNOTAVAIL: `${host} is not an address of this machine`,
  ENOTFOUND: `${host} is not a host name this machine resolves`,
};

const log = options.quiet ? () => {} : (line) => console.log(`  ${line}`);
const server = await runUntilStopped(
  () =>
    listen(createFakeServer({ log }), { port, host }).catch((error) => {
      if (!Object.hasOwn(CANNOT_LISTEN, error.code)) throw error;
      console.error(`provider-link-fake: ${CANNOT_LISTEN[error.code]}`);
      process.exit(1);
    }),
  {
    inUse: `provider-link-fake: port ${port} on ${host} is in use; stop what holds it, or pick another: --port ${port + 1} (or --port 0 for any free one)`,
    // A CI step may start it in the background for the steps after it, and end its own shell.
    stopWithParent: false,
  },
);
console.log(`provider-link-fake listening on ${serverUrl(server)}`);
