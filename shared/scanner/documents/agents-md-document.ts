import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateLlmsTxt } from '#shared/scanner/parse/llms-txt-parser.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** agents.md: the same Markdown guide under the name some agents ask for; llms_txt accepts either. */
export const agentsMdDocument = agentDocument({
  signal: null,
  paths: ['/agents.md'],
  media: mediaRules.markdownText,
  read: (body) => validateLlmsTxt(body),
  checks: ['llms_txt'],
});
