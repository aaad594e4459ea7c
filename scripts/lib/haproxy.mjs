// The cluster's load balancer: HAProxy from Debian's packages (ADR 044), its configuration generated
// from the instance list. Installed with apt-get when missing and running as root, as
// scripts/ensure-chromium.mjs does for Chromium; never downloaded any other way.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';

/** HAProxy's path, installing Debian's package first when it is missing and this runs as root; else why not. */
export function ensureHaproxy({ log = (line) => console.log(line) } = {}) {
  if (existsSync(HAPROXY)) return { path: HAPROXY };
  if (process.env.HAPROXY_PATH) return { missing: `HAPROXY_PATH=${HAPROXY} does not exist` };
  if (process.getuid?.() !== 0) return { missing: 'HAProxy is not installed; install it with: sudo apt-get install haproxy' };
  log('Installing HAProxy from Debian (apt-get install haproxy)...');
  // Debian's package starts its own service after installing; the cluster runs its own HAProxy instead.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', 'haproxy']) || !existsSync(HAPROXY)) {
    return { missing: 'apt-get install haproxy failed; install HAProxy by hand' };
  }
  return { path: HAPROXY };
}

/**
 * The configuration for `tiers` ({ name, port, servers: [{ name, address }] }): one frontend on
 * 127.0.0.1:port and one backend per tier, round robin over servers checked at GET /healthz every
 * 2 s (out after 3 failures, a check waiting at most 3 s, so a busy instance is not taken for a dead
 * one; back after 2 passes). A stopped instance refuses connections at once, and those requests go
 * to another. A request is tried on another server only when
 * no connection could be made (`retry-on conn-failure`): one that reached an instance is never sent
 * again, since the instance may have acted on it. X-Forwarded-For gets the client's address; a request
 * without X-Request-Id gets one. Idle keep-alive connections end after 60 s, before the instances' 65 s.
 * The same text, with the real addresses, is the production setup of docs/operations.md.
 */
export function haproxyConfig({ tiers, statsSocket = '' }) {
  const lines = [
    'global',
    '  maxconn 4096',
    ...(statsSocket ? [`  stats socket ${statsSocket} mode 600 level admin`] : []),
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 2',
    '  retry-on conn-failure',
    '  timeout connect 2s',
    '  timeout client 65s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 60s',
    '  timeout check 3s',
    '  default-server inter 2s fall 3 rise 2',
  ];
  for (const tier of tiers) {
    lines.push(
      '',
      `frontend ${tier.name}`,
      `  bind ${tier.bind ?? '127.0.0.1'}:${tier.port}`,
      '  http-request set-header X-Request-Id %[uuid()] unless { req.hdr(x-request-id) -m found }',
      `  default_backend ${tier.name}_instances`,
      '',
      `backend ${tier.name}_instances`,
      '  balance roundrobin',
      '  option httpchk',
      // HTTP/1.1 with a Host header: the API builds each request's URL from it.
      '  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost',
      '  http-check expect status 200',
      ...tier.servers.map((server) => `  server ${server.name} ${server.address} check`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs HAProxy in the foreground with the configuration of `tiers` (haproxyConfig), in a folder of
 * its own; resolves once every frontend accepts connections. `served()` reads from its stats socket
 * how many requests each server of each tier answered.
 */
export async function startHaproxy({ tiers, log = () => {} }) {
  const installed = ensureHaproxy({ log });
  if (installed.missing) throw new Error(installed.missing);
  const dir = mkdtempSync(join(tmpdir(), 'shop-haproxy-'));
  const statsSocket = join(dir, 'admin.sock');
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ tiers, statsSocket }));
  const checked = spawnSync(installed.path, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`HAProxy refused its configuration:\n${checked.stderr}`);
  const child = spawn(installed.path, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (data) => log(`[haproxy] ${String(data).trimEnd()}`));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const deadline = Date.now() + 10_000;
  for (const tier of tiers) {
    while (!(await accepts(tier.port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`HAProxy did not listen on port ${tier.port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    config: haproxyConfig({ tiers }),
    /** Requests answered per server, by tier: { api: [n, n], web: [n, n] } in the order of `tiers`' servers. */
    async served() {
      const stats = await serverStats(statsSocket);
      return Object.fromEntries(
        tiers.map((tier) => [
          tier.name,
          tier.servers.map((server) => Number(stats.get(`${tier.name}_instances/${server.name}`)?.req_tot ?? 0)),
        ]),
      );
    },
    /** Resolves once every server's health check has passed (it is UP), or throws after `timeoutMs`. */
    async ready(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const stats = await serverStats(statsSocket);
        const down = tiers.flatMap((tier) =>
          tier.servers
            .filter((server) => !/^UP/.test(stats.get(`${tier.name}_instances/${server.name}`)?.status ?? ''))
            .map((server) => server.name),
        );
        if (!down.length) return;
        if (Date.now() > deadline) throw new Error(`HAProxy still sees ${down.join(', ')} down`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** HAProxy's `show stat`, by "backend/server": each row's fields by name. */
async function serverStats(socketPath) {
  const csv = await statsCommand(socketPath, 'show stat');
  const [header, ...rows] = csv.split('\n').filter(Boolean);
  const names = header.replace(/^# /, '').split(',');
  return new Map(
    rows.map((row) => {
      const fields = Object.fromEntries(row.split(',').map((value, i) => [names[i], value]));
      return [`${fields.pxname}/${fields.svname}`, fields];
    }),
  );
}

function statsCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let answer = '';
    socket.on('data', (data) => (answer += data));
    socket.once('error', reject);
    socket.once('end', () => resolve(answer));
    socket.once('connect', () => socket.end(`${command}\n`));
  });
}
