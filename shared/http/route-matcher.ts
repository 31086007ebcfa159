import { methodsOf, type RouteDef } from '#shared/http/route-types.js';

type Located = Pick<RouteDef, 'method' | 'path'>;

export type RouteMatch<R extends Located> =
  | { kind: 'found'; route: R; pathParameters: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

interface CompiledRoute<R> {
  route: R;
  pattern: RegExp;
  names: string[];
  /** Per segment, 0 for a literal and 1 for a variable: the lower sorts first. */
  specificity: string;
}

function compile<R extends Located>(route: R): CompiledRoute<R> {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  const specificity = route.path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '1' : '0'))
    .join('');
  return { route, pattern: new RegExp(`^${source}$`), names, specificity };
}

/**
 * Matches a method and path against the route table, the way API Gateway does, for `$default` and the dev
 * server: the most specific route wins, a literal segment before a variable one (`/watched-sites/compare`
 * before `/watched-sites/{id}`), whatever the table's order.
 */
export function createRouteMatcher<R extends Located>(table: readonly R[]) {
  const compiled = table.map(compile).sort((a, b) => (a.specificity < b.specificity ? -1 : a.specificity > b.specificity ? 1 : 0));
  return (method: string, rawPath: string): RouteMatch<R> => {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const allow = new Set<string>();
    for (const { route, pattern, names } of compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      if (!methodsOf(route).includes(method.toUpperCase())) {
        methodsOf(route).forEach((allowed) => allow.add(allowed));
        continue;
      }
      const pathParameters: Record<string, string> = {};
      names.forEach((name, index) => {
        pathParameters[name] = safeDecode(match[index + 1] ?? '');
      });
      return { kind: 'found', route, pathParameters };
    }
    return allow.size > 0 ? { kind: 'method_not_allowed', allow: [...allow].sort() } : { kind: 'not_found' };
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
