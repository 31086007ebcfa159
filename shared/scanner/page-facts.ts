import type { CheerioAPI } from 'cheerio';
import { findAddToCart, type CartFinding } from '#shared/scanner/extract/add-to-cart.js';
import { readCaptchas } from '#shared/scanner/extract/captchas.js';
import { countBuyBoxControls, type BuyBoxControls } from '#shared/scanner/extract/buy-box-controls.js';
import { findSiteSearch, type SiteSearch } from '#shared/scanner/extract/site-search-form.js';
import { findVariantSelectors, type VariantSelector } from '#shared/scanner/extract/variant-selectors.js';
import { findWebMcpTools, type WebMcpTool } from '#shared/scanner/extract/webmcp-tools.js';
import { readShellMarkers, SSR_WARN_WORDS, type ShellMarkers } from '#shared/scanner/extract/shell-markers.js';
import type { Entity } from '#shared/scanner/extract/types.js';
import { pricesShown, type VisiblePrice } from '#shared/scanner/extract/visible-prices.js';
import { metaRefreshTarget } from '#shared/scanner/parse/meta-refresh.js';
import { foldWhitespace as fold } from '#shared/scanner/visible-text.js';
import { elementsNamed, lowerAttr } from '#shared/scanner/parse/elements.js';

export interface Anchor {
  /** As written (resolve against the page URL). */
  href: string;
  /** Visible text, whitespace folded. */
  text: string;
  /** aria-label and title, when given. */
  label: string;
}

export interface LinkElement {
  rel: string;
  type: string;
  href: string;
  title: string;
}

/**
 * Everything the checks read from a page's markup, read once while it is parsed: the tree itself is
 * then released, so a scan holds one parsed page at a time however many pages it reads (a 2 MiB
 * page's tree is about 10 MB).
 */
export interface PageFacts {
  title: string;
  /** `<html lang>`, as written. */
  lang: string;
  /** The first h1's text, whitespace folded. */
  h1: string;
  /** Where `<meta http-equiv="refresh">` sends a reader soon (resolved); null when nowhere. */
  metaRefresh: string | null;
  /** `<meta name content>` pairs, names lower-cased. */
  metas: Array<{ name: string; content: string }>;
  /** The first `<link rel=canonical>`'s href, as written. */
  canonical: string | null;
  anchors: Anchor[];
  /** `<link rel href>` elements of the page. */
  links: LinkElement[];
  /** Client-rendered app markers; read only on a page with little text (the only kind they can make a shell). */
  shell: ShellMarkers | null;
  siteSearch: SiteSearch;
  addToCart: CartFinding;
  /** The product's own deal and stock-alert controls where a shop's add-to-cart would stand (buy-box-controls.ts). */
  buyBoxControls: BuyBoxControls;
  captchas: string[];
  variantSelectors: VariantSelector[];
  pricesShown: VisiblePrice[];
  /** Forms declared as WebMCP tools (`toolname` / `tooldescription`). */
  webMcpTools: WebMcpTool[];
}

function firstText($: CheerioAPI, name: string): string {
  const first = elementsNamed($, name)[0];
  return first ? $.text([first]) : '';
}

export function readPageFacts($: CheerioAPI, context: { url: string; wordCount: number; entities: readonly Entity[] }): PageFacts {
  const linkElements = elementsNamed($, 'link').filter((el) => el.attribs.rel !== undefined && el.attribs.href !== undefined);
  const canonical = linkElements.find((el) => lowerAttr(el, 'rel').split(/\s+/).includes('canonical'));
  return {
    title: firstText($, 'title').trim(),
    lang: elementsNamed($, 'html')[0]?.attribs.lang ?? '',
    h1: fold(firstText($, 'h1')),
    metaRefresh: metaRefreshTarget($, context.url),
    metas: elementsNamed($, 'meta')
      .filter((el) => el.attribs.name !== undefined && el.attribs.content !== undefined)
      .map((el) => ({ name: (el.attribs.name ?? '').trim().toLowerCase(), content: el.attribs.content ?? '' })),
    canonical: canonical?.attribs.href?.trim() ?? null,
    anchors: elementsNamed($, 'a')
      .filter((el) => el.attribs.href !== undefined)
      .map((el) => ({
        href: el.attribs.href ?? '',
        text: fold($.text([el])),
        label: fold([el.attribs['aria-label'], el.attribs.title].filter(Boolean).join(' ')),
      })),
    links: linkElements.map((el) => ({
      rel: lowerAttr(el, 'rel'),
      type: el.attribs.type ?? '',
      href: el.attribs.href ?? '',
      title: el.attribs.title ?? '',
    })),
    shell: context.wordCount < SSR_WARN_WORDS ? readShellMarkers($) : null,
    siteSearch: findSiteSearch($, context.entities, context.url),
    addToCart: findAddToCart($),
    buyBoxControls: countBuyBoxControls($),
    captchas: readCaptchas($),
    variantSelectors: findVariantSelectors($),
    pricesShown: pricesShown($),
    webMcpTools: findWebMcpTools($),
  };
}
