import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { describeMail, startMailEcho } from '../../../bin/local/mail-echo.js';

const link = 'http://localhost:3000/api/v1/auth/verify?token=Qk3x_9vYw-2LmN8pR4sT6uV0aB1cD5eF7gH3iJ2kL0m';
const signIn = { subject: 'Your sign-in link', destination: { to: ['me@example.com'] }, body: { text: `Open ${link} within 15 minutes.` } };

describe('mail echo of npm start', () => {
  it('names the recipient, the subject and the sign-in link', () => {
    expect(describeMail(signIn)).toBe(`Mail to me@example.com: Your sign-in link\n  sign-in link: ${link}`);
    expect(describeMail({ subject: 'Score dropped', destination: { to: ['a@x.example'] }, body: { text: 'no link' } })).toBe(
      'Mail to a@x.example: Score dropped',
    );
  });

  it('prints each mail of the store once, as it arrives', async () => {
    const emails: unknown[] = [signIn];
    const server = createServer((_request, response) => response.end(JSON.stringify({ emails })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const echo = startMailEcho({
      storeUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/store`,
      log: { info: (line) => lines.push(line), warn: () => undefined, error: () => undefined },
      intervalMs: 10,
    });
    await waitUntil(async () => lines.length === 1, { timeoutMs: 5_000, intervalMs: 10, description: 'the first mail' });
    emails.push({ subject: 'Second', destination: { to: ['b@x.example'] }, body: { text: '' } });
    await waitUntil(async () => lines.length === 2, { timeoutMs: 5_000, intervalMs: 10, description: 'the second mail' });
    echo.stop();
    server.close();
    expect(lines).toEqual([describeMail(signIn), 'Mail to b@x.example: Second']);
  });
});
