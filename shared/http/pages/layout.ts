import type { PageScript } from './assets/browser-files.js';
import { pageScript, stylesheet } from './assets/web-assets.js';
import { html, type SafeHtml } from './html.js';

export const productName = 'Agent Readiness Scanner';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page, for link previews; omitted on pages nobody shares. */
  canonicalUrl?: string;
  /** Reports, sign-in and the dashboard stay out of search engines (a shared link still previews). */
  noindex?: boolean;
  /** The page's bundle (browser/pages/<name>.ts); `site`, what every page runs, when it has none of its own. */
  script?: PageScript;
  /** Scripts of the page's own, before its bundle (the docs page's renderer). */
  extraScripts?: readonly string[];
  /** Main spans the window instead of the reading column. */
  wide?: boolean;
}

function previewTags(meta: PageMeta): SafeHtml {
  return html`<meta property="og:type" content="website">
<meta property="og:site_name" content="${productName}">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
${
  meta.canonicalUrl &&
  html`<meta property="og:url" content="${meta.canonicalUrl}">
<link rel="canonical" href="${meta.canonicalUrl}">`
}
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${meta.title}">
<meta name="twitter:description" content="${meta.description}">`;
}

/** The frame of every web page: head, skip link, header with navigation, main, footer. */
export function layout(meta: PageMeta, main: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
<meta name="referrer" content="no-referrer">
${meta.noindex && html`<meta name="robots" content="noindex">`}
${previewTags(meta)}
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/${stylesheet.file}">
${(meta.extraScripts ?? []).map(
  (src) => html`<script src="${src}" defer></script>
`,
)}<script src="/assets/${pageScript(meta.script ?? 'site').file}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="wrap">
<a class="logo" href="/">${productName}</a>
<nav class="site" aria-label="Main"><ul>
<li><a href="/">Scan a shop</a></li>
<li><a href="/pricing">Pricing</a></li>
<li><a href="/docs">API reference</a></li>
<li id="nav-account"><a href="/sign-in">Sign in</a></li>
</ul></nav>
</div></header>
<main id="main" class="${meta.wide ? 'wide' : 'wrap'}">
${main}
</main>
<footer class="site"><div class="wrap">
<p>${productName} checks whether AI shopping agents can reach a shop, read its products, trust its policies and buy.</p>
</div></footer>
</body>
</html>
`.value;
}
