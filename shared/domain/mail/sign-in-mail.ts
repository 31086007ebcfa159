import { escapeHtml } from '#shared/http/pages/escape-html.js';

export interface SignInMailInput {
  link: string;
  expiresInMinutes: number;
  keyLimit: number;
  replacesKey: { label: string; keyPrefix: string } | null;
}

const service = 'Agent Readiness Scanner';

/** The sentences of the e-mail, shared by the text and HTML bodies so they cannot say different things. */
function paragraphs(input: SignInMailInput): string[] {
  const { expiresInMinutes, keyLimit, replacesKey } = input;
  return [
    `This link is valid for ${expiresInMinutes} minutes and works once.`,
    'Opening it shows a page with a "Create my API key" button; nothing happens until you press the button.',
    'Signing in creates a new API key carrying every scope.',
    ...(replacesKey === null
      ? []
      : [
          `Your plan allows ${keyLimit} ${keyLimit === 1 ? 'key' : 'keys'}, so signing in will revoke your oldest key ` +
            `"${replacesKey.label}" (${replacesKey.keyPrefix}).`,
        ]),
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
