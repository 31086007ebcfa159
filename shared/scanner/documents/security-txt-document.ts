import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateSecurityTxt } from '#shared/scanner/parse/security-txt-parser.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** RFC 9116 security.txt, judged against the scan's start for its Expires field. */
export const securityTxtDocument = agentDocument({
  signal: 'security_txt',
  paths: ['/.well-known/security.txt'],
  media: mediaRules.plainText,
  read: (body, { startedAt }) => validateSecurityTxt(body, new Date(startedAt)),
  checks: ['security_txt'],
});
