import { describe, expect, it } from 'vitest';

import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi({ seed: false });

describe('health routes', () => {
  it('/healthz answers ok once the database answers', async () => {
    const res = await api.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/livez answers ok from the process alone', async () => {
    const res = await api.app.request('/livez');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
