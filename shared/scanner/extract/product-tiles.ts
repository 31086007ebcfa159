/**
 * Controls that sit in repeated tiles: one of three or more sibling elements built alike (same tag, a class
 * in common), each holding one or two of the controls, none holding a main heading. That is how a listing
 * lays out its products, and how a product page lays out the products it recommends or compares; the
 * product's own controls sit beside its title, not in a row of look-alike cards.
 */
import { isTag, type Element } from 'domhandler';

/** Siblings built alike, besides the element itself, that make a row of tiles. */
const MIN_OTHER_TILES = 2;
/** A tile's own controls: its add-to-cart, and a buy-now beside it. */
const MAX_CONTROLS_PER_TILE = 2;

const classes = (element: Element) => (element.attribs.class ?? '').trim().split(/\s+/).filter(Boolean);

/** Built alike: the same tag, and a class in common (a featured tile's "featured card" beside "card"), or neither has one. */
function alike(a: Element, b: Element): boolean {
  if (a.name !== b.name) return false;
  const [ofA, ofB] = [classes(a), classes(b)];
  return ofA.length === 0 ? ofB.length === 0 : ofB.some((name) => ofA.includes(name));
}

/** Of `controls`, those inside a tile of a row of tiles; `headings`: the page's shown main headings (h1). */
export function controlsInTiles(controls: readonly Element[], headings: readonly Element[]): Set<Element> {
  const held = new Map<Element, number>();
  for (const control of controls)
    for (let node: Element | null = control; node !== null; node = node.parent !== null && isTag(node.parent) ? node.parent : null)
      held.set(node, (held.get(node) ?? 0) + 1);
  const holdsHeading = new Set<Element>();
  for (const heading of headings)
    for (let node: Element | null = heading; node !== null; node = node.parent !== null && isTag(node.parent) ? node.parent : null)
      holdsHeading.add(node);
  const isTile = (element: Element) => {
    const count = held.get(element) ?? 0;
    return count >= 1 && count <= MAX_CONTROLS_PER_TILE && !holdsHeading.has(element);
  };
  const tiled = new Set<Element>();
  for (const control of controls) {
    for (let node: Element = control; node.parent !== null && isTag(node.parent); node = node.parent) {
      if (!isTile(node)) break;
      const row = node.parent.children.filter((sibling): sibling is Element => isTag(sibling) && alike(sibling, node) && isTile(sibling));
      if (row.length > MIN_OTHER_TILES) {
        tiled.add(control);
        break;
      }
    }
  }
  return tiled;
}
