/**
 * Step statuses, verdict progression and the first fix, from check outcomes as a scan reports them. The find
 * step reads a permissive robots.txt here; test/unit/scanner/assistants/find-step.test.ts covers robots.txt.
 */
import { describe, expect, it } from 'vitest';
import type { CheckStatus, Recommendation } from '#shared/model/scans/scan-result.js';
import { assessAssistants, firstFixOf, verdictOf } from '#shared/scanner/assistants/index.js';
import type { JudgedStep } from '#shared/scanner/assistants/find-step.js';
import { judgeStep } from '#shared/scanner/assistants/judge-step.js';
import type { JudgedCheck } from '#shared/scanner/assistants/judge-step.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import { homepage, productPage } from '#test/unit/scanner/checks/agent-access/fixtures.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';

const artifacts = buildArtifacts({ homepage, robots: 'User-agent: *\nDisallow: /cart\n', products: [productPage] });

/** Every check of the rubric passing, with the outcomes given replacing theirs. */
function checks(overrides: Record<string, [CheckStatus, string]> = {}): JudgedCheck[] {
  const ids = [...allChecks.map((check) => check.id), 'web_bot_auth'];
  return [...new Set(ids)].map((id) => {
    const [status, summary] = overrides[id] ?? ['pass', `${id} passes`];
    return { id, status, summary };
  });
}

function fix(checkId: string, estimatedGain: number): Recommendation {
  return { checkId, priority: 'medium', title: checkId, why: '', fix: '', snippet: null, estimatedGain, effort: 'S' };
}

function assess(overrides: Record<string, [CheckStatus, string]>, recommendations: Recommendation[] = []) {
  const records = assessAssistants(artifacts, checks(overrides), recommendations);
  return (id: string) => {
    const record = records.find((entry) => entry.id === id);
    if (!record) throw new Error(id);
    return { ...record, status: Object.fromEntries(record.steps.map((step) => [step.step, step.status])) };
  };
}

describe('judgeStep', () => {
  const rule = { required: ['product_facts_in_html', 'ssr_text'], advisory: ['schema_present'] };
  const map = (entries: [string, CheckStatus][]) => new Map(entries.map(([id, status]) => [id, { id, status, summary: id }]));

  it('fails on a failing required check, even when another was not assessed', () => {
    const judged = judgeStep(
      rule,
      map([
        ['product_facts_in_html', 'not_assessed'],
        ['ssr_text', 'fail'],
        ['schema_present', 'pass'],
      ]),
    );
    expect(judged.status).toBe('fail');
    expect(judged.causes.map((check) => check.id)).toEqual(['ssr_text']);
  });

  it('is not_assessed when a required check was not assessed, and warns at most for an advisory failure', () => {
    expect(
      judgeStep(
        rule,
        map([
          ['product_facts_in_html', 'not_assessed'],
          ['ssr_text', 'pass'],
        ]),
      ).status,
    ).toBe('not_assessed');
    expect(
      judgeStep(
        rule,
        map([
          ['product_facts_in_html', 'pass'],
          ['ssr_text', 'pass'],
          ['schema_present', 'fail'],
        ]),
      ).status,
    ).toBe('warn');
    expect(
      judgeStep(
        rule,
        map([
          ['product_facts_in_html', 'warn'],
          ['ssr_text', 'pass'],
        ]),
      ).status,
    ).toBe('warn');
    expect(
      judgeStep(
        rule,
        map([
          ['product_facts_in_html', 'pass'],
          ['ssr_text', 'pass'],
          ['schema_present', 'pass'],
        ]),
      ).status,
    ).toBe('pass');
  });

  it('leaves out check ids the result does not have and not_applicable checks', () => {
    const judged = judgeStep(
      rule,
      map([
        ['product_facts_in_html', 'pass'],
        ['schema_present', 'not_applicable'],
      ]),
    );
    expect(judged).toEqual({ status: 'pass', checks: ['product_facts_in_html'], causes: [] });
    expect(judgeStep(rule, map([['schema_present', 'pass']])).status).toBe('not_assessed');
  });
});

