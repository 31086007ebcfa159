/** Building and reading `Entity` values. */
import type { Entity, EntitySource, PropValue } from './types.js';

export function createEntity(source: EntitySource, types: string[] = [], id: string | null = null): Entity {
  // A null-prototype record: property names come from pages (`__proto__`, `constructor`).
  const props = Object.create(null) as Record<string, PropValue[]>;
  return { types, id, props, source };
}

export function addProp(entity: Entity, name: string, value: PropValue): void {
  if (name === '' || value === '') return;
  const list = entity.props[name];
  if (list === undefined) entity.props[name] = [value];
  else list.push(value);
}

export function isEntity(value: unknown): value is Entity {
  return typeof value === 'object' && value !== null && 'types' in value && 'props' in value;
}

export function hasType(entity: Entity, types: ReadonlySet<string>): boolean {
  return entity.types.some((t) => types.has(t));
}

export function values(entity: Entity, prop: string): PropValue[] {
  return entity.props[prop] ?? [];
}

export function entityValues(entity: Entity, prop: string): Entity[] {
  return values(entity, prop).filter(isEntity);
}

/** First non-empty literal of the first listed property that has one, as a trimmed string. */
export function firstText(entity: Entity, ...props: string[]): string | null {
  for (const prop of props) {
    for (const value of values(entity, prop)) {
      if (typeof value === 'string' || typeof value === 'number') {
        const text = String(value).trim();
        if (text !== '') return text;
      }
    }
  }
  return null;
}

/** First literal value (string or number, untrimmed) of the first listed property that has one. */
export function firstLiteral(entity: Entity, ...props: string[]): string | number | null {
  for (const prop of props) {
    for (const value of values(entity, prop)) {
      if (typeof value === 'string' || typeof value === 'number') return value;
    }
  }
  return null;
}
