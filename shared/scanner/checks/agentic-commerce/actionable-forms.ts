import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readPage } from '#shared/scanner/checks/read-artifacts.js';
import type { ReadablePage } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import type { CartFinding } from '#shared/scanner/extract/add-to-cart.js';

const UNSELLABLE = new Set(['OutOfStock', 'SoldOut', 'Discontinued']);

interface PageVerdict {
  url: string;
  finding: CartFinding;
  score: number;
  /** What an agent meets on this page, for summaries and evidence. */
  detail: string;
}

function judge(url: string, finding: CartFinding): PageVerdict {
  const { control, unlabelled } = finding;
  if (control === null) return { url, finding, score: 0, detail: 'no add-to-cart control in the raw HTML' };
  const named = control.name ? `"${control.name}"` : 'without an accessible name';
  const problems = [
    control.kind !== 'native' ? `${control.kind === 'link' ? 'a link' : `a ${control.tag}`} instead of a native button` : null,
    control.kind === 'native' && !control.named
      ? control.name
        ? 'its name does not say "add to cart"'
        : 'agents cannot tell what it does'
      : null,
    control.kind === 'native' && !control.actionable ? 'outside any form, so it only works with JavaScript' : null,
    unlabelled.length > 0 ? `unlabelled inputs: ${unlabelled.join(', ')}` : null,
  ].filter((p): p is string => p !== null);
  const found = `${control.tag} ${named}${control.form ? ` in form ${control.form.action ?? '(no action)'}` : ''}`;
  if (problems.length === 0) return { url, finding, score: 1, detail: `${found}; inputs labelled` };
  return { url, finding, score: 0.5, detail: `${found}: ${problems.join('; ')}` };
}

/** Product pages to judge, or the homepage when the scan has none but it sells a product itself. */
function pagesToJudge(artifacts: Artifacts): { pages: ReadablePage[]; skipped: string[] } {
  const skipped: string[] = [];
  const pages: ReadablePage[] = [];
  for (const page of artifacts.productPages) {
    const reading = readPage(page);
    if (reading.readable) pages.push(reading.page);
    else skipped.push(`${page.url} ${reading.reason}`);
  }
  if (artifacts.productPages.length > 0) return { pages, skipped };
  const home = readPage(artifacts.homepage);
  if (home.readable && home.page.facts.addToCart.control !== null) return { pages: [home.page], skipped };
  return { pages, skipped };
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const { pages, skipped } = pagesToJudge(artifacts);
  const verdicts: PageVerdict[] = [];
  const soldOut: string[] = [];
  for (const page of pages) {
    const finding = page.facts.addToCart;
    const availability = page.page.product?.availability;
    // A sold-out product rightly shows no add-to-cart; it says nothing about the shop's controls.
    if (finding.control === null && availability && UNSELLABLE.has(availability)) soldOut.push(page.url);
    else verdicts.push(judge(page.url, finding));
  }

  if (verdicts.length === 0) {
    const reason =
      soldOut.length > 0
        ? `the product pages are sold out (${soldOut.join(', ')})`
        : skipped.length > 0
          ? `no product page could be read (${skipped.join('; ')})`
          : artifacts.productPageBudget === 0
            ? 'this scan covers the homepage only, and it is not a product page'
            : 'no product page was found';
    return outcome.notAssessed(`Add-to-cart not checked: ${reason}.`, [evidence(artifacts.homepage.url, reason)]);
  }

  const score = verdicts.reduce((sum, v) => sum + v.score, 0) / verdicts.length;
  const short = verdicts.filter((v) => v.score < 1);
  const proof = [...short, ...verdicts.filter((v) => v.score === 1)].map((v) => evidence(v.url, v.detail));
  const first = short[0];
  if (first === undefined) {
    const control = verdicts[0]?.finding.control;
    return outcome.fraction(
      1,
      `Add-to-cart is a native, named button in a form with labelled inputs (e.g. ${control?.tag ?? ''} "${control?.name ?? ''}").`,
      proof,
    );
  }
  const where = verdicts.length > 1 ? `${short.length} of ${verdicts.length} pages; ` : '';
  if (score === 0) return outcome.fraction(0, `Agents find no add-to-cart button in the raw HTML (${where}${first.url}).`, proof);
  return outcome.fraction(score, `Agents can reach add-to-cart only with difficulty (${where}${first.url}: ${first.detail}).`, proof);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const { pages } = pagesToJudge(artifacts);
  const verdicts = pages.map((page) => judge(page.url, page.facts.addToCart));
  const worst = verdicts.find((v) => v.score < 1) ?? verdicts[0];
  const product = pages.find((p) => p.url === worst?.url)?.page.product?.name;
  const action = worst?.finding.control?.form?.action;
  const snippet =
    artifacts.platform.platform === 'woocommerce'
      ? [
          `<form class="cart" method="post" action="${action ?? worst?.url ?? ''}">`,
          '  <label for="quantity">Quantity</label>',
          '  <input id="quantity" name="quantity" type="number" min="1" value="1">',
          '  <button type="submit" name="add-to-cart" value="PRODUCT_ID">Add to cart</button>',
          '</form>',
        ].join('\n')
      : [
          `<form method="post" action="${action ?? '/cart/add'}">`,
          '  <input type="hidden" name="id" value="VARIANT_ID">',
          '  <label for="quantity">Quantity</label>',
          '  <input id="quantity" name="quantity" type="number" min="1" value="1">',
          '  <button type="submit">Add to cart</button>',
          '</form>',
        ].join('\n');
  return {
    title: 'Make add-to-cart a native, labelled button in a form',
    why: because(
      `Browsing agents look for a button named like "Add to cart" and fill labelled inputs${product ? ` to buy "${product}"` : ''}.`,
      result,
    ),
    fix: 'Render the add-to-cart control server-side as a <button type="submit"> (or <input type="submit">) with visible text or aria-label "Add to cart", inside the product form with a real action URL; give every quantity and variant input a <label for>, a wrapping <label> or aria-label. Keep JavaScript enhancements on top of the form, not instead of it.',
    snippet,
    effort: 'M',
  };
}

export const actionableFormsCheck: CheckDefinition = {
  id: 'actionable_forms',
  dimension: 'agentic_commerce',
  title: 'Add-to-cart agents can operate',
  points: 3,
  evaluate,
  advise,
};
