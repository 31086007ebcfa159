/**
 * The few Structured Field serialisations (RFC 9651) a signature needs: strings, integers, byte
 * sequences and inner lists with parameters. Values are produced here, never parsed.
 */
export type Parameter = readonly [name: string, value: string | number];

export function sfString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error('A structured-field string is printable ASCII');
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function sfInteger(value: number): string {
  if (!Number.isInteger(value) || Math.abs(value) > 999_999_999_999_999) throw new Error('Not a structured-field integer');
  return String(value);
}

export function sfBytes(value: Buffer): string {
  return `:${value.toString('base64')}:`;
}

export function sfParameters(parameters: readonly Parameter[]): string {
  return parameters.map(([name, value]) => `;${name}=${typeof value === 'number' ? sfInteger(value) : sfString(value)}`).join('');
}
