import vm from 'node:vm';
import * as cheerio from 'cheerio';

/** Just enough of a DOM element for the sign-in page's script (browser/sign-in/sign-in-link.ts). */
export class FakeElement {
  textContent = '';
  disabled = false;
  hidden = false;
  type = '';
  readonly children: FakeElement[] = [];
  private readonly listeners: (() => void)[] = [];

  constructor(readonly tagName: string) {}

  appendChild(child: FakeElement): FakeElement {
    this.children.push(child);
    return child;
  }

  addEventListener(type: string, listener: () => void): void {
    if (type === 'click') this.listeners.push(listener);
  }

  click(): void {
    if (!this.disabled) for (const listener of this.listeners) listener();
  }

  /** Own text and every descendant's, as the real textContent getter would read. */
  get allText(): string {
    return [this.textContent, ...this.children.map((child) => child.allText)].join(' ');
  }
}

export interface FakeResponse {
  status: number;
  body: unknown;
}

/** Runs the page's inline script against fake browser globals; `search` is the address's query, e.g. `?token=abc`. */
export function runPageScript(html: string, search: string, respond: () => FakeResponse = () => ({ status: 200, body: {} })) {
  const $ = cheerio.load(html);
  const elements = new Map<string, FakeElement>();
  $('[id]').each((_, node) => void elements.set($(node).attr('id')!, new FakeElement(node.tagName)));

  const location = { pathname: '/api/v1/auth/verify', search };
  const fetches: { url: string; init: { method: string; headers: Record<string, string>; body: string } }[] = [];
  const copied: string[] = [];
  const globals = {
    // The element types the script checks its elements against (browser/shared/dom.ts `byId`).
    HTMLElement: FakeElement,
    HTMLButtonElement: FakeElement,
    URLSearchParams,
    location,
    history: {
      replaceState(_state: unknown, _title: string, url: string) {
        const next = new URL(url, 'https://scanner.example');
        location.pathname = next.pathname;
        location.search = next.search;
      },
    },
    document: {
      getElementById: (id: string) => elements.get(id) ?? null,
      createElement: (tag: string) => new FakeElement(tag),
    },
    navigator: { clipboard: { writeText: async (text: string) => void copied.push(text) } },
    fetch: async (url: string, init: (typeof fetches)[number]['init']) => {
      fetches.push({ url, init });
      const { status, body } = respond();
      return { status, json: async () => body };
    },
  };
  vm.runInContext($('script:not([src])').text(), vm.createContext(globals));

  return { element: (id: string) => elements.get(id)!, location, fetches, copied };
}

/** Lets the script's promise chain finish. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
