import { escapeHtml } from '#shared/model/escape-html.js';

export interface SignInMailInput {
  link: string;
  expiresInMinutes: number;
  /** How long a dashboard session lasts, for an account already at its key limit. */
  sessionHours: number;
  /**
   * Set on the mail that reaches the address's daily cap (docs/decisions/007-sign-in-mail-caps.md): its link
   * works until this time (ISO 8601), and no other link is sent before then unless this one is used.
   */
  lastLinkUntil?: string;
}

const service = 'Agent Readiness Scanner';

/** The sentences of the e-mail, shared by the text and HTML bodies so they cannot say different things. */
function paragraphs(input: SignInMailInput): string[] {
  const { expiresInMinutes, sessionHours } = input;
  return [
    input.lastLinkUntil
      ? `This address has now been sent as many sign-in links as we send in a day, so this link keeps working until ${input.lastLinkUntil.slice(0, 16).replace('T', ' ')} UTC; ` +
        'no other link is sent before then unless this one has been used. It works once.'
      : `This link is valid for ${expiresInMinutes} minutes and works once.`,
    'Opening it shows a page with a "Finish signing in" button; nothing happens until you press the button.',
    'If your account has room for another API key, signing in creates one carrying every scope. ' +
      `If it already has all the keys its plan allows, signing in opens your dashboard for ${sessionHours} hours instead, ` +
      'where you can rotate a key. Signing in never revokes a key.',
    'If you did not ask for this, ignore this e-mail; no account changes until the link is used.',
  ];
}

export function signInMail(input: SignInMailInput): { subject: string; text: string; html: string } {
  const subject = `Your sign-in link for ${service}`;
  const intro = `Use this link to sign in to ${service}:`;
  const text = [intro, '', input.link, '', ...paragraphs(input).flatMap((p) => [p, ''])].join('\n');

  const link = escapeHtml(input.link);
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #1a56db; color: #ffffff; ` +
      'text-decoration: none; border-radius: 6px;">Sign in</a></p>',
    `<p style="font-size: 13px; word-break: break-all;">${link}</p>`,
    ...paragraphs(input).map((p) => `<p>${escapeHtml(p)}</p>`),
    '</body></html>',
    '',
  ].join('\n');

  return { subject, text, html };
}
