// The shop on several machines, on one: API instances on one PostgreSQL and one Redis, storefront
// instances sharing the session secret, a round-robin proxy in front of each tier.
import { freePort, startProgram } from './processes.mjs';
import { startRoundRobin } from './round-robin.mjs';

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

/**
 * Starts `instances` APIs (all at once, as a deploy would) and as many storefronts, then a proxy
 * for each tier on `apiPort` and `webPort` (free ports when 0). Storefronts reach the APIs through
 * the API proxy; the APIs tell every storefront instance when the catalogue changes.
 * `secrets` holds SESSION_SECRET, JWT_SECRET and ADMIN_TOKEN, the same for every instance.
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
    const handle = await startProgram(program, options);
    started.push(handle);
    return handle;
  };
  let apiProxy;
  let webProxy;
  try {
    const apis = await Promise.all(
      ports.apis.map((port, i) =>
        launch('api', {
          label: `api-${i + 1}`,
          port,
          log,
          env: {
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
            ...instanceMetricsPort('API_METRICS_PORT', i, env),
          },
        }),
      ),
    );
    apiProxy = await startRoundRobin(apis.map((api) => api.url), { port: publicApiPort });
    const storefronts = await Promise.all(
      ports.storefronts.map((port, i) =>
        launch('storefront', {
          label: `web-${i + 1}`,
          port,
          log,
          env: {
            ...env,
            API_URL: apiProxyUrl,
            PUBLIC_API_URL: apiProxyUrl,
            DATA_DIR: dataDir,
            SESSION_SECRET: secrets.SESSION_SECRET,
            ADMIN_TOKEN: secrets.ADMIN_TOKEN,
            ...instanceMetricsPort('METRICS_PORT', i, env),
          },
        }),
      ),
    );
    webProxy = await startRoundRobin(storefronts.map((storefront) => storefront.url), { port: publicWebPort });
    return {
      webUrl: webProxy.url,
      apiUrl: apiProxy.url,
      apis,
      storefronts,
      /** Requests each instance answered through the proxies. */
      served: () => ({ apis: [...apiProxy.served], storefronts: [...webProxy.served] }),
      async stop() {
        await Promise.all([webProxy.close(), apiProxy.close()]);
        await stopAll();
      },
    };
  } catch (error) {
    await Promise.all([webProxy?.close(), apiProxy?.close()]);
    await stopAll();
    throw error;
  }
}
