import type { ScoreHistoryEntry } from './section.js';

const ns = 'http://www.w3.org/2000/svg';

/** A watched site's last scores as a small line, the latest as a dot, described in words for screen readers. */
export function sparkline(history: readonly ScoreHistoryEntry[]): SVGSVGElement {
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', 'spark');
  svg.setAttribute('viewBox', '0 0 100 30');
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('role', 'img');
  const scores = history.map((point) => point.score);
  svg.setAttribute('aria-label', `Score history: ${scores.length ? scores.join(', ') : 'no scans yet'}`);
  const y = (score: number) => (29 - score * 0.28).toFixed(1);
  if (scores.length > 1) {
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', scores.map((score, index) => `${((index * 100) / (scores.length - 1)).toFixed(1)},${y(score)}`).join(' '));
    svg.appendChild(line);
  }
  const latest = scores[scores.length - 1];
  if (latest !== undefined) {
    // The latest score as a dot (the only mark while a site has one scan).
    const dot = document.createElementNS(ns, 'circle');
    dot.setAttribute('cx', scores.length > 1 ? '100' : '50');
    dot.setAttribute('cy', y(latest));
    dot.setAttribute('r', '3');
    svg.appendChild(dot);
  }
  return svg;
}
