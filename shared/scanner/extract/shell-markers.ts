import type { CheerioAPI } from 'cheerio';
import { elementsNamed } from '#shared/scanner/parse/elements.js';

/** Below this many visible words a page may be an empty client-rendered shell: its markers are read only then. */
export const SSR_WARN_WORDS = 50;

/** Elements client-side frameworks mount into, with how to name them in a summary. */
const MOUNT_POINTS: readonly { selector: string; attribute: string }[] = [
  { selector: '#root', attribute: 'id="root"' },
  { selector: '#app', attribute: 'id="app"' },
  { selector: '#__next', attribute: 'id="__next"' },
  { selector: '#__nuxt', attribute: 'id="__nuxt"' },
  { selector: '#___gatsby', attribute: 'id="___gatsby"' },
  { selector: '#svelte', attribute: 'id="svelte"' },
  { selector: '[ng-app]', attribute: 'ng-app' },
  { selector: '[data-ng-app]', attribute: 'data-ng-app' },
  { selector: '[ng-version]', attribute: 'ng-version' },
  { selector: 'app-root', attribute: '' },
  { selector: '[data-reactroot]', attribute: 'data-reactroot' },
];
const NOSCRIPT_NEEDS_JS = /enable javascript|javascript (?:is )?(?:required|disabled)|requires javascript|turn on javascript/i;

/** What marks a client-rendered app, read while the page is parsed (page-facts.ts). */
export interface ShellMarkers {
  externalScripts: number;
  inlineScriptChars: number;
  /** The first framework mount point, as a tag (`<div id="root">`); null when none. */
  mountMarker: string | null;
  noscriptNeedsJs: boolean;
}

export function readShellMarkers($: CheerioAPI): ShellMarkers {
  const scripts = elementsNamed($, 'script').filter((script) => !/json/i.test(script.attribs.type ?? ''));
  const externalScripts = scripts.filter((script) => script.attribs.src !== undefined).length;
  const inlineScriptChars = scripts.reduce((sum, script) => sum + $(script).text().length, 0);
  const mount = MOUNT_POINTS.find((point) => $(point.selector).length > 0);
  const tag = mount ? ($(mount.selector).first().prop('tagName') ?? 'div').toLowerCase() : null;
  return {
    externalScripts,
    inlineScriptChars,
    mountMarker: mount && tag ? `<${tag}${mount.attribute ? ` ${mount.attribute}` : ''}>` : null,
    noscriptNeedsJs: NOSCRIPT_NEEDS_JS.test($.text(elementsNamed($, 'noscript'))),
  };
}
