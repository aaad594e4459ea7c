/**
 * undici on the edge: the host's own fetch. The Node transport of app/lib/upstream.server.ts (undici's
 * pooled `request`) is never called there (the API client picks fetch on the edge); its names exist so
 * the bundle links.
 */
export const fetch = globalThis.fetch.bind(globalThis);

export class Agent {}

export async function request(): Promise<never> {
  throw new Error('undici.request is not used on the edge');
}
