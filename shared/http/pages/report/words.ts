import type { ScanResult } from '#shared/model/scans/scan-result.js';

export const bandLabels: Record<ScanResult['band'], string> = {
  agent_ready: 'Agent ready',
  partially_ready: 'Partially ready',
  needs_work: 'Needs work',
  not_ready: 'Not ready',
};

export const statusLabels: Record<ScanResult['checks'][number]['status'], string> = {
  pass: 'Pass',
  warn: 'Warning',
  fail: 'Fail',
  not_applicable: 'N/A',
  not_assessed: 'Not checked',
};

/** "shop.example" from the scanned URL, for titles and previews. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** "25 Nov 2026, 11:32 UTC": fixed format and zone, so a shared report reads the same everywhere. */
export function utcTime(iso: string): string {
  const date = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function kib(bytes: number | null): string {
  return bytes === null ? '-' : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Links only to web addresses: anything else in a result (it came from a scanned site) is not a link. */
export function webHref(url: string | null): string | null {
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}
