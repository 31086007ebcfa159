import { productPages } from '#test/support/outside-data.js';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { decodeText } from '#shared/outbound/decode-text.js';
import { isConfirmedProduct } from '#shared/scanner/discovery.js';
import { textOnlyPage } from '#test/support/text-only-page.js';
import { splitBySet } from '#test/unit/scanner/extract/page-sets.js';
const corpus = productPages(); if (!corpus.present) throw new Error();
const truth = corpus.groundTruth();
const sets = splitBySet(Object.fromEntries(Object.entries(truth).map(([id, p]) => [id, p.url])));
const mode = process.argv[2] ?? 'recog';
for (const id of Object.keys(truth).sort()) {
  if (sets.get(id) !== 'development') continue;
  const { url } = truth[id]!;
  const text = textOnlyPage(decodeText(corpus.html(id), 'text/html').text);
  const body = Buffer.from(text);
  const page = analysePage(url, 'product', { state: 'fetched', resource: { requestedUrl: url, finalUrl: url, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, redirects: [], body, text, charset: 'utf-8', bytes: body.length, truncated: false, timing: { startedAt: 0, ttfbMs: 0, totalMs: 0 } } } as any);
  const rec = isConfirmedProduct(page);
  const av = page.agentView;
  if (mode === 'recog' && !rec) console.log(id, url.slice(0, 70), 'cart=', JSON.stringify(page.facts?.addToCart), 'price=', av?.price, av?.sources?.price, 'truth', truth[id]!.price);
  if (mode === 'price') { const ok = (truth[id]!.price ?? []).some((l: string) => Number(l) === Number(av?.price)); if (!ok) console.log(id, url.slice(0,60), 'read', av?.price, av?.currency, 'truth', truth[id]!.price, rec ? '' : 'UNREC'); }
  if (mode === 'avail') console.log(id, 'read', av?.availability, 'truth', truth[id]!.availability);
  if (mode === 'sku') console.log(id, 'read', av?.sku, 'truth', truth[id]!.sku);
}
