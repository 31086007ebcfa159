import { answerOf, type ApiAnswer } from './api.js';
import { scanStages } from './scan-stages.js';

/*
 * Submitting a scan, as the public scanner's form (POST /api/scan) and the dashboard's (POST /api/v1/scan with
 * the tab's key) both do: the address checked in place, the stages the service reports while it scans
 * (X-Scan-Progress, GET /api/scan-progress/{token}), then the report, or what went wrong in plain words.
 */

/** The address to scan, as the form makes it from what was typed. */
export interface ScanAddress {
  url: string;
  /** Typed without a scheme: the form put https:// in front. */
  bare: boolean;
}

export interface ScanForm {
  form: HTMLFormElement;
  input: HTMLInputElement;
  button: HTMLButtonElement;
  /** Where a refusal is said (role=alert). */
  message: HTMLElement;
  /** Shown while the scan runs. */
  progress: HTMLElement;
  /** The stages as li[data-stage], and where the seconds since the start go. */
  stages: ParentNode;
  elapsed: HTMLElement;
  /** The route that scans. */
  endpoint: string;
  /** The tab's key, for the authenticated route. */
  credential?: string;
  /** The address from what was typed (trimmed), or the sentence that refuses it before any request. */
  address: (typed: string) => ScanAddress | string;
  /** The sentence for the service's refusal of `address`. */
  explain: (answer: ApiAnswer, address: ScanAddress) => string;
  /** The page of a finished scan's report. */
  reportPath: (id: string) => string;
  /** What to say when the service cannot be reached at all. */
  unreachable: string;
}

function scanId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null;
  return typeof body.id === 'string' && body.id ? body.id : null;
}

/** Runs a scan on each submit of `scan.form`. */
export function submitScans(scan: ScanForm): void {
  const { form, input, button, message, progress } = scan;
  const stages = scanStages(scan.stages, scan.elapsed);

  function stop(): void {
    stages.stop();
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
    const typed = input.value.trim();
    message.textContent = '';
    input.removeAttribute('aria-invalid');
    const address = scan.address(typed);
    if (typeof address === 'string') return fail(address);
    const token = self.crypto && self.crypto.randomUUID ? self.crypto.randomUUID() : null;
    button.disabled = true;
    form.setAttribute('aria-busy', 'true');
    progress.hidden = false;
    stages.start(token);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (scan.credential !== undefined) headers.authorization = 'Bearer ' + scan.credential;
    if (token) headers['x-scan-progress'] = token;
    fetch(scan.endpoint, { method: 'POST', headers, body: JSON.stringify({ url: address.url }) })
      .then((response) =>
        answerOf(response).then((answer) => {
          const id = answer.status === 200 ? scanId(answer.body) : null;
          if (id) {
            stages.show('done');
            stop();
            location.assign(scan.reportPath(id));
            return;
          }
          fail(scan.explain(answer, address));
        }),
      )
      .catch(() => {
        fail(scan.unreachable);
      });
  });
}
