import { apiError as apiErrorOf, callApi, errorOf, type ApiAnswer } from '../shared/api.js';
import { addCopyButtons } from '../shared/clipboard.js';
import { credential } from '../shared/credential.js';
import { append, ask, byId, clear, el, errorLine, input, labelFor, link, optionalById, statusLine, table } from '../shared/dom.js';
import { day } from '../shared/words.js';
import type { AlertsGoTo } from '../dashboard/alerts-go-to.js';
import type { ScoreHistoryEntry, WatchedSite } from '../dashboard/section.js';

/*
 * A watched site's page (/app/sites/{id}): its score history as a chart and a table, the last report, where its
 * alerts go, the alert and competitor switches, the public badge, thresholds (growth), and unwatching. All
 * through /api/v1/account/watched-sites/{id} with the tab's credential; every form validates as the API does and
 * shows the API's answer in place.
 */

/** GET …/thresholds: the lower and upper threshold (growth) and whether they alert. */
interface Thresholds {
  min: number | null;
  max: number | null;
  notify: boolean;
}

/** GET /api/v1/account/watched-sites/{id}. */
interface SiteDetail {
  site: WatchedSite;
  scoreHistory: ScoreHistoryEntry[];
}

interface SiteContext {
  /** The site's route: GET, PATCH and DELETE. */
  path: string;
  credential: string;
  /** Shows the site as a change of its thresholds left it. */
  onSite: (site: WatchedSite) => void;
}

const svgNs = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(svgNs, tag);
  for (const name of Object.keys(attributes)) node.setAttribute(name, String(attributes[name]));
  return node;
}

function apiError(answer: ApiAnswer, what: string): string {
  if (answer.status === 429) return `Too many changes for now: ${errorOf(answer, 'try again later.')}`;
  return apiErrorOf(answer, what);
}

function section(id: string, title: string): HTMLElement {
  const box = el('section', 'site-part');
  box.id = id;
  const heading = el('h2', '', title);
  heading.id = `${id}-title`;
  box.setAttribute('aria-labelledby', heading.id);
  box.appendChild(heading);
  return box;
}

/** The score history (oldest first) as a line on a 0-100 scale, described in words for screen readers. */
function historyChart(points: readonly ScoreHistoryEntry[]): SVGSVGElement {
  const width = 600;
  const height = 200;
  const left = 36;
  const bottom = 24;
  const plotWidth = width - left - 12;
  const plotHeight = height - bottom - 10;
  const x = (index: number) => left + (points.length > 1 ? (index * plotWidth) / (points.length - 1) : plotWidth / 2);
  const y = (score: number) => 10 + plotHeight - (score * plotHeight) / 100;
  const chart = svg('svg', {
    class: 'history-chart',
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-labelledby': 'history-summary',
  });
  for (const score of [0, 25, 50, 75, 100]) {
    chart.appendChild(svg('line', { class: 'grid', x1: left, x2: width - 12, y1: y(score), y2: y(score) }));
    const label = svg('text', { x: left - 6, y: y(score) + 4, 'text-anchor': 'end' });
    label.textContent = String(score);
    chart.appendChild(label);
  }
  if (points.length > 1) {
    chart.appendChild(
      svg('polyline', { points: points.map((point, index) => `${x(index).toFixed(1)},${y(point.score).toFixed(1)}`).join(' ') }),
    );
  }
  points.forEach((point, index) => {
    chart.appendChild(svg('circle', { cx: x(index).toFixed(1), cy: y(point.score).toFixed(1), r: 4 }));
  });
  // The first and the last scan's day under the line (one, under the middle, for a single scan).
  [0, points.length - 1].forEach((index, n) => {
    const point = points[index];
    if ((n === 1 && index === 0) || !point) return;
    const label = svg('text', { x: x(index), y: height - 6, 'text-anchor': points.length === 1 ? 'middle' : n === 0 ? 'start' : 'end' });
    label.textContent = day(point.scannedAt);
    chart.appendChild(label);
  });
  return chart;
}

