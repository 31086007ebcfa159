import type { LocalLog } from './log.js';

interface StoredMail {
  subject?: string;
  destination?: { to?: string[] };
  body?: { text?: string };
}

const signInLink = /https?:\/\/\S+\/api\/v1\/auth\/verify\?token=[A-Za-z0-9_-]+/;

/** The console line for one sent mail: who got what, and its sign-in link when it has one. */
export function describeMail(mail: StoredMail): string {
  const to = mail.destination?.to?.join(', ') ?? '(no recipient)';
  const link = signInLink.exec(mail.body?.text ?? '')?.[0];
  return `Mail to ${to}: ${mail.subject ?? '(no subject)'}${link ? `\n  sign-in link: ${link}` : ''}`;
}

/**
 * `npm start` prints every mail the SES stand-in receives, with its sign-in link, so exploring the
 * API locally needs no digging in the mail store. Reads the store every `intervalMs`.
 */
export function startMailEcho(options: { storeUrl: string; log: LocalLog; intervalMs?: number }): { stop(): void } {
  let printed = 0;
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const response = await fetch(options.storeUrl);
      const { emails = [] } = (await response.json()) as { emails?: StoredMail[] };
      for (const mail of emails.slice(printed)) options.log.info(describeMail(mail));
      printed = Math.max(printed, emails.length);
    } catch {
      // The stand-in is stopping or restarting; the next tick tries again.
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), options.intervalMs ?? 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