describe('verdicts', () => {
  it('reaches can_buy with no first fix when every step passes', () => {
    const chatgpt = assess({})('chatgpt');
    expect(chatgpt.status).toEqual({ find: 'pass', read: 'pass', trust: 'pass', buy: 'pass' });
    expect(chatgpt.verdict).toBe('can_buy');
    expect(chatgpt.firstFix).toBeNull();
  });

  it('stops at can_find for a client-rendered shop, except for Google, which renders JavaScript', () => {
    const at = assess(
      {
        ssr_text: ['fail', 'The homepage raw HTML is an empty client-rendered shell (12 words)'],
        product_facts_in_html: ['fail', 'No product page shows its name and price in the raw HTML'],
        jsonld_not_js: ['fail', 'JSON-LD is injected by JavaScript'],
      },
      [fix('ssr_text', 12), fix('product_facts_in_html', 3.1), fix('jsonld_not_js', 1.6)],
    );
    const claude = at('claude');
    expect(claude.verdict).toBe('can_find');
    expect(claude.status.read).toBe('fail');
    expect(claude.steps[1]?.reason).toBe(
      'Claude reads the raw HTML without running JavaScript: No product page shows its name and price in the raw HTML',
    );
    // Judged on the product pages the scan read: their missing facts, not the homepage's text, come first.
    expect(claude.firstFix).toBe('product_facts_in_html');
    const google = at('google');
    expect(google.status.read).toBe('warn');
    expect(google.verdict).toBe('can_buy');
  });

  it('reads products from the product pages a scan read, whatever the homepage shows', () => {
    const at = assess(
      {
        ssr_text: ['fail', "The homepage's raw HTML shows only 16 words"],
        product_facts_in_html: ['pass', 'All 3 product pages show the product name and price in the raw HTML'],
      },
      [fix('ssr_text', 4)],
    );
    const claude = at('claude');
    expect(claude.status.read).toBe('warn');
    expect(claude.steps[1]?.reason).toBe("Claude can read the products, with a gap: The homepage's raw HTML shows only 16 words");
    // With the homepage the only page read, its text decides.
    const homepageOnly = assess({
      ssr_text: ['fail', "The homepage's raw HTML shows only 16 words"],
      product_facts_in_html: ['not_assessed', 'The free scan examined the homepage only'],
    });
    expect(homepageOnly('claude').status.read).toBe('fail');
  });

  it('says the verdict stops at a step that was not assessed (a homepage-only scan)', () => {
    const summary = 'The free scan examined the homepage only, so product data was not assessed.';
    const perplexity = assess({
      product_facts_in_html: ['not_assessed', summary],
      schema_present: ['not_assessed', summary],
      offer_core: ['not_assessed', summary],
      actionable_forms: ['not_assessed', 'Add-to-cart not checked: this scan covers the homepage only, and it is not a product page.'],
    })('perplexity');
    expect(perplexity.status).toEqual({ find: 'pass', read: 'not_assessed', trust: 'pass', buy: 'not_assessed' });
    expect(perplexity.verdict).toBe('can_find');
    expect(perplexity.steps[1]?.reason).toBe(
      "Not checked, so Perplexity's verdict stops before this step: The free scan examined the homepage only, so product data was not assessed",
    );
    expect(perplexity.steps[3]?.reason).toBe('Not checked: this scan covers the homepage only, and it is not a product page');
    expect(perplexity.firstFix).toBeNull();
  });

  it('stops at can_read when the shop links no policies', () => {
    const meta = assess({ policy_links: ['fail', 'The homepage links none of the policy and help pages'] }, [fix('policy_links', 4.4)])(
      'meta',
    );
    expect(meta.verdict).toBe('can_read');
    expect(meta.firstFix).toBe('policy_links');
  });

  it('warns ChatGPT when Instant Checkout is not ready but its browser agent can buy, and fails it when neither works', () => {
    const noFeed = assess({ acp_ready: ['fail', 'No ACP endpoint, and product data does not map onto an agentic feed'] }, [
      fix('acp_ready', 2.2),
    ]);
    const chatgpt = noFeed('chatgpt');
    expect(chatgpt.status.buy).toBe('warn');
    expect(chatgpt.verdict).toBe('can_buy');
    expect(chatgpt.firstFix).toBe('acp_ready');
    expect(chatgpt.steps[3]?.reason).toBe(
      "Instant Checkout (Agentic Commerce Protocol) is not ready (No ACP endpoint, and product data does not map onto an agentic feed); ChatGPT's browser agent can still use the shop's own checkout",
    );
    // acp_ready is ChatGPT's path only.
    expect(noFeed('claude').status.buy).toBe('pass');

    const stuck = assess(
      {
        acp_ready: ['fail', 'No ACP endpoint, and product data does not map onto an agentic feed'],
        checkout_friction: ['fail', 'A blocking CAPTCHA (hCaptcha) guards checkout'],
      },
      [fix('acp_ready', 2.2), fix('checkout_friction', 2.2), fix('reviews', 2.2)],
    )('chatgpt');
    expect(stuck.status.buy).toBe('fail');
    expect(stuck.verdict).toBe('can_trust');
    expect(['acp_ready', 'checkout_friction']).toContain(stuck.firstFix);
  });

  it('judges Google on UCP and merchant listing data, everyone else on the browser path', () => {
    const at = assess(
      {
        ucp_profile: ['fail', 'No UCP profile: agents cannot discover how to check out on your shop'],
        actionable_forms: ['fail', 'Add-to-cart is a <div> with a click handler: agents cannot press it'],
      },
      [fix('ucp_profile', 5.4), fix('actionable_forms', 3.3)],
    );
    expect(at('google').status.buy).toBe('fail');
    expect(at('google').firstFix).toBe('ucp_profile');
    expect(at('amazon').status.buy).toBe('fail');
    expect(at('amazon').firstFix).toBe('actionable_forms');
    expect(at('amazon').steps[3]?.reason).toBe(
      "Amazon buys through Buy for Me (Rufus, Alexa+) on the shop's own checkout, and cannot: Add-to-cart is a <div> with a click handler: agents cannot press it",
    );
  });

  it('warns ChatGPT, which signs its requests, when the edge refuses signed agents; nobody else', () => {
    const at = assess({ web_bot_auth: ['fail', 'the edge answered 403 to a signed request it served unsigned'] }, [
      fix('web_bot_auth', 1.1),
    ]);
    expect(at('chatgpt').status.find).toBe('warn');
    expect(at('chatgpt').steps[0]?.checks).toContain('web_bot_auth');
    expect(at('chatgpt').firstFix).toBe('web_bot_auth');
    expect(at('perplexity').status.find).toBe('pass');
    expect(at('perplexity').steps[0]?.checks).not.toContain('web_bot_auth');
  });

  it('picks the first failing step before any warning, and the highest gain inside it', () => {
    const step = (name: JudgedStep['step'], status: JudgedStep['status'], causes: string[]): JudgedStep => ({
      step: name,
      status,
      checks: causes,
      reason: '',
      causes,
    });
    const steps = [
      step('find', 'warn', ['indexable']),
      step('read', 'pass', []),
      step('trust', 'fail', ['policy_links', 'org_identity']),
      step('buy', 'fail', ['acp_ready']),
    ];
    const recommendations = [fix('indexable', 9), fix('policy_links', 1.4), fix('org_identity', 2.1), fix('acp_ready', 5)];
    expect(firstFixOf(steps, recommendations)).toBe('org_identity');
    expect(verdictOf(steps)).toBe('can_read');
    // A failing step whose checks have no recommendation hands over to the next.
    expect(firstFixOf(steps, [fix('indexable', 9), fix('acp_ready', 5)])).toBe('acp_ready');
    expect(firstFixOf([step('find', 'pass', []), step('read', 'pass', [])], recommendations)).toBeNull();
  });
});
