import { describe, expect, it } from 'vitest';
import type { Queue } from '#shared/adapters/queue.js';
import { routeKey } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import { callRoute, unitDependencies } from '#test/unit/http/call-route.js';

/**
 * A public-looking name whose DNS answer is a blocked address is refused with 400 by every route that
 * takes a URL, while the request is validated: nothing is fetched, stored or queued for it.
 */
const blockedAnswers: Array<[string, 4 | 6, string]> = [
  ['127.0.0.1', 4, 'loopback'],
  ['10.1.2.3', 4, 'private'],
  ['169.254.169.254', 4, 'cloud-metadata'],
  ['168.63.129.16', 4, 'cloud-host-endpoint'],
  ['100.100.100.200', 4, 'cloud-metadata'],
  ['::1', 6, 'loopback'],
  ['fd00:ec2::254', 6, 'cloud-metadata'],
  ['64:ff9b::a9fe:a9fe', 6, 'nat64'],
  ['2002:7f00:1::', 6, '6to4'],
  ['ff02::1', 6, 'multicast'],
];

const resolvesTo =
  (address: string, family: 4 | 6): LookupFn =>
  async () => [{ address, family }];

function recordingQueue(): Queue & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    send: async (_name, message) => void sent.push(message),
    sendMany: async (_name, messages) => void sent.push(...messages),
    retryLater: async () => undefined,
    ping: async () => undefined,
  };
}

const urlRoutes = routeList.filter((route) =>
  ['createPublicScan', 'createScan', 'addWatchedSite', 'addAccountWatchedSite', 'createWebhook', 'createAccountWebhook'].includes(
    route.operationId,
  ),
);

describe('names that resolve to blocked addresses', () => {
  it('covers every route whose body takes a url', () => {
    const withUrl = routeList.filter(
      (route) => route.body && !route.rawBody && route.body.safeParse({}).error?.issues.some((issue) => issue.path[0] === 'url'),
    );
    expect(urlRoutes.map(routeKey).sort()).toEqual(withUrl.map(routeKey).sort());
  });

  for (const [address, family, range] of blockedAnswers) {
    it(`are 400 on every URL route when the answer is ${address} (${range})`, async () => {
      for (const route of urlRoutes) {
        const queue = recordingQueue();
        const deps = unitDependencies({ lookup: resolvesTo(address, family), queue });
        const body = route.operationId.toLowerCase().includes('webhook')
          ? { url: 'https://hooks.shop-one.com/in', events: ['score_change'] }
          : { url: 'https://shop-one.com/' };
        const response = await callRoute(route, { body: JSON.stringify(body) }, deps);
        expect(response.statusCode, `${routeKey(route)} ${address}`).toBe(400);
        expect(JSON.parse(response.body ?? '{}').error).toMatch(
          new RegExp(`^url: [a-z.-]+ resolves to an address that is not allowed \\(${range}\\)$`),
        );
        expect(queue.sent).toEqual([]);
      }
    });
  }

  it('fail a batch item with the reason instead of queueing it, and the rest of the batch is queued', async () => {
    const batchRoute = routeList.find((route) => route.operationId === 'createBatch')!;
    const queue = recordingQueue();
    const lookup: LookupFn = async (host) => [
      host === 'inside.shop-one.com' ? { address: '10.0.0.7', family: 4 } : { address: '93.184.216.34', family: 4 },
    ];
    const response = await callRoute(
      batchRoute,
      { body: JSON.stringify({ urls: ['https://inside.shop-one.com/', 'https://shop-one.com/a', 'https://shop-one.com/b'] }) },
      unitDependencies({ lookup, queue }),
    );
    expect(response.statusCode).toBe(202);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ status: 'pending', totalUrls: 3 });
    expect(queue.sent).toHaveLength(2);
    expect(queue.sent.map((message) => (message as { index: number }).index).sort()).toEqual([1, 2]);
  });
});
