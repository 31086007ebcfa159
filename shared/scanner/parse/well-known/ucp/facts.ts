/**
 * What a profile declares, read from any shape it comes in, so the report says what the shop meant even
 * when the schema refuses the shape: services as the schema's map of binding lists, the older
 * `{"dev.ucp.shopping": {rest: {endpoint}, mcp: {endpoint}}}`, or an array of `{type, transports, capabilities}`;
 * capabilities as a map keyed by name or an array of `{name}`; payment handlers as `ucp.payment_handlers` or the
 * older `payment.handlers` array.
 */

import { arrayOrEmpty, isHttpUrl, isRecord } from '../json-body.js';

export interface Binding {
  transport: string;
  endpoint: string | null;
}

const TRANSPORT_KEYS = ['rest', 'mcp', 'a2a', 'embedded'] as const;

/** Each service declaration: a map's list entries, a map's single objects, or an array's items. */
export function serviceDeclarations(services: unknown): unknown[] {
  const values = isRecord(services) ? Object.values(services) : arrayOrEmpty(services);
  return values.flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value]));
}

export function capabilityNames(capabilities: unknown): string[] {
  if (isRecord(capabilities)) return Object.keys(capabilities);
  return arrayOrEmpty(capabilities).flatMap((entry) =>
    isRecord(entry) && typeof entry.name === 'string' && entry.name !== '' ? [entry.name] : [],
  );
}

export function serviceCapabilityNames(service: unknown): string[] {
  return isRecord(service) ? capabilityNames(service.capabilities) : [];
}

/** A service value: a binding, `{rest|mcp|...: {endpoint}}`, or `{transports: [...]}`. */
export function serviceBindings(service: unknown): Binding[] {
  if (!isRecord(service)) return [];
  const bindings: Binding[] = [];
  if (typeof service.transport === 'string') bindings.push(binding(service.transport, service));
  for (const key of TRANSPORT_KEYS) {
    const value = service[key];
    if (isRecord(value)) bindings.push(binding(key, value));
  }
  for (const transport of arrayOrEmpty(service.transports)) {
    if (typeof transport === 'string') bindings.push({ transport: transport.toLowerCase(), endpoint: null });
    else if (isRecord(transport) && typeof transport.type === 'string') bindings.push(binding(transport.type, transport));
  }
  return bindings;
}

function binding(transport: string, source: Record<string, unknown>): Binding {
  const endpoint = [source.endpoint, source.url].find(isHttpUrl) ?? null;
  return { transport: transport.toLowerCase(), endpoint };
}

/** Reverse-domain names with at least one handler, or the older handlers' `name`/`id`. */
export function paymentHandlerNames(root: Record<string, unknown>, document: Record<string, unknown>): string[] {
  if (isRecord(root.payment_handlers)) {
    return Object.entries(root.payment_handlers)
      .filter(([, entries]) => arrayOrEmpty(entries).length > 0 || isRecord(entries))
      .map(([name]) => name);
  }
  const legacy = [root.payment, document.payment].find(isRecord);
  return arrayOrEmpty(legacy?.handlers).flatMap((handler) => {
    if (!isRecord(handler)) return [];
    const name = [handler.name, handler.id].find((v): v is string => typeof v === 'string' && v !== '');
    return name ? [name] : [];
  });
}
