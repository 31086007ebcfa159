import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '#shared/http/routes.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { fillPath } from './support/http.js';

const routesWithBody = routeList.filter((route) => route.body !== undefined);

describe('malformed JSON', () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signUp({ tier: 'growth' });
  });

  it('covers every route of the table that takes a JSON body', () => {
    expect(routesWithBody.length).toBeGreaterThan(10);
  });

  // Routes not built yet answer 501 for valid input, but input is validated first, so 400 here.
  // Key routes are called with a valid key of a growth account: without one they answer 401 first.
  it.each(routesWithBody.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 400 {"error"}',
    async (_name, route) => {
      const response = await user.client.call(fillPath(route.path, randomUUID()), {
        method: route.method,
        rawBody: '{"url": "https://shop.example", ',
        ...(route.auth === 'key' ? { key: user.apiKey } : {}),
      });
      expect(response.status).toBe(400);
      expect(typeof response.body.error).toBe('string');
    },
  );
});
