/**
 * The assistants' verdicts as the engine fills them: fixture shops of test/fixtures/shops scanned on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantIds } from '#shared/model/scans/scan-result.js';
import type { AssistantRecord, ScanResult } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import { ScanResult as ScanResultSchema } from '#shared/http/schemas/scan-schemas.js';
import { createFetcher } from '#shared/outbound/index.js';
import type { Fetcher } from '#shared/outbound/index.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { startShop } from '#test/fixtures/shop-server.js';
import type { ShopOptions } from '#test/fixtures/shop-server.js';

const BUDGET: Record<Tier, number> = { free: 0, pro: 1, growth: 4 };
let fetcher: Fetcher;

beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});

afterAll(async () => {
  await fetcher.close();
});

async function scanShop(name: string, tier: Tier, options: ShopOptions = {}): Promise<ScanResult> {
  const shop = await startShop(name, options);
  try {
    const { result } = await scanUrl(`${shop.origin}/`, {
      tier,
      productPageBudget: BUDGET[tier],
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + 20_000,
    });
    return result;
  } finally {
    await shop.close();
  }
}

function assistant(result: ScanResult, id: AssistantRecord['id']): AssistantRecord {
  const found = result.assistants.find((entry) => entry.id === id);
  if (!found) throw new Error(`no assistant ${id}`);
  return found;
}

const stepOf = (record: AssistantRecord, step: string) => record.steps.find((entry) => entry.step === step);

describe('assistants in a scan result', () => {
  it('gives a scanned loopback shop nine assistants, each with four steps, that the HTTP schema accepts', async () => {
    const result = await scanShop('agent-ready', 'growth');
    expect(result.assistants.map((entry) => entry.id)).toEqual([...assistantIds]);
    for (const record of result.assistants) {
      expect(record.name).not.toBe('');
      expect(record.steps.map((step) => step.step)).toEqual(['find', 'read', 'trust', 'buy']);
      for (const step of record.steps) {
        expect(step.reason).not.toBe('');
        expect(step.checks.every((id) => result.checks.some((check) => check.id === id))).toBe(true);
      }
      if (record.firstFix !== null) expect(result.recommendations.map((fix) => fix.checkId)).toContain(record.firstFix);
      // The ready shop is found and read by everyone, and everyone can buy there (trust warns on loopback's plain HTTP).
      expect(stepOf(record, 'find')?.status, JSON.stringify(record.steps)).toBe('pass');
      expect(stepOf(record, 'read')?.status, JSON.stringify(record.steps)).toBe('pass');
      expect(['pass', 'warn'], JSON.stringify(record.steps)).toContain(stepOf(record, 'buy')?.status);
      expect(record.verdict).toBe('can_buy');
      expect(record.firstFix).not.toBeNull();
    }
    expect(ScanResultSchema.safeParse(result).success).toBe(true);
  });

  it('blocks the vendor whose search and user agents robots.txt keeps out, and only that one', async () => {
    const robots = [
      '# No Perplexity, and no AI training.',
      'User-agent: PerplexityBot',
      'User-agent: Perplexity-User',
      'User-agent: GPTBot',
      'User-agent: ClaudeBot',
      'User-agent: Google-Extended',
      'Disallow: /',
      '',
      'User-agent: *',
      'Disallow: /cart',
      '',
    ].join('\n');
    const result = await scanShop('agent-ready', 'pro', { routes: { '/robots.txt': { body: robots, contentType: 'text/plain' } } });
    const blocked = result.assistants.filter((record) => record.verdict === 'blocked').map((record) => record.id);
    expect(blocked).toEqual(['perplexity']);
    const perplexity = assistant(result, 'perplexity');
    expect(stepOf(perplexity, 'find')?.reason).toBe(
      "robots.txt keeps PerplexityBot out of /, so the shop is not in Perplexity's search; robots.txt keeps Perplexity-User out of /, but Perplexity says Perplexity-User may ignore robots.txt when a person asks: robots.txt does not reliably control those visits",
    );
    expect(perplexity.firstFix).toBe('robots_ai_agents');
    expect(assistant(result, 'claude').verdict).toBe('can_buy');
  });

  it('stops every verdict at can_find on a homepage-only scan of a shop whose homepage is not a product page', async () => {
    const result = await scanShop('typical-gaps', 'free');
    for (const record of result.assistants) {
      expect(record.verdict).toBe('can_find');
      expect(stepOf(record, 'read')?.status).toBe('not_assessed');
      expect(stepOf(record, 'read')?.reason).toMatch(/^Not checked, so .*'s verdict stops before this step: .*homepage only/);
    }
  });
});