function historySummary(points: readonly ScoreHistoryEntry[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'No scans yet: the first scan is queued and its score appears here.';
  const scores = points.map((point) => point.score);
  if (points.length === 1) return `One scan so far: score ${last.score} on ${day(last.scannedAt)}.`;
  return `${points.length} scans from ${day(first.scannedAt)} to ${day(last.scannedAt)}: score ${first.score} then ${last.score} (lowest ${Math.min(
    ...scores,
  )}, highest ${Math.max(...scores)}).`;
}

function historyPart(history: readonly ScoreHistoryEntry[]): HTMLElement {
  const box = section('site-history', 'Score history');
  const points = history.slice().reverse();
  const summary = el('p', '', historySummary(points));
  summary.id = 'history-summary';
  box.appendChild(summary);
  if (!points.length) return box;
  box.appendChild(historyChart(points));
  const details = el('details');
  details.appendChild(el('summary', '', 'The scores as a table'));
  details.appendChild(
    table(
      ['Scanned', 'Score'],
      history.map((point) => [`${point.scannedAt.slice(0, 16).replace('T', ' ')} UTC`, point.score]),
    ),
  );
  box.appendChild(details);
  return box;
}

function reportPart(site: WatchedSite): HTMLElement {
  const box = section('site-report', 'Last report');
  if (site.lastScanStatus === 'failed')
    box.appendChild(el('p', 'notice error', `The last rescan failed: ${site.lastError || 'unknown reason'}.`));
  if (site.lastScanId) {
    append(box, [
      append(el('p'), [
        document.createTextNode(`Score ${site.lastScore} on ${day(site.lastScannedAt)}. `),
        link(`/app/scans/${encodeURIComponent(site.lastScanId)}`, 'Open the last report'),
      ]),
    ]);
  } else {
    box.appendChild(
      el(
        'p',
        'muted',
        site.rescanPaused ? 'This site is paused: it is above your plan’s watched-site limit.' : 'No report yet: the first scan is queued.',
      ),
    );
  }
  return box;
}

function alertsGoToList(goTo: AlertsGoTo): HTMLElement {
  if (goTo.channel === 'none') return el('p', '', goTo.reason);
  const list = el('ul');
  for (const route of goTo.events) {
    const what = route.event === 'score_change' ? 'Score changes' : 'Threshold alerts';
    const where =
      route.channel === 'email'
        ? `by e-mail to ${goTo.address} (no webhook of yours receives ${route.event})`
        : `to the webhook${route.webhookIds.length > 1 ? 's ' : ' '}${goTo.webhooks
            .filter((hook) => route.webhookIds.indexOf(hook.id) !== -1)
            .map((hook) => (hook.label ? `${hook.label} ` : '') + (hook.url ? `(${hook.url})` : ''))
            .join(', ')}, not by e-mail`;
    list.appendChild(el('li', '', `${what} go ${where}.`));
  }
  return list;
}

interface Switch {
  input: HTMLInputElement;
  label: HTMLLabelElement;
}

function switchInput(id: string, text: string, checked: boolean): Switch {
  const box = input({ type: 'checkbox', id, checked });
  const label = append(el('label', 'choice'), [box, document.createTextNode(text)]);
  label.htmlFor = id;
  return { input: box, label };
}

function alertsPart(context: SiteContext, site: WatchedSite): HTMLElement {
  const box = section('site-alerts', 'Alerts');
  const where = el('div');
  where.id = 'alerts-go-to';
  const show = (current: WatchedSite) => {
    clear(where);
    append(where, [el('h3', '', 'Where this site’s alerts go'), alertsGoToList(current.alertsGoTo)]);
  };
  show(site);
  const alerts = switchInput('site-alert-enabled', 'Send alerts for this site', site.alertEnabled);
  const competitor = switchInput('site-competitor', 'This is a competitor’s site', site.isCompetitor);
  const outcome = statusLine('site-switches-status');
  const error = errorLine('site-switches-error');
  for (const item of [alerts, competitor]) {
    item.input.setAttribute('aria-describedby', 'site-switches-error');
    item.input.addEventListener('change', () => {
      const body = item === alerts ? { alertEnabled: alerts.input.checked } : { isCompetitor: competitor.input.checked };
      item.input.disabled = true;
      outcome.textContent = '';
      error.textContent = '';
      callApi<{ site: WatchedSite }>('PATCH', context.path, context.credential, body)
        .then((answer) => {
          item.input.disabled = false;
          if (answer.status !== 200) {
            item.input.checked = !item.input.checked;
            error.textContent = apiError(answer, 'Saving');
            return;
          }
          show(answer.body.site);
          outcome.textContent =
            item === alerts
              ? answer.body.site.alertEnabled
                ? 'Alerts are on.'
                : 'Alerts are off.'
              : answer.body.site.isCompetitor
                ? 'Marked as a competitor.'
                : 'Not marked as a competitor.';
        })
        .catch(() => {
          item.input.disabled = false;
          item.input.checked = !item.input.checked;
          error.textContent = 'Could not reach the service. Try again.';
        });
    });
  }
  append(box, [alerts.label, competitor.label, outcome, error, where]);
  return box;
}

/** Null for an empty box (no threshold), an integer 1-100, or NaN: what PATCH thresholdMin/Max accepts. */
function thresholdValue(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  return /^[0-9]{1,3}$/.test(value) ? Number(value) : NaN;
}

function thresholdProblem(min: number | null, max: number | null): string {
  const bad = (value: number | null) => value !== null && (isNaN(value) || value < 1 || value > 100);
  if (bad(min)) return 'The lower threshold must be a whole number from 1 to 100, or empty.';
  if (bad(max)) return 'The upper threshold must be a whole number from 1 to 100, or empty.';
  if (min !== null && max !== null && min >= max) return `The lower threshold (${min}) must be less than the upper one (${max}).`;
  return '';
}

function numberField(id: string, text: string, value: number | null): { input: HTMLInputElement; parts: HTMLElement[] } {
  const box = input({
    type: 'number',
    id,
    min: '1',
    max: '100',
    step: '1',
    inputMode: 'numeric',
    value: value === null ? '' : String(value),
    describedBy: 'thresholds-error',
  });
  return { input: box, parts: [labelFor(id, text), box] };
}

function thresholdsPart(context: SiteContext, thresholds: Thresholds | null): HTMLElement {
  const box = section('site-thresholds', 'Thresholds');
  if (!thresholds) {
    append(box, [
      append(el('p'), [
        document.createTextNode('An alert when the score drops below or rises above a value needs the growth plan. '),
        link('/pricing', 'See the plans'),
      ]),
    ]);
    return box;
  }
  const form = el('form', 'stack');
  form.noValidate = true;
  form.setAttribute('aria-labelledby', 'site-thresholds-title');
  const min = numberField('threshold-min', 'Alert when the score drops below', thresholds.min);
  const max = numberField('threshold-max', 'Alert when the score rises above', thresholds.max);
  const notify = switchInput('threshold-notify', 'Send these threshold alerts', thresholds.notify);
  const error = errorLine('thresholds-error');
  const outcome = statusLine('thresholds-status');
  const save = el('button', '', 'Save thresholds');
  save.type = 'submit';
  append(form, [el('p', 'small muted', 'Whole numbers from 1 to 100; leave a box empty for no threshold.')]);
  append(form, [...min.parts, ...max.parts, notify.label, error, save, outcome]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = {
      thresholdMin: thresholdValue(min.input.value),
      thresholdMax: thresholdValue(max.input.value),
      thresholdNotify: notify.input.checked,
    };
    const problem = thresholdProblem(body.thresholdMin, body.thresholdMax);
    outcome.textContent = '';
    error.textContent = problem;
    min.input.setAttribute('aria-invalid', problem && /lower/.test(problem) ? 'true' : 'false');
    max.input.setAttribute('aria-invalid', problem && /upper/.test(problem) ? 'true' : 'false');
    if (problem) return;
    save.disabled = true;
    callApi<{ site: WatchedSite }>('PATCH', context.path, context.credential, body)
      .then((answer) => {
        save.disabled = false;
        if (answer.status !== 200) {
          error.textContent = apiError(answer, 'Saving the thresholds');
          return;
        }
        outcome.textContent = 'Thresholds saved.';
        context.onSite(answer.body.site);
      })
      .catch(() => {
        save.disabled = false;
        error.textContent = 'Could not reach the service. Try again.';
      });
  });
  box.appendChild(form);
  return box;
}

