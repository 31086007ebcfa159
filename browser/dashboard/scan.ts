import { addressProblem } from '../shared/address-problem.js';
import { errorField, retryAfterSeconds, type ApiAnswer } from '../shared/api.js';
import { isSession } from '../shared/credential.js';
import { append, byId, el, errorLine, input, labelFor } from '../shared/dom.js';
import { submitScans } from '../shared/scan-submit.js';
import { duration, limitText } from '../shared/words.js';
import { keyNeeded } from './key-needed.js';
import type { DashboardContext, DashboardSection } from './section.js';

/*
 * The dashboard's "Scan a shop" form: POST /api/v1/scan with the tab's key, the stages it reports
 * (GET /api/scan-progress/{id}, as on the public scanner), then the report at /app/scans/{id}.
 */

// As POST /api/v1/scan checks before anything else (MAX_URL_LENGTH in shared/outbound/target-url.ts).
const urlMaxLength = 2048;

const stageLabels: ReadonlyArray<[stage: string, label: string]> = [
  ['homepage', 'Fetching the homepage'],
  ['site-files', 'Reading robots.txt, sitemaps and agent files'],
  ['product-pages', 'Reading product pages'],
  ['scoring', 'Scoring and writing fixes'],
];

function explain(answer: ApiAnswer): string {
  const { status, body } = answer;
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
    const seconds = Number(answer.retryAfter) || retryAfterSeconds(body);
    return (error ? `${error.replace(/[.]$/, '')}. ` : 'Your plan allows no more scans for now. ') + `Try again in ${duration(seconds)}.`;
  }
  if (status === 502)
    return `We could not reach that shop${
      error ? `: ${error.replace(/^Scan failed: /, '').replace(/[.]$/, '')}` : ''
    }. Check the address, or try again later.`;
  if (status === 504) return 'The shop took too long to answer, so the scan stopped before it finished. Try again later.';
  return `The scan failed (HTTP ${status}). Try again in a moment.`;
}

function scanForm(box: HTMLElement, context: DashboardContext): void {
  const account = context.overview.account;
  const paid = account.tier !== 'free';
  const form = el('form', 'panel');
  form.id = 'run-scan-form';
  form.noValidate = true;
  const label = labelFor('run-scan-url', 'Shop address');
  const address = input({
    type: 'url',
    id: 'run-scan-url',
    name: 'url',
    inputMode: 'url',
    autocomplete: 'url',
    spellcheck: false,
    required: true,
    placeholder: 'https://shop.example.com',
    describedBy: 'run-scan-help run-scan-error',
  });
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
  const message = errorLine('run-scan-error');
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
  append(form, [label, append(el('div', 'field-row'), [address, button]), help, message, progress]);
  box.appendChild(form);

  submitScans({
    form,
    input: address,
    button,
    message,
    progress,
    stages,
    elapsed,
    endpoint: '/api/v1/scan',
    credential: context.credential,
    address: (typed) =>
      addressProblem(typed, {
        empty: 'Enter the address of a shop, for example https://shop.example.com.',
        verb: 'scanned',
        maxLength: urlMaxLength,
      }) || { url: typed, bare: false },
    explain,
    reportPath: (id) => `/app/scans/${encodeURIComponent(id)}`,
    unreachable: 'Could not reach the service. Check your connection and try again.',
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
