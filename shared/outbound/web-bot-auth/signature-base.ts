import { sfParameters, sfString, type Parameter } from './structured-fields.js';

/** A covered component: its identifier as it appears in the base (`"@authority"`, `"signature-agent";key="sig1"`) and its value. */
export interface Component {
  name: string;
  /** Component parameters, e.g. key="sig1" or req (a boolean parameter, written bare). */
  parameters?: readonly (Parameter | readonly [name: string, value: true])[];
  value: string;
}

function identifier(component: Component): string {
  const parameters = (component.parameters ?? [])
    .map(([name, value]) => (value === true ? `;${name}` : sfParameters([[name, value]])))
    .join('');
  return `${sfString(component.name)}${parameters}`;
}

/** The `@signature-params` value, which is also the member value of Signature-Input (RFC 9421, section 2.3). */
export function signatureParams(components: readonly Component[], parameters: readonly Parameter[]): string {
  return `(${components.map(identifier).join(' ')})${sfParameters(parameters)}`;
}

/** The signature base of RFC 9421 section 2.5: one line per covered component, then `@signature-params`. */
export function signatureBase(components: readonly Component[], parameters: readonly Parameter[]): string {
  const lines = components.map((component) => {
    if (/[\r\n]/.test(component.value)) throw new Error('A component value is one line');
    return `${identifier(component)}: ${component.value}`;
  });
  return [...lines, `"@signature-params": ${signatureParams(components, parameters)}`].join('\n');
}

/**
 * `@authority` (RFC 9421 section 2.2.3): the target's host, lower case, with its port only when it is
 * not the scheme's default, which is what WHATWG URL's `host` holds.
 */
export function authorityOf(url: URL): string {
  return url.host.toLowerCase();
}
