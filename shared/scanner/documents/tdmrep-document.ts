import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateTdmrepJson } from '#shared/scanner/parse/tdmrep.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** W3C TDMRep rules for the site, one of the usage preferences content_signals compares. */
export const tdmrepDocument = agentDocument({
  signal: null,
  paths: ['/.well-known/tdmrep.json'],
  media: mediaRules.json,
  read: (body) => validateTdmrepJson(body),
  checks: ['content_signals'],
});
