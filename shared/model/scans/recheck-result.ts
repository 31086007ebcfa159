import type { CheckStatus } from '#shared/model/scans/scan-result.js';

/** One check as a scan judged it: enough to tell whether a fix took. */
export interface CheckVerdict {
  status: CheckStatus;
  /** In [0, 1] for pass, warn and fail; null when the check was not counted. */
  score: number | null;
  summary: string;
}

/** One check re-run on a scan's pages: what the scan said, what the site says now. */
export interface RecheckedCheck {
  checkId: string;
  title: string;
  dimension: string;
  before: CheckVerdict;
  after: CheckVerdict;
  /** It warned or failed in the scan and passes now. */
  fixed: boolean;
}

/** POST /api/v1/scan/{id}/recheck: the scan's own result is left as it was. */
export interface RecheckResult {
  scanId: string;
  url: string;
  checkedAt: string;
  /** The scan's pages fetched again for these checks (none when the checks need only site files). */
  pages: string[];
  checks: RecheckedCheck[];
}
