import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '#shared/http/routes.js';
import { apiClient, uniqueEmail, type ApiClient } from './support/accounts.js';
import { testEdgeOriginSecret } from './support/edge.js';

// The stack runs with EDGE_ORIGIN_SECRET set (global setup), as a deployment with `-c edgeWaf=on` does.
const limit = routes.register.rateLimit.limit;
const perAddress = limit + 2;

function viewer(): string {
  return `203.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

let clients: ApiClient[] = [];
function client(): ApiClient {
  const created = apiClient();
  clients.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(clients.map((each) => each.close()));
  clients = [];
});

async function register(from: ApiClient, headers: Record<string, string>): Promise<number> {
  const answer = await from.call('/api/v1/auth/register', { method: 'POST', body: { email: uniqueEmail('edge') }, headers });
  expect(answer.status, answer.text).not.toBe(500);
  return answer.status;
}

describe('per-IP limits behind the CloudFront distribution (register: 3 an hour per IP)', () => {
  it('counts each viewer address on its own when the origin secret proves the request came through CloudFront', async () => {
    // One connection peer (as every request through CloudFront comes from its servers), four viewers.
    const edge = client();
    const viewers = [viewer(), viewer(), viewer(), `2001:db8::${randomInt(1, 0xffff).toString(16)}`];
    const attempts = viewers.flatMap((address) =>
      Array.from({ length: perAddress }, () =>
        register(edge, {
          'x-origin-verify': testEdgeOriginSecret,
          'cloudfront-viewer-address': `${address}:${randomInt(1024, 65_536)}`,
        }).then((status) => ({ address, status })),
      ),
    );
    const outcomes = await Promise.all(attempts);
    for (const address of viewers) {
      const statuses = outcomes.filter((outcome) => outcome.address === address).map((outcome) => outcome.status);
      expect(
        statuses.filter((status) => status === 429),
        address,
      ).toHaveLength(perAddress - limit);
      expect(
        statuses.filter((status) => status !== 429),
        address,
      ).toHaveLength(limit);
    }
  });

  it('counts forged or unreadable viewer addresses against the real peer: forging buys no fresh allowance', async () => {
    const forger = client();
    const forgeries: Record<string, string>[] = [
      { 'cloudfront-viewer-address': `${viewer()}:443` },
      { 'x-origin-verify': 'guessed', 'cloudfront-viewer-address': `${viewer()}:443` },
      { 'x-origin-verify': `${testEdgeOriginSecret}0`, 'cloudfront-viewer-address': `${viewer()}:443` },
      { 'x-origin-verify': testEdgeOriginSecret, 'cloudfront-viewer-address': `${viewer()}:443,${viewer()}:443` },
      { 'x-origin-verify': testEdgeOriginSecret, 'cloudfront-viewer-address': viewer() },
      { 'x-origin-verify': testEdgeOriginSecret },
      {},
      { 'x-forwarded-for': viewer() },
    ];
    const statuses = await Promise.all(forgeries.map((headers) => register(forger, headers)));
    expect(statuses.filter((status) => status !== 429)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(forgeries.length - limit);
  });
});
