/**
 * Soft-404 detection shared by the site-file parsers.
 *
 * Many shops answer any unknown path with 200 and their HTML app shell. A file only counts as
 * present when its body is what it claims to be, so every parser first asks whether the body is
 * really an HTML document.
 */

// Comments may not span `-->`, or a run of comments could be split exponentially many ways.
const HTML_START =
  /^(?:<!--(?:(?!-->)[\s\S])*-->\s*)*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<meta[\s>]|<title[\s>]|<script[\s>])/i;

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** True when the body starts like an HTML page (after an optional BOM, whitespace, XML prolog or comments). */
export function looksLikeHtmlDocument(body: string): boolean {
  const head = stripBom(body)
    .slice(0, 4096)
    .trimStart()
    .replace(/^<\?xml[^>]*\?>\s*/i, '');
  return HTML_START.test(head);
}
