import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';

/**
 * One step output in the file GITHUB_OUTPUT names, in GitHub's multiline form (`name<<DELIMITER`, the value,
 * the delimiter), so a value with line breaks, `=` or anything else cannot end early or set another output.
 */
export function outputEntry(name: string, value: string, delimiter = `ghadelimiter_${randomUUID()}`): string {
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name)) throw new Error(`not an output name: ${name}`);
  if (value.split(/\r?\n/).includes(delimiter)) return outputEntry(name, value);
  return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}

/** Appends the outputs to GITHUB_OUTPUT; returns why it could not, for a warning on stderr. */
export async function appendOutputs(file: string, outputs: Record<string, string>): Promise<string | null> {
  try {
    await appendFile(
      file,
      Object.entries(outputs)
        .map(([name, value]) => outputEntry(name, value))
        .join(''),
    );
    return null;
  } catch (error) {
    return `cannot write the step outputs: ${(error as Error).message}`;
  }
}
