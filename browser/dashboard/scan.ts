import { errorField, readJson } from '../shared/api.js';
import { isSession } from '../shared/credential.js';
import { append, byId, el } from '../shared/dom.js';
import { scanStages } from '../shared/scan-stages.js';
import { duration, limitText } from '../shared/words.js';
import { keyNeeded } from './key-needed.js';
import type { DashboardContext, DashboardSection } from './section.js';

/*
 * The dashboard's "Scan a shop" form: POST /api/v1/scan with the tab's key, the stages it reports
 * (GET /api/scan-progress/{id}, as on the public scanner), then the report at /app/scans/{id}.
 */

// As POST /api/v1/scan checks before anything else (MAX_URL_LENGTH in shared/outbound/target-url.ts);
// the service checks the rest (a public host, the port) and its answer is shown in place.
const urlMaxLength = 2048;

const stageLabels: ReadonlyArray<[stage: string, label: string]> = [
  ['homepage', 'Fetching the homepage'],
  ['site-files', 'Reading robots.txt, sitemaps and agent files'],
  ['product-pages', 'Reading product pages'],
  ['scoring', 'Scoring and writing fixes'],
];

/** The first problem POST /api/v1/scan would answer 400 for without looking the host up, or ''. */
function urlProblem(url: string): string {
  if (!url) return 'Enter the address of a shop, for example https://shop.example.com.';
  if (url.length > urlMaxLength) return `That address is too long: it may have at most ${urlMaxLength} characters.`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (scheme !== undefined && !/^https?$/i.test(scheme)) return `Only http and https addresses can be scanned, not ${scheme}:.`;
  if (!/^https?:\/\/[^/?#\s]/i.test(url)) return 'Enter the full address, starting with https:// (or http://).';
  return '';
}

function retryAfterSeconds(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('retryAfterSeconds' in body)) return 0;
  return typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : 0;
}

function explain(status: number, body: unknown, retryAfter: string | null): string {
  const error = errorField(body) ?? '';
  if (status === 400) {
    const reason = error
      .replace(/^url: /, '')
      .replace(/^must /, 'it must ')
      .replace(/[.]$/, '');
    return `That address cannot be scanned: ${reason || 'it is not a valid public web address'}.`;
  }
  if (status === 401) return 'This key is no longer accepted: it may have been revoked. Reload the dashboard and use another key.';
  if (status === 403) return `${error.replace(/[.]$/, '') || 'This key may not run scans'}.`;
  if (status === 429) {
    const seconds = Number(retryAfter) || retryAfterSeconds(body);
    return (error ? `${error.replace(/[.]$/, '')}. ` : 'Your plan allows no more scans for now. ') + `Try again in ${duration(seconds)}.`;
  }
  if (status === 502)
    return `We could not reach that shop${
      error ? `: ${error.replace(/^Scan failed: /, '').replace(/[.]$/, '')}` : ''
    }. Check the address, or try again later.`;
  if (status === 504) return 'The shop took too long to answer, so the scan stopped before it finished. Try again later.';
  return `The scan failed (HTTP ${status}). Try again in a moment.`;
}

function scanId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null;
  return typeof body.id === 'string' && body.id ? body.id : null;
}

function scanForm(box: HTMLElement, context: DashboardContext): void {
  const account = context.overview.account;
  const paid = account.tier !== 'free';
  const form = el('form', 'panel');
  form.id = 'run-scan-form';
  form.noValidate = true;
  const label = el('label', '', 'Shop address');
  label.htmlFor = 'run-scan-url';
  const input = el('input');
  input.id = 'run-scan-url';
  input.type = 'url';
  input.name = 'url';
  input.inputMode = 'url';
  input.setAttribute('autocomplete', 'url');
  input.spellcheck = false;
  input.required = true;
  input.placeholder = 'https://shop.example.com';
  input.setAttribute('aria-describedby', 'run-scan-help run-scan-error');
  const button = el('button', '', 'Scan');
  button.type = 'submit';
  const help = el(
    'p',
    'small muted',
    `Your ${account.tier} plan reads ${paid ? 'the homepage and product pages' : 'the homepage'}. Scans today: ${limitText(
      account.usage.dailyScans,
      account.usage.dailyScanLimit,
    )}. Each scan is also one API call.`,
  );
  help.id = 'run-scan-help';
  const message = el('p', 'notice error');
  message.id = 'run-scan-error';
  message.setAttribute('role', 'alert');
  const progress = el('div');
  progress.id = 'run-scan-progress';
  progress.setAttribute('role', 'status');
  progress.hidden = true;
  const elapsed = el('span', 'muted');
  const stages = el('ol', 'stages');
  for (const [stage, text] of stageLabels) {
    if (stage === 'product-pages' && !paid) continue;
    const item = el('li', '', text);
    item.setAttribute('data-stage', stage);
    item.setAttribute('data-state', 'waiting');
    stages.appendChild(item);
  }
  append(progress, [append(el('p'), [el('strong', '', 'Scanning…'), document.createTextNode(' '), elapsed]), stages]);
  append(form, [label, append(el('div', 'field-row'), [input, button]), help, message, progress]);
  box.appendChild(form);

  const stageMarks = scanStages(stages, elapsed);

  function stop(): void {
    stageMarks.stop();
    button.disabled = false;
    form.removeAttribute('aria-busy');
  }

  function fail(text: string): void {
    stop();
    progress.hidden = true;
    message.textContent = text;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = input.value.trim();
    message.textContent = '';
    input.removeAttribute('aria-invalid');
    const problem = urlProblem(url);
    if (problem) return fail(problem);
    const token = self.crypto && self.crypto.randomUUID ? self.crypto.randomUUID() : null;
    button.disabled = true;
    form.setAttribute('aria-busy', 'true');
    progress.hidden = false;
    stageMarks.start(token);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: 'Bearer ' + context.credential,
    };
    if (token) headers['x-scan-progress'] = token;
    fetch('/api/v1/scan', { method: 'POST', headers, body: JSON.stringify({ url }) })
      .then((response) =>
        readJson(response).then((body) => {
          const id = response.status === 200 ? scanId(body) : null;
          if (id) {
            stageMarks.show('done');
            stop();
            location.assign(`/app/scans/${encodeURIComponent(id)}`);
            return;
          }
          fail(explain(response.status, body, response.headers.get('retry-after')));
        }),
      )
      .catch(() => {
        fail('Could not reach the service. Check your connection and try again.');
      });
  });
}

export const scanSection: DashboardSection = {
  id: 'scan',
  render: (context) => {
    const box = byId('scan', HTMLElement);
    if (isSession(context.credential)) return keyNeeded(box, 'Scans');
    if (!context.overview.scans) {
      box.appendChild(el('p', 'muted', 'This key may not run scans: it lacks the scanner:read scope.'));
      return;
    }
    scanForm(box, context);
  },
};
