import { copyOnClick } from '../shared/clipboard.js';
import { isSession } from '../shared/credential.js';
import { append, byId, el } from '../shared/dom.js';
import { maskKey } from '../shared/words.js';
import type { DashboardSection } from './section.js';

/*
 * The dashboard's curl examples. Scans and adding a watched site need an API key, not a dashboard session, so
 * with one the examples name a key to put in.
 */
function showCurl(origin: string, credential: string): void {
  const box = byId('curl', HTMLElement);
  const session = isSession(credential);
  const shown = session ? '<API_KEY>' : maskKey(credential);
  const copied = session ? '<API_KEY>' : credential;
  if (session)
    box.appendChild(
      el('p', 'small muted', 'Put one of your API keys in place of <API_KEY>: these calls need a key, not a dashboard session.'),
    );
  const examples: Array<[title: string, command: string]> = [
    [
      'Scan a shop',
      `curl -X POST ${origin}/api/v1/scan -H "Authorization: Bearer KEY" -H "content-type: application/json" -d '{"url": "https://shop.example.com"}'`,
    ],
    ['Your recent scans', `curl ${origin}/api/v1/scans -H "Authorization: Bearer KEY"`],
    [
      'Watch a site',
      `curl -X POST ${origin}/api/v1/account/watched-sites -H "Authorization: Bearer KEY" -H "content-type: application/json" -d '{"url": "https://shop.example.com"}'`,
    ],
  ];
  for (const [title, command] of examples) {
    const snippet = el('div', 'snippet');
    const pre = el('pre');
    pre.appendChild(el('code', '', command.replace('KEY', shown)));
    const copy = el('button', 'secondary', 'Copy');
    copy.type = 'button';
    copy.setAttribute('aria-label', (session ? 'Copy the command: ' : 'Copy the command with your key: ') + title);
    copyOnClick(copy, () => command.replace('KEY', copied), 'Copy failed');
    append(box, [el('h3', '', title), append(snippet, [pre, copy])]);
  }
}

export const curlSection: DashboardSection = {
  id: 'curl',
  render: (context) => showCurl(context.origin, context.credential),
};
