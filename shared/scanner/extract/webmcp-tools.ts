/**
 * WebMCP declarative tools: `<form toolname tooldescription>` turns a form into a tool a browser agent
 * can call, its fields the tool's parameters (Chrome's WebMCP Declarative API,
 * https://developer.chrome.com/docs/ai/webmcp/declarative-api). Without either attribute the browser
 * does not register the tool. Read while the page is parsed (page-facts.ts).
 */
import type { CheerioAPI } from 'cheerio';
import { elementsNamed } from '#shared/scanner/parse/elements.js';

export interface WebMcpTool {
  /** The `toolname`, trimmed; '' when only `tooldescription` is there. */
  name: string;
  /** The `tooldescription`, trimmed; '' when missing. */
  description: string;
  /** The form's `action`, as written ('' when none). */
  action: string;
  /** Both attributes are non-empty: the browser registers the tool. */
  registered: boolean;
}

/** The forms that carry a WebMCP `toolname` or `tooldescription`, in document order. */
export function findWebMcpTools($: CheerioAPI): WebMcpTool[] {
  return elementsNamed($, 'form')
    .filter((form) => form.attribs.toolname !== undefined || form.attribs.tooldescription !== undefined)
    .map((form) => {
      const name = (form.attribs.toolname ?? '').trim();
      const description = (form.attribs.tooldescription ?? '').trim();
      return { name, description, action: form.attribs.action ?? '', registered: name !== '' && description !== '' };
    });
}
