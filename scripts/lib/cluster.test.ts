import { describe, expect, it, vi } from 'vitest';

import { instanceMetricsPort } from './cluster.mjs';

describe('instanceMetricsPort', () => {
  it("gives each instance of a tier the operator's port plus its number", () => {
    expect([0, 1, 2].map((i) => instanceMetricsPort('METRICS_PORT', i, { METRICS_PORT: '9464' }))).toEqual([
      { METRICS_PORT: '9464' },
      { METRICS_PORT: '9465' },
      { METRICS_PORT: '9466' },
    ]);
    expect(instanceMetricsPort('API_METRICS_PORT', 1, { API_METRICS_PORT: ' 9500 ' })).toEqual({ API_METRICS_PORT: '9501' });
  });

  it('sets none when the operator set none, and passes a value that is not a port on for the program to refuse', () => {
    expect(instanceMetricsPort('METRICS_PORT', 1, { METRICS_PORT: '' })).toEqual({});
    expect(instanceMetricsPort('METRICS_PORT', 1, { METRICS_PORT: 'metrics' })).toEqual({ METRICS_PORT: 'metrics' });
  });

  it("reads the cluster's own environment when the caller passes none", () => {
    vi.stubEnv('API_METRICS_PORT', '9600');
    try {
      expect(instanceMetricsPort('API_METRICS_PORT', 2)).toEqual({ API_METRICS_PORT: '9602' });
    } finally {
      vi.unstubAllEnvs();
    }
    vi.stubEnv('API_METRICS_PORT', '');
    try {
      expect(instanceMetricsPort('API_METRICS_PORT', 2)).toEqual({});
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
