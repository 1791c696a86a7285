// A partner's app with this package installed from the tarball `npm pack` makes (its prepack
// builds dist/ when it is not current), offline: the consumer check (scripts/check-consumer.mjs)
// and the test kit's test (test/node/test-kit.test.mjs) run in one. Nothing in the app can reach
// this repository's sources: only what the tarball holds.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');

/**
 * A fresh folder with the tarball installed as node_modules/<name>, its `bin` commands in
 * node_modules/.bin as npm links them. Its dependencies are this repository's packages, by link
 * (scoped ones one by one, so the scope of our own package stays the tarball's), so nothing is
 * downloaded: all of them, or only the packages `link` names. A linked package finds its own
 * dependencies from where it really is, in this repository. Returns `{app, packed, installed,
 * remove}`: the folder, `npm pack`'s report, the installed package's folder, and the clean-up.
 */
export function installPackedApp({ link = null } = {}) {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  const app = mkdtempSync(join(tmpdir(), 'provider-link-app-'));
  const remove = () => rmSync(app, { recursive: true, force: true });
  try {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', app], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const installed = join(app, 'node_modules', ...pkg.name.split('/'));
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(app, packed.filename), '-C', installed, '--strip-components=1']);

    const shipped = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    for (const [command, target] of Object.entries(shipped.bin ?? {})) {
      const file = join(installed, target);
      const binLink = join(app, 'node_modules', '.bin', command);
      mkdirSync(dirname(binLink), { recursive: true });
      symlinkSync(relative(dirname(binLink), file), binLink);
      // npm makes a command executable whatever mode the tarball gave it.
      chmodSync(file, 0o755);
    }

    const wanted = (name) => name !== pkg.name && (link === null || link.includes(name));
    for (const entry of readdirSync(join(repo, 'node_modules'))) {
      if (entry.startsWith('.')) continue;
      const names = entry.startsWith('@') ? readdirSync(join(repo, 'node_modules', entry)).map((scoped) => `${entry}/${scoped}`) : [entry];
      for (const name of names.filter(wanted)) {
        mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
        symlinkSync(join(repo, 'node_modules', name), join(app, 'node_modules', name));
      }
    }
    return { app, packed, installed, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
