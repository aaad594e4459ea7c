#!/usr/bin/env node
// Builds the shop: the API (esbuild bundle, run by plain node) and the storefront (remix build).
// `--api-only` skips the storefront. `--if-stale` builds only when a source is newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const stamp = join(root, 'build', '.stamp');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), info.mtimeMs);
}

function buildIsStale() {
  if (!existsSync(stamp) || !existsSync(join(root, 'build', 'index.js')) || !existsSync(join(root, 'build', 'api', 'server.mjs')))
    return true;
  if (args.has('--edge') && !existsSync(join(root, 'build', 'edge', 'worker.mjs'))) return true;
  const sources = ['app', 'api/src', 'contract', 'edge', 'public', 'remix.config.js', 'package-lock.json'].map((p) =>
    newestMtime(join(root, p)),
  );
  return Math.max(...sources.filter(Boolean)) > statSync(stamp).mtimeMs;
}

async function buildApi() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      server: 'api/src/server.ts',
      seed: 'api/src/seed-cli.ts',
      shop: 'api/src/shop-cli.ts',
      draw: 'api/src/draw-cli.ts',
      prepare: 'api/src/prepare-cli.ts',
    },
    outdir: 'build/api',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Packages stay in node_modules: sharp and PGlite load native and wasm files from there.
    packages: 'external',
    loader: { '.sql': 'text' },
    sourcemap: true,
    logLevel: 'warning',
  });
}

function buildStorefront() {
  const result = spawnSync(process.execPath, [join(root, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('remix build failed');
}

/**
 * Brotli and gzip copies of the browser bundles and styles, made once here at the highest levels:
 * the storefront sends them as they are instead of compressing every file for every visitor.
 */
function precompressAssets(dir = join(root, 'public', 'build')) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) precompressAssets(path);
    else if (/\.(js|css|map|svg|json)$/.test(entry.name)) {
      const body = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}

/**
 * The storefront for an edge host (edge/worker.ts): Remix's server build above, bundled whole for
 * workerd. The route modules are the same; the Node-only packages they import are swapped here for
 * their web counterparts (docs/decisions/021-edge-target.md).
 */
export async function buildEdge() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { worker: 'edge/worker.ts' },
    outdir: 'build/edge',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'neutral',
    target: 'es2022',
    format: 'esm',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    alias: {
      'virtual:storefront-build': './build/index.js',
      '@remix-run/node': '@remix-run/cloudflare',
      undici: './edge/undici.ts',
    },
    // workerd provides these with the nodejs_compat flag.
    external: ['node:*', 'cloudflare:*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(join(root, 'build', 'edge', 'meta.json'), JSON.stringify(result.metafile));
}

if (args.has('--if-stale') && !buildIsStale()) process.exit(0);
try {
  const started = Date.now();
  await buildApi();
  if (!args.has('--api-only')) {
    buildStorefront();
    precompressAssets();
    if (args.has('--edge')) await buildEdge();
    mkdirSync(join(root, 'build'), { recursive: true });
    writeFileSync(stamp, new Date().toISOString());
  }
  if (!args.has('--quiet')) console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`build: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
