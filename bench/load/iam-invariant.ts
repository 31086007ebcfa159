import type { InvariantResult } from './invariants.js';
import { allTrue } from './invariants.js';

/**
 * The local IAM check of the service this run started (docs/decisions/094-iam-enforced-locally.md): every
 * AWS call its functions made under load was checked against their synthesised policies, none refused.
 */
export async function localIamRefusedNothing(api: string): Promise<InvariantResult> {
  const response = await fetch(`${api}/_local/iam`);
  if (response.status !== 200)
    return { name: 'the local IAM check refused no call', ok: false, detail: `GET /_local/iam answered ${response.status}` };
  const tally = (await response.json()) as { checked: number; refused: Array<{ function: string | null; message: string }> };
  return allTrue(
    'the local IAM check refused no call',
    tally.refused.map((refusal) => `${refusal.function ?? 'outside any function'}: ${refusal.message}`),
    tally.checked,
  );
}
