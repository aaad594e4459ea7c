// The shop on several machines, on one: API instances on one PostgreSQL and one Redis, storefront
// instances sharing the session secret, HAProxy in front of each tier, and every instance restarted
// when it stops (ADR 044).
import { startHaproxy } from './haproxy.mjs';
import { freePort, superviseProgram } from './processes.mjs';

/**
 * The metrics port of instance `index` (from 0) of a tier, when the operator set one for the tier
 * (`variable` in `env`, else in this process's environment): that port plus the index, so each
 * instance of a tier has its own (METRICS_PORT=9464 gives the storefronts 9464, 9465...). Unset, none.
 */
export function instanceMetricsPort(variable, index, env = {}) {
  const base = (env[variable] ?? process.env[variable] ?? '').trim();
  if (!base) return {};
  // Not a port: passed on as set, and the program says why it does not start.
  if (!/^\d+$/.test(base)) return { [variable]: base };
  return { [variable]: String(Number(base) + index) };
}

/** The environment of API instance `index`: the shared database, Redis and secrets, and where the storefronts are. */
function apiEnv({ env, databaseUrl, redisUrl, redisKeyPrefix, dataDir, apiProxyUrl, webProxyUrl, storefrontUrls, secrets, index }) {
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    DATA_DIR: dataDir,
    PUBLIC_API_URL: apiProxyUrl,
    STOREFRONT_URL: webProxyUrl,
    STOREFRONT_HOOK_URLS: storefrontUrls.join(','),
    JWT_SECRET: secrets.JWT_SECRET,
    ADMIN_TOKEN: secrets.ADMIN_TOKEN,
    ...instanceMetricsPort('API_METRICS_PORT', index, env),
  };
}

/** The environment of storefront instance `index`: the APIs through their balancer, and the shared session secret. */
function storefrontEnv({ env, dataDir, apiProxyUrl, secrets, index }) {
  return {
    ...env,
    API_URL: apiProxyUrl,
    PUBLIC_API_URL: apiProxyUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: secrets.SESSION_SECRET,
    ADMIN_TOKEN: secrets.ADMIN_TOKEN,
    ...instanceMetricsPort('METRICS_PORT', index, env),
  };
}

/**
 * Starts `instances` APIs (all at once, as a deploy would) and as many storefronts, each supervised
 * (restarted with a growing wait when it stops without being told to), then HAProxy with a frontend
 * for each tier on `apiPort` and `webPort` (free ports when 0). Storefronts reach the APIs through
 * the balancer; the APIs tell every storefront instance when the catalogue changes.
 * `secrets` holds SESSION_SECRET, JWT_SECRET and ADMIN_TOKEN, the same for every instance.
 * `onEvent(line)` hears of instances stopping and starting again.
 */
export async function startCluster({
  databaseUrl,
  redisUrl,
  redisKeyPrefix = '',
  dataDir,
  secrets,
  webPort = 0,
  apiPort = 0,
  instances = 2,
  env = {},
  log = () => {},
  onEvent = log,
}) {
  const publicWebPort = webPort || (await freePort());
  const publicApiPort = apiPort || (await freePort());
  const apiProxyUrl = `http://127.0.0.1:${publicApiPort}`;
  const webProxyUrl = `http://127.0.0.1:${publicWebPort}`;
  const ports = { apis: [], storefronts: [] };
  for (let i = 0; i < instances; i += 1) {
    ports.apis.push(await freePort());
    ports.storefronts.push(await freePort());
  }
  const storefrontUrls = ports.storefronts.map((port) => `http://127.0.0.1:${port}`);

  const started = [];
  const stopAll = async () => {
    await Promise.all(started.map((program) => program.stop()));
  };
  const launch = async (program, options) => {
    const handle = await superviseProgram(program, options, { onEvent });
    started.push(handle);
    return handle;
  };
  const tier = (name, port, servers) => ({
    name,
    port,
    servers: servers.map((server) => ({ name: server.label, address: `127.0.0.1:${server.port}` })),
  });
  let balancer;
  try {
    const apis = await Promise.all(
      ports.apis.map((port, i) =>
        launch('api', {
          label: `api-${i + 1}`,
          port,
          log,
          env: apiEnv({ env, databaseUrl, redisUrl, redisKeyPrefix, dataDir, apiProxyUrl, webProxyUrl, storefrontUrls, secrets, index: i }),
        }),
      ),
    );
    // The storefronts start behind the API's frontend; their own frontend comes with it, checked once they answer.
    const storefrontHandles = ports.storefronts.map((port, i) => ({ label: `web-${i + 1}`, port }));
    balancer = await startHaproxy({ tiers: [tier('api', publicApiPort, apis), tier('web', publicWebPort, storefrontHandles)], log });
    const storefronts = await Promise.all(
      ports.storefronts.map((port, i) =>
        launch('storefront', {
          label: `web-${i + 1}`,
          port,
          log,
          env: storefrontEnv({ env, dataDir, apiProxyUrl, secrets, index: i }),
        }),
      ),
    );
    await balancer.ready();
    return {
      webUrl: webProxyUrl,
      apiUrl: apiProxyUrl,
      apis,
      storefronts,
      /** Resolves once the balancer's health checks see every instance up (after a restart, say). */
      ready: () => balancer.ready(),
      /** HAProxy's configuration, as generated from the instance list. */
      balancerConfig: balancer.config,
      /** Requests each instance answered through the balancer. */
      served: async () => {
        const counts = await balancer.served();
        return { apis: counts.api, storefronts: counts.web };
      },
      async stop() {
        await stopAll();
        await balancer.stop();
      },
    };
  } catch (error) {
    await stopAll();
    await balancer?.stop();
    throw error;
  }
}
