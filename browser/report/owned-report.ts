import { storageKey } from '../shared/credential.js';
import { addCopyButtons } from '../shared/clipboard.js';
import { link, optionalById, byId } from '../shared/dom.js';
import { addRecheckButtons } from './recheck-buttons.js';

/*
 * The owned report (/app/scans/{id}): the report's HTML read with the tab's credential.
 */

/** HTML that a Trusted Types policy let through: the one kind of markup the page's CSP accepts. */
interface TrustedHtml {
  readonly trustedHtml: true;
}

interface TrustedTypePolicyFactory {
  createPolicy(name: string, rules: { createHTML(markup: string): string }): { createHTML(markup: string): TrustedHtml };
}

/** Browsers with Trusted Types (the CSP's `require-trusted-types-for`) have `trustedTypes`; the others not. */
declare global {
  interface Window {
    readonly trustedTypes?: TrustedTypePolicyFactory;
  }
}

/** An element's innerHTML as the DOM takes it: a string, or trusted HTML where Trusted Types are enforced. */
interface HtmlSink {
  innerHTML: string | TrustedHtml;
}

// The report's HTML comes from the service's own renderer, every value escaped; this policy is the only way
// this page's CSP lets markup in.
function setReportHtml(root: HtmlSink, markup: string): void {
  const policy = window.trustedTypes ? window.trustedTypes.createPolicy('scan-report', { createHTML: (text) => text }) : null;
  root.innerHTML = policy ? policy.createHTML(markup) : markup;
}

function errorOfText(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    return null;
  }
  return null;
}

export function ownedReport(): void {
  const root = optionalById('owned-report', HTMLElement);
  if (!root) return;
  const status = byId('owned-report-status', HTMLElement);
  const key = sessionStorage.getItem(storageKey);
  if (!key) {
    status.textContent = 'This tab is not signed in. ';
    status.appendChild(link('/app', 'Open the dashboard'));
    return;
  }
  const scanId = root.getAttribute('data-scan-id') || '';
  fetch(`/api/v1/scan/${encodeURIComponent(scanId)}/report`, {
    headers: { accept: 'text/html', authorization: 'Bearer ' + key },
  })
    .then((response) =>
      response.text().then((text) => {
        if (response.status !== 200) {
          status.textContent =
            response.status === 404
              ? 'No scan of yours has this id.'
              : errorOfText(text) || `The report could not load (HTTP ${response.status}).`;
          return;
        }
        setReportHtml(root, text);
        const heading = root.querySelector('h1');
        if (heading) document.title = `${heading.textContent} - Agent Readiness Scanner`;
        addCopyButtons(root);
        addRecheckButtons(root, scanId, key);
      }),
    )
    .catch(() => {
      status.textContent = 'Could not reach the service. Reload to try again.';
    });
}
