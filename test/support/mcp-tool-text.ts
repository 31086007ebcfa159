import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

type ToolAnswer = Awaited<ReturnType<Client['callTool']>>;

/** A tool answer's text parts, joined: what a client shows a person. */
export function textOf(result: ToolAnswer): string {
  return (result.content as Array<{ text: string }>).map((part) => part.text).join('\n');
}
