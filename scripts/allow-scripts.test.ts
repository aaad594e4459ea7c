import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// npm (11.16 and later) lists, at the end of every `npm install` and `npm ci`, the dependencies whose
// install scripts package.json's `allowScripts` does not name ("not covered by allowScripts"), and a
// later npm will not run them. Each one is named there: true lets its script run, false stops it.

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  inBundle?: boolean;
  hasInstallScript?: boolean;
}

/** The package a policy key names: `pkg`, `pkg@range` or `@scope/pkg@range`. */
const keyName = (key: string) => key.slice(0, key.indexOf('@', 1) > 0 ? key.indexOf('@', 1) : key.length);

/** Whether a package runs a script at install: as the lockfile records it, or as its installed package.json says. */
function runsInstallScript(path: string, entry: LockEntry): boolean {
  if (entry.hasInstallScript) return true;
  const manifest = join(root, path, 'package.json');
  if (!existsSync(manifest)) return false;
  const { scripts = {}, gypfile } = readJson(manifest) as { scripts?: Record<string, string>; gypfile?: boolean };
  // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
  const gyp = gypfile !== false && existsSync(join(root, path, 'binding.gyp'));
  return Boolean(scripts.preinstall || scripts.install || scripts.postinstall || gyp);
}

describe("package.json's allowScripts", () => {
  it('names every dependency with an install script, so npm install prints no warning about them', () => {
    const allowed = new Set(Object.keys(readJson(join(root, 'package.json')).allowScripts ?? {}).map(keyName));
    const packages = readJson(join(root, 'package-lock.json')).packages as Record<string, LockEntry>;
    const withScripts = Object.entries(packages)
      // The project itself, linked folders and bundled packages are not the policy's (npm leaves them out too).
      .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.link && !entry.inBundle)
      .filter(([path, entry]) => runsInstallScript(path, entry))
      .map(([path, entry]) => ({ name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), path }));
    // Known ones are found: the walk of the lockfile still reads it as npm writes it.
    expect(withScripts.map((p) => p.name)).toEqual(expect.arrayContaining(['esbuild', 'workerd']));
    const unlisted = withScripts.filter((p) => !allowed.has(p.name)).map((p) => `${p.name} (${p.path})`);
    expect(unlisted, 'add each to "allowScripts" in package.json: true to let its script run, false to stop it').toEqual([]);
  });
});
