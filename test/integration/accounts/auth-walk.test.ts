import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { generateApiKey, generateSessionToken } from '#shared/model/accounts/secret-format.js';
import { routeKey } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';
import { sampleBodyFor } from '#test/unit/http/call-route.js';
import { apiClient } from '../support/accounts.js';
import { fillPath } from '../support/http.js';

const keyRoutes = routeList.filter((route) => route.auth === 'key');
const client = apiClient();
afterAll(() => client.close());

/** Authorization headers that must all be refused: absent, wrong scheme, garbage, a good-looking unknown key. */
const refusedCredentials: Array<[string, Record<string, string>]> = [
  ['no header', {}],
  ['empty bearer', { authorization: 'Bearer ' }],
  ['basic scheme', { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` }],
  ['garbage key', { authorization: 'Bearer not-a-key' }],
  ['bad checksum', { authorization: `Bearer ${generateApiKey().slice(0, -1)}0` }],
  ['unknown key', { authorization: `Bearer ${generateApiKey()}` }],
  // Dashboard sessions: refused unread where a route takes none, unknown where it takes one.
  ['unknown session', { authorization: `Bearer ${generateSessionToken()}` }],
  ['session with a bad checksum', { authorization: `Bearer ${generateSessionToken().slice(0, -1)}0` }],
];

describe('every authenticated route of the table', () => {
  it('is most of the table', () => {
    expect(keyRoutes.length).toBeGreaterThan(30);
  });

  it.each(keyRoutes.map((route) => [routeKey(route), route] as const))(
    '%s answers 401 {"error"} without a valid key',
    async (_name, route) => {
      const body = sampleBodyFor(route);
      for (const [what, headers] of refusedCredentials) {
        const answer = await client.call(fillPath(route.path, randomUUID()), {
          method: route.method,
          headers,
          ...(body === undefined ? {} : { body }),
        });
        expect(answer.status, what).toBe(401);
        expect(Object.keys(answer.body), what).toEqual(['error']);
      }
    },
  );
});
