import { inject } from 'vitest';
import { waitUntil } from '../../../bin/local/wait-until.js';

/**
 * The sign-in link of the newest mail to `address` in the local SES store, on `origin` (the page's);
 * with `previous` (a link this returned before), it waits for a newer one.
 */
export async function signInLinkFor(address: string, origin: string, previous?: string): Promise<string> {
  let path: string | undefined;
  await waitUntil(
    async () => {
      const { emails } = (await (await fetch(`${inject('webSesBaseUrl')}/store`)).json()) as {
        emails: Array<{ destination: { to: string[] }; body: { text: string } }>;
      };
      const text = emails.filter((mail) => mail.destination.to.includes(address)).at(-1)?.body.text ?? '';
      path = /https?:\/\/[^\s/]+(\/api\/v1\/auth\/verify\?token=[\w-]{43})/.exec(text)?.[1];
      return path !== undefined && `${origin}${path}` !== previous;
    },
    { timeoutMs: 15_000, intervalMs: 100, description: `a sign-in mail to ${address}` },
  );
  return `${origin}${path}`;
}
