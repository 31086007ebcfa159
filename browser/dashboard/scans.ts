import { isSession } from '../shared/credential.js';
import { byId, el, link, table } from '../shared/dom.js';
import { bandNames, day } from '../shared/words.js';
import type { DashboardSection, Overview } from './section.js';

/*
 * The dashboard's recent scans: each shop linked to its report, with its score, band and day.
 */
function showScans(scans: Overview['scans'], credential: string): void {
  const box = byId('scans', HTMLElement);
  if (!scans) {
    box.appendChild(el('p', 'muted', 'This key may not read scans.'));
    return;
  }
  if (!scans.recent.length) {
    box.appendChild(el('p', '', isSession(credential) ? 'No scans yet.' : 'No scans yet. Run one with the form above.'));
    return;
  }
  box.appendChild(
    table(
      ['Shop', 'Score', 'Scanned'],
      scans.recent.map((scan) => [
        link(`/app/scans/${encodeURIComponent(scan.id)}`, scan.url),
        `${scan.score} · ${bandNames[scan.band] || scan.band}`,
        day(scan.createdAt),
      ]),
    ),
  );
  box.appendChild(el('p', 'small muted', `${scans.total} scans in all.`));
}

export const scansSection: DashboardSection = {
  id: 'scans',
  render: (context) => showScans(context.overview.scans, context.credential),
};