/** The embed code of the site's badge: its score changes with each rescan, so the alt text names none. */
function badgeSnippets(site: WatchedSite): HTMLElement {
  const badgeUrl = `${location.origin}/badge/${encodeURIComponent(site.id)}.svg`;
  const target = `${location.origin}/`;
  const alt = `Agent readiness of ${site.label}`;
  const box = el('div');
  box.id = 'site-badge-embed';
  const preview = el('img');
  preview.src = badgeUrl;
  preview.alt = alt;
  preview.height = 20;
  const snippet = (text: string) => append(el('div', 'snippet'), [append(el('pre'), [el('code', '', text)])]);
  append(box, [
    append(el('p'), [preview]),
    el('p', 'small', 'Markdown'),
    snippet(`[![${alt.replace(/[[\]]/g, '')}](${badgeUrl})](${target})`),
    el('p', 'small', 'HTML'),
    snippet(`<a href="${target}"><img src="${badgeUrl}" alt="${alt.replace(/[&<>"]/g, '')}" height="20"></a>`),
  ]);
  addCopyButtons(box);
  return box;
}

/** The public badge switch: anyone may then read the site's latest score at /badge/{id}.svg. */
function badgePart(context: SiteContext, site: WatchedSite): HTMLElement {
  const box = section('site-badge', 'Public badge');
  const toggle = switchInput('site-public-badge', 'Show this site’s score on a public badge', site.publicBadge);
  const outcome = statusLine('site-badge-status');
  const error = errorLine('site-badge-error');
  const embed = el('div');
  const show = (current: WatchedSite) => {
    clear(embed);
    if (current.publicBadge) embed.appendChild(badgeSnippets(current));
  };
  toggle.input.setAttribute('aria-describedby', 'site-badge-error');
  toggle.input.addEventListener('change', () => {
    toggle.input.disabled = true;
    outcome.textContent = '';
    error.textContent = '';
    callApi<{ site: WatchedSite }>('PATCH', context.path, context.credential, { publicBadge: toggle.input.checked })
      .then((answer) => {
        toggle.input.disabled = false;
        if (answer.status !== 200) {
          toggle.input.checked = !toggle.input.checked;
          error.textContent = apiError(answer, 'Saving');
          return;
        }
        show(answer.body.site);
        outcome.textContent = answer.body.site.publicBadge
          ? 'The badge is public: anyone with its address sees the score.'
          : 'The badge is off: its address answers 404.';
      })
      .catch(() => {
        toggle.input.disabled = false;
        toggle.input.checked = !toggle.input.checked;
        error.textContent = 'Could not reach the service. Try again.';
      });
  });
  show(site);
  append(box, [
    el('p', 'small muted', 'A badge for your README or site with the latest score and band, cached for up to 5 minutes.'),
    toggle.label,
    outcome,
    error,
    embed,
  ]);
  return box;
}

