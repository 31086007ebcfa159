import { describe, expect, it } from 'vitest';
import { callApi } from './support/http.js';

// The only file that calls /api/pricing: the limit is per source IP, and every test request comes
// from 127.0.0.1, so any other caller would spend this test's budget.
describe('GET /api/pricing rate limit (100 per hour per IP)', () => {
  it('serves 100 requests, then answers 429 with Retry-After and an error body', async () => {
    for (let request = 1; request <= 100; request += 1) {
      const response = await callApi('/api/pricing');
      expect(response.status, `request ${request}`).toBe(200);
      await response.arrayBuffer();
    }
    const limited = await callApi('/api/pricing');
    expect(limited.status).toBe(429);
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // At most the hour plus one of its 60 buckets (docs/decisions/012-rate-limiter-buckets.md).
    expect(Number(retryAfter)).toBeLessThanOrEqual(3_600 + 60);
    const body = (await limited.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
  });
});
