/**
 * Controls that sit in repeated tiles: one of three or more sibling elements built alike (same tag, same
 * first class), each holding one or two of the controls, none holding a main heading. That is how a listing
 * lays out its products, and how a product page lays out the products it recommends or compares; the
 * product's own controls sit beside its title, not in a row of look-alike cards.
 */
import { isTag, type Element } from 'domhandler';

/** Siblings built alike, besides the element itself, that make a row of tiles. */
const MIN_OTHER_TILES = 2;
/** A tile's own controls: its add-to-cart, and a buy-now beside it. */
const MAX_CONTROLS_PER_TILE = 2;

const signature = (element: Element) => `${element.name} ${(element.attribs.class ?? '').trim().split(/\s+/)[0] ?? ''}`;

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
      const alike = signature(node);
      const row = node.parent.children.filter(
        (sibling): sibling is Element => isTag(sibling) && signature(sibling) === alike && isTile(sibling),
      );
      if (row.length > MIN_OTHER_TILES) {
        tiled.add(control);
        break;
      }
    }
  }
  return tiled;
}
