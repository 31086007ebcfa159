import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { cloudflareWall, homepage, jsonLd, productPage } from '#test/unit/scanner/checks/agentic-commerce/action-fixtures.js';

const { check, run } = checkRunner(agenticCommerceChecks);

const shopifyForm = `<form method="post" action="/cart/add" id="product-form">
  <input type="hidden" name="id" value="4242">
  <label for="size">Size</label><select id="size" name="options[Size]"><option>Small</option><option>Large</option></select>
  <label>Quantity <input type="number" name="quantity" value="1" min="1"></label>
  <button type="submit" name="add" class="product-form__submit">Add to cart</button>
</form>`;

describe('actionable_forms', () => {
  it('passes a native, named submit in a form with labelled inputs', () => {
    const { result } = run('actionable_forms', { products: [productPage(shopifyForm)] });
    expect(result).toMatchObject({ status: 'pass', score: 1 });
    expect(result.summary).toContain('<button type="submit"> "Add to cart"');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/products/item-1',
      value: '<button type="submit"> "Add to cart" in form /cart/add; inputs labelled',
    });
  });

  it('understands other languages and names from aria-label or value', () => {
    const german = productPage('<form action="/checkout/cart/add" method="post"><button type="submit">In den Warenkorb</button></form>');
    const icon = productPage(
      '<form action="/cart/add" method="post"><button type="submit" aria-label="Add to basket"><svg></svg></button></form>',
    );
    const input = productPage('<form action="/cart.php" method="post"><input type="submit" value="Ajouter au panier"></form>');
    const { result } = run('actionable_forms', { products: [german, icon, input] });
    expect(result).toMatchObject({ status: 'pass', score: 1 });
  });

  it('warns on a div that only JavaScript makes clickable', () => {
    const { result } = run('actionable_forms', { products: [productPage('<div class="atc" onclick="addToCart(4242)">Add to cart</div>')] });
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain('a <div> instead of a native button');
  });

  it('warns on unlabelled quantity and variant inputs, naming them', () => {
    const form =
      '<form method="post" action="/cart/add"><select name="options[Colour]"><option>Blue</option></select><input type="number" name="quantity" placeholder="Qty"><button>Add to cart</button></form>';
    const { result } = run('actionable_forms', { products: [productPage(form)] });
    expect(result.status).toBe('warn');
    expect(result.evidence[0]?.value).toContain(
      'unlabelled inputs: <select> name="options[Colour]", <input type="number"> name="quantity"',
    );
  });

  it('warns on an icon-only submit without an accessible name, and on a button outside any form', () => {
    const unnamed = run('actionable_forms', {
      products: [productPage('<form method="post" action="/cart/add"><button type="submit" class="icon"><svg></svg></button></form>')],
    }).result;
    expect(unnamed.status).toBe('warn');
    expect(unnamed.evidence[0]?.value).toBe(
      '<button type="submit"> without an accessible name in form /cart/add: agents cannot tell what it does',
    );
    const loose = run('actionable_forms', { products: [productPage('<button type="button" class="btn">Add to bag</button>')] }).result;
    expect(loose.status).toBe('warn');
    expect(loose.summary).toContain('outside any form');
  });

  it('warns on a script-driven native button outside any form, whatever data-* it carries, and names unlabelled inputs near it', () => {
    // As typical-gaps' stoneware-dinner-plate-set: options and quantity beside a type="button" with a data hook.
    const body = `<header><form action="/search"><input type="search" name="q"></form><select name="currency"><option>GBP</option></select></header>
      <main><div class="product-info"><div class="product-options">
        <div class="option"><span class="option-name">Colour</span><select name="colour"><option>Slate</option></select></div>
        <div class="option"><span class="option-name">Quantity</span><input type="number" name="qty" value="1"></div>
      </div>
      <button type="button" class="btn js-add-to-basket" data-product-id="HL-PLT-4">Add to basket</button></div></main>
      <footer><input type="email" name="newsletter-email"></footer>`;
    const { result } = run('actionable_forms', { products: [productPage(body)] });
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).not.toContain('in a form with labelled inputs');
    expect(result.evidence[0]?.value).toBe(
      '<button type="button"> "Add to basket": outside any form, so it only works with JavaScript; unlabelled inputs: <select> name="colour", <input type="number"> name="qty"',
    );
  });

  it('still warns on a script-driven button outside a form whose nearby inputs are labelled, listing none', () => {
    const body = `<div class="product"><label for="size">Size</label><select id="size" name="size"><option>M</option></select>
      <input type="number" name="quantity" aria-label="Quantity"><button type="button" data-variant-id="7">Add to cart</button></div>`;
    const { result } = run('actionable_forms', { products: [productPage(body)] });
    expect(result.status).toBe('warn');
    expect(result.evidence[0]?.value).toBe('<button type="button"> "Add to cart": outside any form, so it only works with JavaScript');
  });

  // Its speed is measured by npm run bench (CPU per page), not asserted here.
  it('finds the control on a large, deeply nested page without recursing, with a bounded name, and reads each page once', () => {
    const nested = `${'<div class="wrap">'.repeat(3_000)}<span>Add to cart</span>${'</div>'.repeat(3_000)}`;
    const rows = Array.from({ length: 5_000 }, (_, i) => `<div class="row"><span>Item ${i}</span><a href="/p/${i}">View</a></div>`).join(
      '',
    );
    const longButton = `<form action="/cart/add" method="post"><button type="submit">${'Buy it now and save '.repeat(2_000)}</button></form>`;
    const artifacts = buildArtifacts({ products: [productPage(`${nested}${rows}${longButton}`)] });
    const result = check('actionable_forms').evaluate(artifacts);
    expect(check('actionable_forms').advise(result, artifacts).title).toBeTruthy();
    // Read once, while the page was parsed: the check and its advice share that reading.
    const finding = artifacts.productPages[0]?.facts?.addToCart;
    if (!finding) throw new Error('no page facts');
    // The 40,000-character name is read only up to its bound: too long to read as add-to-cart wording.
    expect(finding.control).toMatchObject({ kind: 'native', named: false });
    expect(finding.control?.name.length).toBeLessThanOrEqual(201);
  });

  it('fails when no add-to-cart control is in the raw HTML, and advises a native form', () => {
    const { result, advice } = run('actionable_forms', { products: [productPage('<div id="app"></div>')] });
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toContain('https://shop.example/products/item-1');
    const { snippet, why } = advice();
    expect(snippet).toContain('<button type="submit">Add to cart</button>');
    expect(snippet).toContain('<label for="quantity">Quantity</label>');
    expect(why).toContain('"Blue mug"');
  });

  it('averages over product pages and lists the page that falls short first', () => {
    const { result } = run('actionable_forms', { products: [productPage(shopifyForm), productPage('<p>Call us to order</p>')] });
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain('1 of 2 pages');
    expect(result.evidence[0]?.url).toBe('https://shop.example/products/item-2');
  });

  it('judges the homepage of a homepage-only scan when it sells a product itself', () => {
    const { result } = run('actionable_forms', { homepage: homepage(shopifyForm) });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.url).toBe('https://shop.example/');
  });

  it('is not assessed on a homepage-only scan of a non-product homepage', () => {
    const { result } = run('actionable_forms', { homepage: homepage('<a href="/products/blue-mug">Blue mug</a>') });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('homepage only');
  });

  it('is not assessed when the product page is walled, or sold out without a cart button', () => {
    expect(run('actionable_forms', { products: [cloudflareWall] }).result.summary).toContain('bot wall');
    const soldOut = run('actionable_forms', { products: [productPage('<button disabled>Sold out</button>', jsonLd('OutOfStock'))] }).result;
    expect(soldOut.status).toBe('not_assessed');
    expect(soldOut.summary).toContain('sold out');
  });
});