function unwatchPart(context: SiteContext, site: WatchedSite): HTMLElement {
  const box = section('site-unwatch', 'Stop watching');
  const row = el('p');
  const remove = el('button', 'secondary', 'Stop watching this site');
  remove.type = 'button';
  const error = errorLine('unwatch-error');
  remove.addEventListener('click', () => {
    ask(row, `Stop watching ${site.label}? Its score history and thresholds are deleted.`, 'Stop watching', () => {
      void callApi('DELETE', context.path, context.credential).then((answer) => {
        if (answer.status === 200) {
          clear(box);
          append(box, [
            el('h2', '', 'Stop watching'),
            append(el('p', '', 'You no longer watch this site. '), [link('/app', 'Back to the dashboard')]),
          ]);
          return;
        }
        error.textContent = apiError(answer, 'Removing the site');
      });
    });
  });
  row.appendChild(remove);
  append(box, [el('p', 'small muted', 'Its score history and thresholds are deleted; its reports stay in your scans.'), row, error]);
  return box;
}

function render(
  root: HTMLElement,
  status: HTMLElement,
  path: string,
  key: string,
  detail: SiteDetail,
  thresholds: Thresholds | null,
): void {
  const site = detail.site;
  byId('site-title', HTMLElement).textContent = site.label;
  document.title = `${site.label} - Agent Readiness Scanner`;
  status.textContent = '';
  const facts = el('p', 'site-facts');
  append(facts, [
    el('span', 'site-url', site.url),
    document.createTextNode(` · score ${site.lastScore === null ? 'not yet scanned' : site.lastScore} · rescanned weekly`),
  ]);
  const context: SiteContext = {
    path,
    credential: key,
    onSite: (updated) => {
      const fresh = alertsPart(context, updated);
      root.replaceChild(fresh, alerts);
      alerts = fresh;
    },
  };
  let alerts = alertsPart(context, site);
  append(root, [
    facts,
    historyPart(detail.scoreHistory),
    reportPart(site),
    badgePart(context, site),
    alerts,
    thresholdsPart(context, thresholds),
    unwatchPart(context, site),
  ]);
}

export function watchedSitePage(): void {
  const root = optionalById('site-page', HTMLElement);
  if (!root) return;
  const status = byId('site-status', HTMLElement);
  const key = credential();
  if (!key) {
    status.textContent = 'This tab is not signed in. ';
    status.appendChild(link('/app', 'Open the dashboard'));
    return;
  }
  const path = `/api/v1/account/watched-sites/${encodeURIComponent(root.getAttribute('data-site-id') || '')}`;
  Promise.all([callApi<SiteDetail>('GET', path, key), callApi<{ tier: string }>('GET', '/api/v1/account', key)])
    .then(([detail, account]) => {
      if (detail.status === 401 || account.status === 401) {
        status.textContent = 'Your sign-in in this tab has ended. ';
        status.appendChild(link('/app', 'Open the dashboard'));
        return;
      }
      if (detail.status !== 200 || account.status !== 200) {
        status.textContent =
          detail.status === 404 || detail.status === 400
            ? 'No watched site of yours has this id.'
            : apiError(detail.status !== 200 ? detail : account, 'Loading');
        return;
      }
      const growth = account.body.tier === 'growth';
      const thresholds = growth ? callApi<Thresholds>('GET', `${path}/thresholds`, key) : Promise.resolve(null);
      return thresholds.then((answer) => {
        render(root, status, path, key, detail.body, answer && answer.status === 200 ? answer.body : null);
      });
    })
    .catch(() => {
      status.textContent = 'Could not reach the service. Reload to try again.';
    });
}
