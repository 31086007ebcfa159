/*
 * The DOM helpers of the pages' code, kept to calls the CSP's Trusted Types rule allows: text is set as text,
 * never as HTML (only the owned report sets HTML, through its own policy: browser/report/owned-report.ts).
 */

/** An element constructor, as `instanceof` reads it: HTMLInputElement, HTMLFormElement, … */
export interface ElementType<T extends Element> {
  new (): T;
  prototype: T;
}

/** The page's element of this id, when it has one of that type; null when the page has none. */
export function optionalById<T extends HTMLElement>(id: string, type: ElementType<T>): T | null {
  const node = document.getElementById(id);
  return node instanceof type ? node : null;
}

/** The page's element of this id, which the page must have: a missing one is a mistake to hear of at once. */
export function byId<T extends HTMLElement>(id: string, type: ElementType<T>): T {
  const node = optionalById(id, type);
  if (!node) throw new Error(`#${id} is not an element of the page (${type.name})`);
  return node;
}

/** The first element under `within` that matches `selector`, when it is of that type. */
export function optionalIn<T extends Element>(within: ParentNode, selector: string, type: ElementType<T>): T | null {
  const node = within.querySelector(selector);
  return node instanceof type ? node : null;
}

/** The first element under `within` that matches `selector`, which must be there. */
export function requiredIn<T extends Element>(within: ParentNode, selector: string, type: ElementType<T>): T {
  const node = optionalIn(within, selector, type);
  if (!node) throw new Error(`${selector} is not an element here (${type.name})`);
  return node;
}

export function clear<T extends Node>(node: T): T {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** A new element, with a class and its text when given. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string | number | null,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** Appends the children that are there (null and false are left out); returns the parent. */
export function append<T extends Node>(parent: T, children: ReadonlyArray<Node | null | undefined | false>): T {
  for (const child of children) if (child) parent.appendChild(child);
  return parent;
}

export function link(href: string, text: string): HTMLAnchorElement {
  const a = el('a', '', text);
  a.href = href;
  return a;
}

/** A cell of `table`: a node as it is, anything else as its text, '-' for none. */
export type Cell = Node | string | number | null | undefined;

/** A table in a region that scrolls sideways on its own (focusable, so the keyboard can scroll it). */
export function table(headings: readonly string[], rows: ReadonlyArray<readonly Cell[]>): HTMLDivElement {
  const wrapper = el('div', 'scroll');
  wrapper.tabIndex = 0;
  const t = el('table');
  const head = el('tr');
  for (const heading of headings) {
    const th = el('th', '', heading);
    th.scope = 'col';
    head.appendChild(th);
  }
  append(t, [append(el('thead'), [head])]);
  const body = el('tbody');
  for (const cells of rows) {
    const tr = el('tr');
    for (const cell of cells) {
      const td = el('td');
      if (cell instanceof Node) td.appendChild(cell);
      else td.textContent = cell === null || cell === undefined ? '-' : String(cell);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  t.appendChild(body);
  wrapper.appendChild(t);
  return wrapper;
}

/** A line that announces an outcome (role=status), referenced by its id. */
export function statusLine(id: string): HTMLParagraphElement {
  const line = el('p', 'notice small');
  line.id = id;
  line.setAttribute('role', 'status');
  return line;
}

/** What a form's input is given when it is made: its type, then DOM properties as the element names them. */
export interface InputSettings {
  type: string;
  id?: string;
  name?: string;
  value?: string;
  checked?: boolean;
  disabled?: boolean;
  required?: boolean;
  maxLength?: number;
  min?: string;
  max?: string;
  step?: string;
  placeholder?: string;
  /** Set as the attribute: the DOM's type of the property lacks tokens such as `url`. */
  autocomplete?: string;
  inputMode?: string;
  spellcheck?: boolean;
  /** The ids of the elements that describe it (its help, the form's error line), space-separated. */
  describedBy?: string;
}

/** A new input: its type first (a value is read by its type), then the other settings. */
export function input({ type, autocomplete, describedBy, ...properties }: InputSettings): HTMLInputElement {
  const node = el('input');
  node.type = type;
  Object.assign(node, properties);
  if (autocomplete) node.setAttribute('autocomplete', autocomplete);
  if (describedBy) node.setAttribute('aria-describedby', describedBy);
  return node;
}

/** A label naming the control of this id. */
export function labelFor(id: string, text: string): HTMLLabelElement {
  const label = el('label', '', text);
  label.htmlFor = id;
  return label;
}

/** A line that announces a refusal (role=alert), referenced by its id. */
export function errorLine(id: string): HTMLParagraphElement {
  const line = el('p', 'notice error');
  line.id = id;
  line.setAttribute('role', 'alert');
  return line;
}

/** A change asks once more in place: a question and two buttons instead of the container's content. */
export function ask(container: HTMLElement, question: string, confirmLabel: string, action: () => void): void {
  const saved = Array.from(container.childNodes);
  clear(container);
  const yes = el('button', '', confirmLabel);
  yes.type = 'button';
  const no = el('button', 'secondary', 'Cancel');
  no.type = 'button';
  no.addEventListener('click', () => {
    clear(container);
    for (const node of saved) container.appendChild(node);
  });
  yes.addEventListener('click', () => {
    yes.disabled = true;
    no.disabled = true;
    action();
  });
  append(container, [el('span', 'small', question), yes, no]);
  yes.focus();
}
