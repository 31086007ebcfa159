/** Reads a GITHUB_OUTPUT file as the runner does: `name=value` lines and `name<<DELIMITER` blocks. */
export function readOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '') continue;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2]!, index + 1);
      if (end === -1) throw new Error(`no closing delimiter for ${block[1]}`);
      outputs[block[1]!] = lines.slice(index + 1, end).join('\n');
      index = end;
    } else {
      const at = line.indexOf('=');
      if (at < 1) throw new Error(`not an output line: ${line}`);
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}
