import { describe, expect, it } from 'vitest';
import { accountIdOf, apiClient, itemsWhere, mailsTo, nextMailTo, signUp, tokenFrom, uniqueEmail } from '../support/accounts.js';

const accepted = { message: 'If the address can receive mail, a sign-in link is on its way. It is valid for a short time and works once.' };

/** What a client can observe of a response, minus what differs per request anyway. */
function observable(answer: { status: number; headers: Headers; text: string }) {
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => !['x-request-id', 'date'].includes(name)));
  return { status: answer.status, headers, text: answer.text };
}

describe('POST /api/v1/auth/register', () => {
  it('answers a known and an unknown address identically', async () => {
    const known = await signUp();
    const unknownEmail = uniqueEmail('unknown');
    const [client1, client2] = [apiClient(), apiClient()];
    const forKnown = await client1.call('/api/v1/auth/register', { method: 'POST', body: { email: known.email } });
    const forUnknown = await client2.call('/api/v1/auth/register', { method: 'POST', body: { email: unknownEmail } });
    expect(forKnown.body).toEqual(accepted);
    expect(observable(forKnown)).toEqual(observable(forUnknown));
    // Both get their mail; the difference is only in what happens after the response.
    await nextMailTo(unknownEmail, 0);
    await nextMailTo(known.email, 1);
    await Promise.all([client1.close(), client2.close()]);
  });

  it('creates one account when registrations of a new address race, and every link signs in to it', async () => {
    const email = uniqueEmail('racing');
    // Three: a mailbox gets at most 3 sign-in mails per 15 minutes (SIGN_IN_MAILS_PER_WINDOW_PER_MAILBOX).
    const clients = Array.from({ length: 3 }, () => apiClient());
    const answers = await Promise.all(clients.map((client) => client.call('/api/v1/auth/register', { method: 'POST', body: { email } })));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    await nextMailTo(email, 2);
    const accountId = await accountIdOf(email);
    expect((await itemsWhere('Account', 'email', email)).map((item) => item.id)).toEqual([accountId]);
    const signedIn = new Set<string>();
    for (const mail of await mailsTo(email)) {
      const verified = await clients[0]!.call('/api/v1/auth/verify', { method: 'POST', body: { token: tokenFrom(mail) } });
      expect(verified.status).toBe(200);
      // The first link gives the account its key; the others, at the key limit, dashboard sessions.
      const account = await clients[0]!.call('/api/v1/account', { key: (verified.body.apiKey ?? verified.body.sessionToken) as string });
      signedIn.add(`${account.body.email as string} ${account.body.createdAt as string}`);
    }
    expect(signedIn.size).toBe(1);
    await Promise.all(clients.map((client) => client.close()));
  });

  it('treats case and surrounding spaces as the same address', async () => {
    const email = uniqueEmail('case');
    const client = apiClient();
    await client.call('/api/v1/auth/register', { method: 'POST', body: { email } });
    await client.call('/api/v1/auth/register', { method: 'POST', body: { email: `\t${email.toUpperCase()}  ` } });
    await nextMailTo(email, 1);
    expect(await itemsWhere('Account', 'email', email)).toHaveLength(1);
    await client.close();
  });

  it('allows 3 per hour per IP, then 429 with Retry-After', async () => {
    const client = apiClient();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof client.call>> | undefined;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      last = await client.call('/api/v1/auth/register', { method: 'POST', body: { email: uniqueEmail('limit') } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(last!.body.retryAfterSeconds).toBe(Number(last!.headers.get('retry-after')));
    await client.close();
  });

  it('refuses malformed addresses with 400 naming the field, without using the allowance', async () => {
    const client = apiClient();
    const bodies: unknown[] = [
      {},
      { email: 42 },
      { email: null },
      { email: ['a@b.co'] },
      { email: '' },
      { email: 'no-at-sign' },
      { email: 'ü@example.com' },
      { email: `${'a'.repeat(250)}@x.co` },
      'just a string',
    ];
    for (const body of bodies) {
      const answer = await client.call('/api/v1/auth/register', { method: 'POST', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toMatch(/email|body|object|expected/i);
    }
    const valid = await client.call('/api/v1/auth/register', { method: 'POST', body: { email: uniqueEmail('after-bad') } });
    expect(valid.status).toBe(202);
    await client.close();
  });
});
