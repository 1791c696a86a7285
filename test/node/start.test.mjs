// `npm start`'s server stops with whatever started it, and a busy port is one line that says what
// to do. Runs demo/serve.mjs as `npm start` runs it: a Node process under a shell.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '../../demo/serve.mjs';

const serve = fileURLToPath(new URL('../../demo/serve.mjs', import.meta.url));

/** Whether something accepts connections on the port. */
const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(() => resolve(true)));
    socket.on('error', () => resolve(false));
  });

/** Lines of a stream, as they come. */
async function firstLineMatching(stream, pattern) {
  let text = '';
  for await (const chunk of stream) {
    text += chunk;
    const match = pattern.exec(text);
    if (match) return match;
  }
  throw new Error(`no line matched ${pattern}: ${text}`);
}

test('a port in use is one line that names PORT, and exit code 1', async () => {
  const holder = await startDemoServer({ port: 0 });
  const { port } = holder.address();
  try {
    const child = spawn(process.execPath, [serve], { env: { ...process.env, PORT: String(port) } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = await once(child, 'close');
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.equal(stderr.trim().split('\n').length, 1, `one line, not a stack trace: ${stderr}`);
    assert.match(stderr, new RegExp(`port ${port} .*in use.*PORT=`));
  } finally {
    holder.close();
  }
});

test('the server stops when the shell that started it is killed, and frees its port', async () => {
  // `npm start` is npm, then a shell, then Node; npm passes its SIGTERM to the shell, which dies
  // without passing it on.
  const shell = spawn('sh', ['-c', `"${process.execPath}" "${serve}"; echo the shell outlived the server`], { env: { ...process.env, PORT: '0' } });
  const [, port] = await firstLineMatching(shell.stdout, /http:\/\/localhost:(\d+)\//);
  assert.equal(await listening(Number(port)), true, 'the demo serves');
  shell.kill('SIGTERM');
  // 'exit', not 'close': a server left behind would hold the shell's stdout open.
  await once(shell, 'exit');
  // Nothing to wait on but the port itself: the server notices its new parent within a second.
  const deadline = Date.now() + 10_000;
  while ((await listening(Number(port))) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const left = await listening(Number(port));
  shell.stdout.destroy();
  assert.equal(left, false, 'the port is free again');
});

test('Ctrl+C (SIGINT) and kill (SIGTERM) stop it at once', async () => {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    const child = spawn(process.execPath, [serve], { env: { ...process.env, PORT: '0' } });
    const [, port] = await firstLineMatching(child.stdout, /http:\/\/localhost:(\d+)\//);
    child.kill(signal);
    const [code] = await once(child, 'close');
    assert.equal(code, 0, `${signal}: a clean exit`);
    assert.equal(await listening(Number(port)), false, `${signal}: the port is free`);
  }
});
