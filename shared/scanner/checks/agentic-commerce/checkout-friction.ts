import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readPage, readableProductPages } from '#shared/scanner/checks/read-artifacts.js';
import type { ReadablePage } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';

interface Marker {
  name: string;
  pattern: RegExp;
}

const LOGIN_TO_BUY =
  /\b(?:log ?in|sign ?in|register)\s+(?:to|for)\s+(?:purchase|buy|order|see (?:the )?prices?|view (?:the )?prices?|add to cart)\b|\bmembers[- ]only\b|\bprices? (?:are )?(?:only )?(?:visible|available|shown) (?:to|for|after) (?:registered|logged[- ]in|signed[- ]in|login)|\b(?:anmelden|einloggen),? um (?:preise|zu kaufen|zu bestellen)|\bconnectez-vous pour (?:acheter|commander|voir les prix)|\binicia sesi[oó]n para (?:comprar|ver (?:los )?precios)/i;

/** Express wallets and one-step checkout buttons, read from the raw HTML (scripts included). */
const EXPRESS: readonly Marker[] = [
  { name: 'Shop Pay / Shopify dynamic checkout', pattern: /shopify-payment-button|shop[-_ ]?pay\b|shopPay/i },
  { name: 'Apple Pay', pattern: /apple[-_ ]?pay/i },
  { name: 'Google Pay', pattern: /google[-_ ]?pay|\bgpay\b|pay\.google\.com/i },
  { name: 'PayPal buttons', pattern: /paypal\.com\/sdk\/js|paypal[-_]buttons?|data-paypal/i },
  { name: 'Amazon Pay', pattern: /amazon[-_ ]?pay/i },
  { name: 'Payment Request API', pattern: /\bPaymentRequest\b|payment-request-button/ },
  { name: 'express checkout', pattern: /express[-_ ]checkout/i },
];
/** Guest checkout offered in words a shopper sees. */
const GUEST =
  /\b(?:guest checkout|check ?out as (?:a )?guest|continue as (?:a )?guest|buy as (?:a )?guest|als gast (?:bestellen|fortfahren|kaufen)|commander (?:en tant qu'|comme )invit[ée]|(?:comprar|continuar) como invitado)(?![a-z])/i;

interface Finding {
  url: string;
  marker: string;
}

function captchasOn({ facts, url }: ReadablePage): Finding[] {
  return facts.captchas.map((marker) => ({ url, marker }));
}

function loginToBuyOn({ page, url }: ReadablePage): Finding[] {
  const match = LOGIN_TO_BUY.exec(page.visibleText);
  return match ? [{ url, marker: `"${match[0]}"` }] : [];
}

function expressOn({ page, html, url }: ReadablePage): Finding[] {
  const wallets = EXPRESS.filter((m) => m.pattern.test(html)).map((m) => m.name);
  const guest = GUEST.exec(page.visibleText);
  return [...wallets, ...(guest ? [`"${guest[0]}"`] : [])].map((marker) => ({ url, marker }));
}

function pagesRead(artifacts: Artifacts): { all: ReadablePage[]; products: ReadablePage[] } {
  const home = readPage(artifacts.homepage);
  const products = readableProductPages(artifacts);
  const all = [...(home.readable ? [home.page] : []), ...products.filter((p) => !home.readable || p.url !== home.page.url)];
  return { all, products };
}

function toEvidence(findings: readonly Finding[]): Evidence[] {
  return findings.map((f) => evidence(f.url, f.marker));
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const { all, products } = pagesRead(artifacts);
  if (all.length === 0) {
    const reason = readPage(artifacts.homepage);
    return outcome.notAssessed('Checkout friction not checked: no page could be read.', [
      evidence(artifacts.homepage.url, reason.readable ? null : reason.reason),
    ]);
  }
  // Login walls are judged where buying happens: the product pages, or the homepage when there are none.
  const login = (products.length > 0 ? products : all).flatMap(loginToBuyOn);
  const captchas = all.flatMap(captchasOn);
  const express = all.flatMap(expressOn);
  if (login[0]) {
    return outcome.fail(
      `Buying needs an account: ${login[0].url} says ${login[0].marker}, which stops an agent shopping for a user.`,
      toEvidence([...login, ...captchas]),
    );
  }
  if (captchas[0]) {
    return outcome.warn(
      `A CAPTCHA (${captchas[0].marker}) on ${captchas[0].url} can stop agents before checkout.`,
      toEvidence([...captchas, ...express]),
    );
  }
  if (express.length > 0) {
    const names = [...new Set(express.map((e) => e.marker))].join(', ');
    return outcome.pass(`No CAPTCHA or login wall, and a fast way to pay is visible: ${names}.`, toEvidence(express));
  }
  return outcome.warn(
    'No express wallet or guest checkout is visible in the raw HTML, so agents cannot tell whether buying needs an account.',
    all.map((p) => evidence(p.url, 'no express or guest checkout markers')),
  );
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const { all, products } = pagesRead(artifacts);
  const login = (products.length > 0 ? products : all).flatMap(loginToBuyOn)[0];
  const captcha = all.flatMap(captchasOn)[0];
  const why = because('An agent buying for a user cannot solve CAPTCHAs or create accounts.', result);
  if (login) {
    return {
      title: 'Let shoppers see prices and buy without logging in',
      why,
      fix: `Remove the login requirement (${login.marker} on ${login.url}) for prices and checkout, or at least offer guest checkout; keep accounts optional.`,
      snippet: null,
      effort: 'M',
    };
  }
  if (captcha) {
    return {
      title: 'Keep CAPTCHAs off product pages and the way to checkout',
      why,
      fix: `Load ${captcha.marker} only on forms that need it (contact, account sign-up), not on product pages, the cart or checkout; rely on risk scoring at payment instead of an interactive challenge.`,
      snippet: null,
      effort: 'M',
    };
  }
  return {
    title: 'Offer guest checkout and an express wallet',
    why,
    fix: 'Enable guest checkout and say so on product and cart pages, and add express wallet buttons (Apple Pay, Google Pay, Shop Pay or PayPal) to the product page so a purchase takes one step.',
    snippet: '<p>No account needed: check out as a guest, or pay with Apple Pay or Google Pay.</p>',
    effort: 'S',
  };
}

export const checkoutFrictionCheck: CheckDefinition = {
  id: 'checkout_friction',
  dimension: 'agentic_commerce',
  title: 'Checkout without CAPTCHA or login wall',
  points: 2,
  evaluate,
  advise,
};
