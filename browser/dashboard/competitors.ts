import { callApi, errorOf } from '../shared/api.js';
import { isSession } from '../shared/credential.js';
import { append, byId, clear, el, link, table, type Cell } from '../shared/dom.js';
import { day } from '../shared/words.js';
import type { DashboardSection, Tier } from './section.js';

/*
 * The dashboard's competitors (growth): each own watched site beside each site marked as a competitor
 * (GET /api/v1/watched-sites/compare): overall and per dimension who is ahead, by how much and since when, with
 * the checks that differ in a closed <details>. Below growth, one line pointing at the plans
 * (docs/decisions/090-competitor-comparison.md). A pair read at two depths shows no figures, only why and a
 * rescan (docs/decisions/108-comparisons-at-one-depth.md).
 */

/** GET /api/v1/watched-sites/compare's answer, as far as the section reads it (shared/http/schemas/compare-schemas.ts). */
interface Lead {
  ahead: 'site' | 'competitor' | 'tied' | null;
  by: number | null;
  since: string | null;
  sinceStart: boolean;
}

interface SiteFigures {
  id: string;
  label: string;
  isCompetitor: boolean;
  score: number | null;
  scanStatus: 'ok' | 'failed' | null;
  dimensions: Record<string, number | null | undefined>;
}

interface CheckGap extends Pick<Lead, 'ahead' | 'by'> {
  checkId: string;
  site: string | null;
  competitor: string | null;
}

interface Pair {
  siteId: string;
  competitorId: string;
  depth: { comparable: boolean; site: Tier | null; competitor: Tier | null; rescan: string[] };
  overall: Lead;
  dimensions: Record<string, Lead | undefined>;
  checks: { differing: number; rows: CheckGap[] };
}

interface CompetitionReport {
  sites: SiteFigures[];
  dimensions: Array<{ id: string; name: string }>;
  checks: Array<{ id: string; title: string }>;
  comparisons: Pair[];
  checkRowsPerPair: number;
}

const statusWords: Record<string, string | undefined> = {
  pass: 'passes',
  warn: 'warns',
  fail: 'fails',
  not_applicable: 'not applicable',
  not_assessed: 'not assessed',
};
// A new render of the section (a reload of the dashboard) ignores the answer of an older one.
let rendering = 0;

function growthLine(box: HTMLElement): void {
  append(box, [
    append(el('p'), [
      document.createTextNode('Comparing your sites with competitors’ comes with the growth plan. '),
      link('/pricing', 'Compare the plans'),
    ]),
  ]);
}

function points(by: number | null): string {
  return `${by}${by === 1 ? ' point' : ' points'}`;
}

/** Who is ahead, in words: never by colour alone. */
function standingText(lead: Pick<Lead, 'ahead' | 'by'>, competitorName: string): string {
  if (lead.ahead === null) return 'Not comparable yet: one of the two has no score';
  if (lead.ahead === 'tied') return 'Level';
  return (lead.ahead === 'site' ? 'You are ahead by ' : `${competitorName} is ahead by `) + points(lead.by);
}

function sinceText(lead: Lead): string {
  if (lead.ahead === null) return '-';
  if (!lead.since) return 'not known from the score history';
  return (lead.sinceStart ? 'at every scan since ' : 'since the scan of ') + day(lead.since);
}

function figure(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : String(value);
}

function checksDetails(pair: Pair, checkInfo: Map<string, { title: string }>, competitorName: string, perPair: number): HTMLElement {
  const details = el('details');
  const shown = pair.checks.rows.length;
  let summary = pair.checks.differing + (pair.checks.differing === 1 ? ' check differs' : ' checks differ');
  if (shown < pair.checks.differing) summary += ` (the ${shown} biggest gaps shown)`;
  details.appendChild(el('summary', '', summary));
  if (!shown) {
    details.appendChild(
      el(
        'p',
        'small muted',
        perPair === 0 ? 'With this many pairs only the count is kept; compare fewer sites to list the checks.' : 'No check rows.',
      ),
    );
    return details;
  }
  details.appendChild(
    table(
      ['Check', 'Yours', competitorName, 'Who is ahead'],
      pair.checks.rows.map((row) => {
        const info = checkInfo.get(row.checkId);
        return [
          info ? info.title : row.checkId,
          row.site ? statusWords[row.site] : 'not in the scan',
          row.competitor ? statusWords[row.competitor] : 'not in the scan',
          row.ahead === null ? 'not comparable' : standingText(row, competitorName),
        ];
      }),
    ),
  );
  details.appendChild(el('p', 'small muted', 'As of the two last scans: checks have no history.'));
  return details;
}

const depthWords: Record<string, string | undefined> = {
  free: 'free depth (the homepage only)',
  pro: 'pro depth',
  growth: 'growth depth',
};

