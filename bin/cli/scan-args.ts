import { parseArgs } from 'node:util';
import { tiers, type Tier } from '#shared/model/tiers.js';

export interface ScanArgs {
  urls: string[];
  tier: Tier;
  json: boolean;
  failUnder: number | null;
}

export const usage = 'Usage: npm run scan -- <url> [<url> ...] [--tier free|pro|growth] [--json] [--fail-under N]';

/** Parses the CLI's arguments; throws an Error with a readable message for anything wrong. */
export function parseScanArgs(argv: string[]): ScanArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { tier: { type: 'string', default: 'growth' }, json: { type: 'boolean', default: false }, 'fail-under': { type: 'string' } },
  });
  if (positionals.length === 0) throw new Error('Give at least one URL to scan');
  const tier = values.tier as Tier;
  if (!tiers.includes(tier)) throw new Error(`--tier must be one of ${tiers.join(', ')}`);
  const rawThreshold = values['fail-under'];
  let failUnder: number | null = null;
  if (rawThreshold !== undefined) {
    failUnder = Number(rawThreshold);
    if (!Number.isInteger(failUnder) || failUnder < 1 || failUnder > 100)
      throw new Error('--fail-under must be a whole number from 1 to 100');
  }
  return { urls: positionals, tier, json: values.json, failUnder };
}
