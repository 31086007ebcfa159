/** The CAPTCHA services a page loads or embeds, read while the page is parsed (page-facts.ts). */
import type { CheerioAPI } from 'cheerio';

interface Marker {
  name: string;
  pattern: RegExp;
}

const CAPTCHAS: readonly Marker[] = [
  { name: 'reCAPTCHA', pattern: /(?:google\.com|recaptcha\.net|gstatic\.com)\/recaptcha/i },
  { name: 'hCaptcha', pattern: /hcaptcha\.com/i },
  { name: 'Cloudflare Turnstile', pattern: /challenges\.cloudflare\.com\/turnstile/i },
  { name: 'Arkose Labs (FunCaptcha)', pattern: /arkoselabs\.com|funcaptcha\.com/i },
  { name: 'GeeTest', pattern: /geetest\.com/i },
];
const CAPTCHA_WIDGETS: readonly [name: string, selector: string][] = [
  ['reCAPTCHA', '.g-recaptcha'],
  ['hCaptcha', '.h-captcha'],
  ['Cloudflare Turnstile', '.cf-turnstile'],
];

/** The CAPTCHA services a page loads (script or iframe source) or embeds as a widget. */
export function readCaptchas($: CheerioAPI): string[] {
  const sources = $('script[src], iframe[src]')
    .toArray()
    .map((el) => el.attribs.src ?? '');
  const fromScripts = CAPTCHAS.filter((c) => sources.some((src) => c.pattern.test(src))).map((c) => c.name);
  const fromWidgets = CAPTCHA_WIDGETS.filter(([, selector]) => $(selector).length > 0).map(([name]) => name);
  return [...new Set([...fromScripts, ...fromWidgets])];
}