/** A rescan of one site at the account's tier (metered: it needs a key), then a word on when to look again. */
function rescanButton(site: SiteFigures, credential: string): HTMLElement {
  const box = el('p');
  const button = el('button', 'secondary', `Rescan ${site.label} now`);
  button.type = 'button';
  const said = el('span', 'small');
  said.setAttribute('role', 'status');
  button.addEventListener('click', () => {
    button.disabled = true;
    said.textContent = ' Queueing…';
    callApi<{ tier: Tier }>('POST', `/api/v1/watched-sites/${encodeURIComponent(site.id)}/rescan`, credential).then(
      (answer) => {
        if (answer.status === 202) {
          said.textContent = ` Queued at ${answer.body.tier} depth: reload the dashboard in a minute to compare.`;
          return;
        }
        button.disabled = false;
        said.textContent = ` ${errorOf(answer, `The rescan could not be queued (HTTP ${answer.status}).`)}`;
      },
      () => {
        button.disabled = false;
        said.textContent = ' Could not reach the service. Try again.';
      },
    );
  });
  return append(box, [button, said]);
}

/** Two scans of different depths: no figures side by side, the reason, and the rescan that makes them comparable. */
function notComparable(block: HTMLElement, pair: Pair, own: SiteFigures, rival: SiteFigures, credential: string): HTMLElement {
  block.appendChild(
    el(
      'p',
      'notice',
      `Not comparable yet: ${own.label} was last scanned at ${
        (pair.depth.site && depthWords[pair.depth.site]) || 'an unknown depth'
      }, ${rival.label} at ${
        (pair.depth.competitor && depthWords[pair.depth.competitor]) || 'an unknown depth'
      }. A deeper scan reads more of a shop, so their scores would differ with nothing changed on either.`,
    ),
  );
  const toRescan = [own, rival].filter((site) => pair.depth.rescan.indexOf(site.id) !== -1);
  if (isSession(credential)) {
    block.appendChild(
      el(
        'p',
        'small',
        `Rescan ${toRescan.map((site) => site.label).join(' and ')} to compare: a rescan counts against your plan, so it needs an API key.`,
      ),
    );
    return block;
  }
  for (const site of toRescan) block.appendChild(rescanButton(site, credential));
  return block;
}

function pairBlock(
  pair: Pair,
  report: CompetitionReport,
  sitesById: Map<string, SiteFigures>,
  checkInfo: Map<string, { title: string }>,
  credential: string,
): HTMLElement | null {
  const own = sitesById.get(pair.siteId);
  const rival = sitesById.get(pair.competitorId);
  if (!own || !rival) return null;
  const block = el('div', 'competitor-pair');
  block.appendChild(el('h3', '', `${own.label} and ${rival.label}`));
  if (!pair.depth.comparable) return notComparable(block, pair, own, rival, credential);
  if (rival.scanStatus === 'failed')
    block.appendChild(el('p', 'small muted', `The last rescan of ${rival.label} failed: its figures are from the scan before.`));
  const rows: Cell[][] = [
    ['Overall', figure(own.score), figure(rival.score), standingText(pair.overall, rival.label), sinceText(pair.overall)],
  ];
  for (const dimension of report.dimensions) {
    const lead = pair.dimensions[dimension.id];
    if (!lead) continue;
    rows.push([
      dimension.name,
      figure(own.dimensions[dimension.id]),
      figure(rival.dimensions[dimension.id]),
      standingText(lead, rival.label),
      sinceText(lead),
    ]);
  }
  block.appendChild(table(['Score', 'Yours', rival.label, 'Who is ahead', 'Since'], rows));
  block.appendChild(checksDetails(pair, checkInfo, rival.label, report.checkRowsPerPair));
  return block;
}

function showReport(box: HTMLElement, report: CompetitionReport, credential: string): void {
  const own = report.sites.filter((site) => !site.isCompetitor);
  if (report.sites.length === own.length) {
    box.appendChild(
      el('p', 'muted', 'Mark a watched site as a competitor’s (on its page, under Watched sites) to compare your sites with it.'),
    );
    return;
  }
  if (!own.length) {
    box.appendChild(el('p', 'muted', 'Watch one of your own sites to compare it with your competitors.'));
    return;
  }
  const sitesById = new Map(report.sites.map((site) => [site.id, site]));
  const checkInfo = new Map(report.checks.map((check) => [check.id, check]));
  box.appendChild(
    el(
      'p',
      'small muted',
      'Scores from each site’s last completed scan; “since” dates the current standing from the weekly score history.',
    ),
  );
  for (const pair of report.comparisons) {
    const block = pairBlock(pair, report, sitesById, checkInfo, credential);
    if (block) box.appendChild(block);
  }
}

export const competitorsSection: DashboardSection = {
  id: 'competitors',
  render: (context) => {
    const box = byId('competitors', HTMLElement);
    const mine = ++rendering;
    if (context.overview.account.tier !== 'growth') return growthLine(box);
    if (!context.overview.sites) {
      box.appendChild(el('p', 'muted', 'This key may not read watched sites.'));
      return;
    }
    const status = el('p', 'muted', 'Loading the comparison…');
    status.setAttribute('role', 'status');
    box.appendChild(status);
    callApi<CompetitionReport>('GET', '/api/v1/watched-sites/compare', context.credential).then(
      (answer) => {
        if (mine !== rendering) return;
        clear(box);
        if (answer.status === 403) return growthLine(box);
        if (answer.status !== 200) {
          box.appendChild(el('p', 'notice error', errorOf(answer, `The comparison could not load (HTTP ${answer.status}).`)));
          return;
        }
        showReport(box, answer.body, context.credential);
      },
      () => {
        if (mine === rendering) status.textContent = 'Could not reach the service. Reload to try again.';
      },
    );
  },
};
