/** What a running scan is doing, in order; reported to whoever watches it (the public scanner page). */
export const scanStages = ['homepage', 'site-files', 'product-pages', 'scoring'] as const;
export type ScanStage = (typeof scanStages)[number];
