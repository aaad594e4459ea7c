/** On the edge the API client's `fetch` is the host's own (app/lib/api.server.ts imports undici's on Node). */
export const fetch = globalThis.fetch.bind(globalThis);
