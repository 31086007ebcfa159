import { escapeHtml } from '../../model/escape-html.js';

/** Markup that is already safe: built by `html` or by this module, never from raw input. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return (part as readonly Part[]).map(render).join('');
  return escapeHtml(String(part));
}

/**
 * HTML from a template whose every interpolation is escaped, unless it is SafeHtml (the result of
 * another `html` template). Arrays are joined; null, undefined and booleans render as nothing, so
 * `${cond && html`...`}` works.
 */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}
