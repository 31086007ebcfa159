import type { DimensionId } from '#shared/scanner/checks/types.js';

export interface DimensionInfo {
  id: DimensionId;
  name: string;
  weight: number;
}

/** The six dimensions of docs/rubric.md; the weights add up to 100. */
export const dimensions: readonly DimensionInfo[] = [
  { id: 'agent_access', name: 'Agent access', weight: 20 },
  { id: 'raw_html', name: 'Readable without JavaScript', weight: 15 },
  { id: 'product_data', name: 'Product data', weight: 25 },
  { id: 'policies_trust', name: 'Policies and trust', weight: 15 },
  { id: 'discovery', name: 'Catalog discoverability', weight: 10 },
  { id: 'agentic_commerce', name: 'Agentic protocols and actionability', weight: 15 },
];
