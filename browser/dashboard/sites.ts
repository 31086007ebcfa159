import { addressProblem } from '../shared/address-problem.js';
import { callApi, errorField, errorOf, type ApiAnswer } from '../shared/api.js';
import { isSession } from '../shared/credential.js';
import { append, byId, el, errorLine, input, labelFor, link, table } from '../shared/dom.js';
import { day, limitText } from '../shared/words.js';
import { alertsText } from './alerts-go-to.js';
import { keyNeeded } from './key-needed.js';
import type { DashboardContext, DashboardSection, Tier, WatchedSite } from './section.js';
import { sparkline } from './sparkline.js';

/*
 * The dashboard's watched sites: the "Watch a site" form (POST /api/v1/account/watched-sites, validated as the
 * API validates, its errors shown in place) and a row per site: label and URL linking to the site's page
 * (/app/sites/{id}), score, history, thresholds, alerts and where they go, last scan. Adding queues a scan, so
 * it needs an API key; a dashboard session may manage the rest (docs/decisions/068-watched-sites-in-the-dashboard.md).
 */

// The limits of POST /api/v1/account/watched-sites (WATCHED_URL_MAX_LENGTH, LABEL_MAX_LENGTH).
const urlMaxLength = 2048;
const labelMaxLength = 100;
const conditionWords: Record<string, string | undefined> = { drops_below: 'below', rises_above: 'above', changes_by: 'moves by' };

function urlProblem(url: string): string {
  return addressProblem(url, {
    empty: 'Enter the address of the site, for example https://shop.example.com/.',
    verb: 'watched',
    maxLength: urlMaxLength,
  });
}

function labelProblem(label: string): string {
  return label.length > labelMaxLength ? `The label may have at most ${labelMaxLength} characters.` : '';
}

/** The sentence for the API's refusal of an add. */
function addError(answer: ApiAnswer): string {
  const error = errorField(answer.body) || '';
  if (answer.status === 409) return `You already watch this site${error ? ` (${error}).` : '.'}`;
  if (answer.status === 403) return `${error} Remove a site or upgrade to watch more.`;
  if (answer.status === 429) return `Too many changes for now: ${errorOf(answer, 'try again later.')}`;
  return error.replace(/^url: /, 'The address ') || `The site could not be added (HTTP ${answer.status}).`;
}

function field(id: string, labelText: string, control: HTMLInputElement, hint?: string): HTMLElement[] {
  control.id = id;
  const parts: HTMLElement[] = [labelFor(id, labelText), control];
  if (hint) parts.push(el('p', 'small muted', hint));
  return parts;
}

function watchForm(context: DashboardContext): HTMLFormElement {
  const form = el('form', 'stack');
  form.noValidate = true;
  form.setAttribute('aria-labelledby', 'watch-title');
  const url = input({
    type: 'url',
    name: 'url',
    required: true,
    maxLength: urlMaxLength,
    autocomplete: 'url',
    placeholder: 'https://shop.example.com/',
    describedBy: 'watch-error',
  });
  const label = input({ type: 'text', name: 'label', maxLength: labelMaxLength, describedBy: 'watch-error' });
  const alerts = input({ type: 'checkbox', id: 'watch-alerts', checked: true });
  const alertsLabel = append(el('label', 'choice'), [alerts, document.createTextNode('Send alerts when its score changes')]);
  alertsLabel.htmlFor = 'watch-alerts';
  const error = errorLine('watch-error');
  const submit = el('button', '', 'Watch this site');
  submit.type = 'submit';
  const heading = el('h3', '', 'Watch a site');
  heading.id = 'watch-title';
  form.appendChild(heading);
  append(form, field('watch-url', 'Address of the site', url));
  append(
    form,
    field('watch-label', 'Label of the site (optional)', label, `Shown instead of the host name; at most ${labelMaxLength} characters.`),
  );
  append(form, [alertsLabel, error, submit]);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body: { url: string; alertEnabled: boolean; label?: string } = { url: url.value.trim(), alertEnabled: alerts.checked };
    const name = label.value.trim();
    const problem = urlProblem(body.url) || labelProblem(name);
    url.setAttribute('aria-invalid', urlProblem(body.url) ? 'true' : 'false');
    if (problem) {
      error.textContent = problem;
      (urlProblem(body.url) ? url : label).focus();
      return;
    }
    if (name) body.label = name;
    error.textContent = '';
    submit.disabled = true;
    callApi('POST', '/api/v1/account/watched-sites', context.credential, body)
      .then((answer) => {
        submit.disabled = false;
        if (answer.status === 201) return context.reload();
        error.textContent = addError(answer);
        url.setAttribute('aria-invalid', answer.status === 400 || answer.status === 409 ? 'true' : 'false');
        url.focus();
      })
      .catch(() => {
        submit.disabled = false;
        error.textContent = 'Could not reach the service. Try again.';
      });
  });
  return form;
}

function thresholdText(site: WatchedSite, tier: Tier): string {
  if (tier !== 'growth') return 'with growth';
  if (!site.thresholds.length) return 'none';
  return site.thresholds
    .map((threshold) => `${conditionWords[threshold.condition]} ${threshold.value}${threshold.isActive ? '' : ' (no alert)'}`)
    .join(', ');
}

function siteCell(site: WatchedSite): HTMLElement {
  const cell = el('div');
  append(cell, [link(`/app/sites/${encodeURIComponent(site.id)}`, site.label), el('div', 'small muted site-url', site.url)]);
  return cell;
}

function lastScan(site: WatchedSite): string {
  if (site.lastScanStatus === 'failed') return `failed: ${site.lastError || 'unknown'}`;
  if (!site.lastScannedAt) return site.rescanPaused ? 'paused' : 'first scan queued';
  return day(site.lastScannedAt) + (site.rescanPaused ? ' (paused)' : '');
}

function showSites(context: DashboardContext): void {
  const box = byId('sites', HTMLElement);
  const sites = context.overview.sites;
  if (!sites) {
    box.appendChild(el('p', 'muted', 'This key may not read watched sites.'));
    return;
  }
  const tier = context.overview.account.tier;
  box.appendChild(el('p', 'small muted', `${limitText(sites.used, sites.limit)} watched sites; each is rescanned weekly.`));
  if (sites.sites.length) {
    box.appendChild(
      table(
        ['Site', 'Score', 'History', 'Thresholds', 'Alerts go to', 'Last scan'],
        sites.sites.map((site) => {
          const change =
            site.scoreChange === null || site.scoreChange === 0 ? '' : ` (${site.scoreChange > 0 ? '+' : ''}${site.scoreChange})`;
          return [
            siteCell(site),
            site.lastScore === null ? '-' : `${site.lastScore}${change}`,
            site.history ? sparkline(site.history) : '-',
            thresholdText(site, tier),
            alertsText(site.alertsGoTo),
            lastScan(site),
          ];
        }),
      ),
    );
  }
  if (!isSession(context.credential)) {
    box.appendChild(watchForm(context));
    return;
  }
  box.appendChild(el('h3', '', 'Watch a site'));
  keyNeeded(box, 'Adding a site starts a scan: additions');
}

export const sitesSection: DashboardSection = { id: 'sites', render: showSites };
