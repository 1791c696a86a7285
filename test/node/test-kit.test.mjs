// The test kit as a partner meets it (docs/testing.md): the tarball `npm pack` makes, installed in
// a fresh app beside only the package's own dependencies (and the test runner), its
// `provider-link-fake` command started from node_modules/.bin, and docs/testing.md's Playwright
// test run as written, in Debian's Chromium, against a page of the app that loads the tarball's
// script-tag bundle and takes its token from the command. Nothing here reaches the repository's
// fake: only what the tarball holds.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/dev-middleware.mjs';
import { installPackedApp } from '../../scripts/packed-app.mjs';
import { testKitSnippet } from '../../scripts/quick-starts.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
/** What a partner's app has: this package's dependencies, and the runner of the docs' test. */
const APP_PACKAGES = [...Object.keys(pkg.dependencies), '@playwright/test'];

let kit;
before(() => {
  kit = installPackedApp({ link: APP_PACKAGES });
});
after(() => kit?.remove());

/** A port free now, for a command that must listen exactly where it is told. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `provider-link-fake` with `args`, started from the app's node_modules/.bin as `npx` would.
 * `listening` resolves with the address it prints, or rejects with its output when it exits first;
 * `exited` resolves with its exit code.
 */
function startFake(args) {
  const child = spawn(join(kit.app, 'node_modules', '.bin', 'provider-link-fake'), args, { cwd: kit.app, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // No command to start (the package lost its `bin`, say): said in the output, then `close`.
  child.on('error', (error) => (stderr += `${error}\n`));
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const listening = new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const address = /^provider-link-fake listening on (http:\/\/\S+)$/m.exec(stdout);
      if (address) resolve(address[1]);
    });
    exited.then((code) => reject(new Error(`provider-link-fake ${args.join(' ')} exited (${code}) before it listened:\n${stdout}${stderr}`)));
  });
  listening.catch(() => {});
  return { child, listening, exited, output: () => ({ stdout, stderr }) };
}

/**
 * The partner's site, served from the app folder: `/connect`, a page that takes a token from the
 * fake at `service` (as the partner's backend would, with the demo key) and shows the widget, and
 * the tarball's dist/ files that page loads.
 */
async function startSite(service) {
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Connect a device</title><script src="/dist/provider-link.iife.js"></script></head>
<body>
<script type="module">
  const SERVICE = ${JSON.stringify(service)};
  const answer = await fetch(\`\${SERVICE}/v2/link/token\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': 'demo-api-key' },
    body: JSON.stringify({ user_id: crypto.randomUUID() }),
  });
  const link = document.createElement('provider-link');
  link.baseUrl = SERVICE;
  link.linkToken = (await answer.json()).link_token;
  document.body.append(link);
</script>
</body>
</html>`;
  writeFileSync(join(kit.app, 'connect.html'), page);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://site.invalid');
    const asset = /^\/dist\/([\w-]+(?:\.[\w-]+)*)$/.exec(pathname);
    let file = null;
    if (pathname === '/connect') file = join(kit.app, 'connect.html');
    else if (asset) file = join(kit.installed, 'dist', asset[1]);
    let body;
    try {
      body = file && readFileSync(file);
    } catch {
      body = null;
    }
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8' });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

test("docs/testing.md's Playwright test links a provider through the installed provider-link-fake", async (t) => {
  const port = await freePort();
  const fake = startFake(['--port', String(port), '--host', '127.0.0.1']);
  t.after(() => fake.child.kill('SIGTERM'));
  const service = await fake.listening;
  assert.equal(service, `http://127.0.0.1:${port}`, 'it listens where --port says, and prints that address');

  const site = await startSite(service);
  t.after(() => site.close());
  // The page is on another origin than the fake, as a partner's is: the fake's CORS is in play.
  const baseURL = `http://localhost:${site.address().port}`;

  mkdirSync(join(kit.app, 'e2e'));
  writeFileSync(join(kit.app, 'e2e', 'link.spec.ts'), testKitSnippet('playwright'));
  // The docs' test as it stands; its runner is told only where Chromium is. The time limits are
  // there so that a hang ends the run, not to judge speed.
  const config = {
    testDir: 'e2e',
    workers: 1,
    retries: 0,
    reporter: 'line',
    outputDir: join(kit.app, 'test-results'),
    timeout: 120_000,
    expect: { timeout: 60_000 },
    use: { baseURL, browserName: 'chromium', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
  };
  writeFileSync(join(kit.app, 'playwright.config.mjs'), `export default ${JSON.stringify(config, null, 2)};\n`);
  const runner = spawn(process.execPath, [join(kit.app, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--config', 'playwright.config.mjs'], {
    cwd: kit.app,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '0' },
  });
  let report = '';
  runner.stdout.on('data', (chunk) => (report += chunk));
  runner.stderr.on('data', (chunk) => (report += chunk));
  const [code] = await once(runner, 'close');
  assert.equal(code, 0, `the Playwright test failed:\n${report}\nthe fake said:\n${fake.output().stdout}${fake.output().stderr}`);
  assert.match(report, /1 passed/);

  // The sign-in went through the command, with the token it made.
  const calls = await (await fetch(`${service}/fake/requests`)).json();
  assert.ok(
    calls.some((call) => call.method === 'POST' && call.path === '/v2/link/provider/password/scalewise'),
    `the fake saw no Scalewise sign-in: ${calls.map((call) => `${call.method} ${call.path}`).join(', ')}`,
  );
});

test("docs/testing.md's Playwright test and config type-check against Playwright's types", () => {
  const folder = join(kit.app, 'docs-check');
  mkdirSync(folder);
  writeFileSync(join(folder, 'link.spec.ts'), testKitSnippet('playwright'));
  writeFileSync(join(folder, 'playwright.config.ts'), testKitSnippet('playwright-config'));
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const flags = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck'];
  const checked = spawnSync(process.execPath, [tsc, ...flags, 'docs-check/link.spec.ts', 'docs-check/playwright.config.ts'], { cwd: kit.app, encoding: 'utf8' });
  assert.equal(checked.status, 0, `tsc found problems:\n${checked.stdout}${checked.stderr}`);
});

test('a port in use is one line and exit code 1; SIGTERM stops the command with exit code 0', async () => {
  const holder = startFake(['--port', '0', '--quiet']);
  const address = await holder.listening;
  const port = new URL(address).port;

  const second = startFake(['--port', port]);
  assert.equal(await second.exited, 1);
  const { stderr } = second.output();
  assert.match(stderr, new RegExp(`^provider-link-fake: port ${port} on 127\\.0\\.0\\.1 is in use; .*--port \\d+.*\\n$`), 'one line that says what to do');

  holder.child.kill('SIGTERM');
  assert.equal(await holder.exited, 0);
});

test('--help names every option; a wrong one is one line and exit code 2', async () => {
  const help = startFake(['--help']);
  assert.equal(await help.exited, 0);
  for (const option of ['--port', '--host', '--quiet', '--help']) assert.ok(help.output().stdout.includes(option), `--help names ${option}`);

  const wrong = startFake(['--port', 'eighty']);
  assert.equal(await wrong.exited, 2);
  assert.match(wrong.output().stderr, /^provider-link-fake: --port must be a number from 0 to 65535, not "eighty" \(--help lists the options\)\n$/);
});
