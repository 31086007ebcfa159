import type { JudgedStep } from '#shared/scanner/assistants/find-step.js';
import type { JudgedCheck, StepJudgement, StepRule } from '#shared/scanner/assistants/judge-step.js';
import { clause, judgeStep, lowerFirst } from '#shared/scanner/assistants/judge-step.js';
import type { AssistantVendor } from '#shared/scanner/assistants/vendors.js';

type Checks = ReadonlyMap<string, JudgedCheck>;

/** Assistants that read raw HTML need the facts in it; structured data helps them but is not required. */
const RAW_HTML_READ: StepRule = {
  required: ['product_facts_in_html', 'ssr_text'],
  advisory: ['schema_present', 'offer_core', 'jsonld_not_js'],
};
/** Google renders JavaScript, and lists products from their markup (merchant listing structured data). */
const RENDERED_READ: StepRule = {
  required: ['schema_present', 'offer_core'],
  advisory: ['product_facts_in_html', 'ssr_text', 'jsonld_not_js'],
};
const TRUST: StepRule = {
  required: ['policy_links'],
  advisory: ['https_hsts', 'org_identity', 'returns_structured', 'shipping_structured'],
};
/** A browser agent buys through the shop's own pages: a real add-to-cart control and no blocking CAPTCHA or login wall. */
const BROWSER_BUY: StepRule = { required: ['actionable_forms', 'checkout_friction'], advisory: [] };
const NATIVE_BUY: Record<'acp' | 'ucp', StepRule> = {
  acp: { required: ['acp_ready'], advisory: [] },
  // Google's UCP guide: a UCP profile plus Merchant Center product, shipping and returns data.
  ucp: { required: ['ucp_profile', 'offer_core'], advisory: ['returns_structured', 'shipping_structured'] },
};

function firstSummary(judgement: StepJudgement, fallback: string): string {
  const cause = judgement.causes[0];
  return cause ? clause(cause.summary) : fallback;
}

function judged(step: JudgedStep['step'], judgement: StepJudgement, reason: string): JudgedStep {
  return { step, status: judgement.status, checks: judgement.checks, reason, causes: judgement.causes.map((check) => check.id) };
}

function notChecked(judgement: StepJudgement): string {
  const summary = firstSummary(judgement, 'the checks this step needs are not in this scan');
  return `Not checked: ${/^[^:]* not checked: /i.test(summary) ? summary.replace(/^[^:]* not checked: /i, '') : summary}`;
}

/**
 * Once product pages were read, the raw-HTML readers are judged on them: a thin homepage is a gap they work
 * around (they reach products through search and links), not the reason they cannot read a product page that
 * shows its name and price. The homepage decides only when it is all the scan read.
 */
const RAW_HTML_READ_FROM_PRODUCT_PAGES: StepRule = {
  required: ['product_facts_in_html'],
  advisory: ['ssr_text', 'schema_present', 'offer_core', 'jsonld_not_js'],
};

function productPagesJudged(byId: Checks): boolean {
  const status = byId.get('product_facts_in_html')?.status;
  return status === 'pass' || status === 'warn' || status === 'fail';
}

/** Can the assistant read the products: raw HTML for most, product markup for Google, which renders JavaScript. */
export function readStep(vendor: AssistantVendor, byId: Checks): JudgedStep {
  const rawHtml = productPagesJudged(byId) ? RAW_HTML_READ_FROM_PRODUCT_PAGES : RAW_HTML_READ;
  const judgement = judgeStep(vendor.rendersJavaScript ? RENDERED_READ : rawHtml, byId);
  const how = vendor.rendersJavaScript ? 'lists products from their markup' : 'reads the raw HTML without running JavaScript';
  const reason = {
    fail: `${vendor.name} ${how}: ${firstSummary(judgement, '')}`,
    not_assessed: notChecked(judgement),
    warn: `${vendor.name} can read the products, with a gap: ${firstSummary(judgement, '')}`,
    pass: `${vendor.name} can read product names and prices ${vendor.rendersJavaScript ? 'from the product markup' : 'in the raw HTML'}`,
  }[judgement.status];
  return judged('read', judgement, reason);
}

/** Can the assistant check whom it buys from: policies first, then identity, HTTPS and structured policies. */
export function trustStep(vendor: AssistantVendor, byId: Checks): JudgedStep {
  const judgement = judgeStep(TRUST, byId);
  const reason = {
    fail: `${vendor.name} cannot check the shop's terms before buying: ${firstSummary(judgement, '')}`,
    not_assessed: notChecked(judgement),
    warn: `${vendor.name} finds the shop's policies, with a gap: ${firstSummary(judgement, '')}`,
    pass: `Policies, identity and HTTPS give ${vendor.name} what it needs to trust the shop`,
  }[judgement.status];
  return judged('trust', judgement, reason);
}

/**
 * Can the assistant buy: through its own checkout protocol when it has one (ChatGPT: ACP; Google: UCP and
 * merchant listing data), else as a browser agent on the shop's own pages. A protocol path that is not ready
 * while the browser path works is a warning: the agent can still buy, the shop misses the native checkout.
 */
export function buyStep(vendor: AssistantVendor, byId: Checks): JudgedStep {
  const browser = judgeStep(BROWSER_BUY, byId);
  if (vendor.nativeCheckout === null) {
    const reason = {
      fail: `${vendor.name} buys through ${vendor.checkoutName}, and cannot: ${firstSummary(browser, '')}`,
      not_assessed: notChecked(browser),
      warn: `${vendor.name} can buy through ${vendor.checkoutName}, with friction: ${firstSummary(browser, '')}`,
      pass: `${vendor.name} can buy through ${vendor.checkoutName}: add-to-cart is a real control and nothing blocks checkout`,
    }[browser.status];
    return judged('buy', browser, reason);
  }

  const native = judgeStep(NATIVE_BUY[vendor.nativeCheckout], byId);
  const checks = [...new Set([...native.checks, ...browser.checks])];
  const step = (status: JudgedStep['status'], reason: string, causes: readonly JudgedCheck[]): JudgedStep => ({
    step: 'buy',
    status,
    checks,
    reason,
    causes: [...new Set(causes.map((check) => check.id))],
  });
  if (native.status === 'pass') return step('pass', `${vendor.name} can buy through ${vendor.checkoutName}`, []);
  if (native.status === 'warn') {
    return step('warn', `${vendor.name} can buy through ${vendor.checkoutName}, with a gap: ${firstSummary(native, '')}`, native.causes);
  }
  const nativeGap = native.status === 'fail' ? `${capitalise(vendor.checkoutName)} is not ready (${firstSummary(native, '')})` : null;
  if (browser.status === 'pass' || browser.status === 'warn') {
    return step(
      'warn',
      `${nativeGap ?? `${capitalise(vendor.checkoutName)} could not be checked (${firstSummary(native, '')})`}; ${vendor.name}'s browser agent can still use the shop's own checkout`,
      [...native.causes, ...browser.causes],
    );
  }
  if (native.status === 'fail' && browser.status === 'fail') {
    return step(
      'fail',
      `${vendor.name} cannot buy: ${nativeGap ?? ''}, and on the shop's own pages ${lowerFirst(firstSummary(browser, ''))}`,
      [...native.causes, ...browser.causes],
    );
  }
  const unknown = native.status === 'not_assessed' ? native : browser;
  return step('not_assessed', `${notChecked(unknown)}${nativeGap ? `; ${nativeGap}` : ''}`, [...native.causes, ...browser.causes]);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
