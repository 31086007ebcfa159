import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateLlmsTxt } from '#shared/scanner/parse/llms-txt-parser.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** llms.txt (llmstxt.org): a Markdown guide to the site for language models. */
export const llmsTxtDocument = agentDocument({
  signal: 'llms_txt',
  paths: ['/llms.txt'],
  media: mediaRules.markdownText,
  read: (body) => validateLlmsTxt(body),
  checks: ['llms_txt'],
});
