/**
 * Schemas built the first time a validator needs them, then kept. The scanning Lambda functions import
 * every validator at cold start, building a zod schema costs CPU, and most shops serve only a few of the
 * documents: a schema no scan asks for is never built.
 */

/** `build()`'s value, built on the first call and returned by every later one. */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** As `builtOnFirstUse`, one value per key (a version's rules, an origin's scheme), each built on its first call. */
export function builtPerKey<K, T>(build: (key: K) => T): (key: K) => T {
  const built = new Map<K, T>();
  return (key) => {
    if (!built.has(key)) built.set(key, build(key));
    return built.get(key) as T;
  };
}
