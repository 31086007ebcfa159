import type { Dependencies } from '#shared/dependencies.js';
import { directoryResponse, type DirectoryResponse } from '#shared/outbound/web-bot-auth/index.js';

/**
 * GET /.well-known/http-message-signatures-directory: the key the scanner signs with (and, during a
 * rotation, the next or previous one), and the proof that their holder serves them here. The proof covers the authority of PUBLIC_BASE_URL, the origin every signed
 * scan request names in Signature-Agent, whatever host name the request reached the function by.
 */
export async function signatureDirectory(deps: Pick<Dependencies, 'config' | 'clock' | 'webBotAuthKey'>): Promise<DirectoryResponse> {
  if (!deps.webBotAuthKey) throw new Error('This function was built without webBotAuthKey: add it to its entry point (functions/)');
  return directoryResponse((await deps.webBotAuthKey()).published, new URL(deps.config.publicBaseUrl).host, deps.clock.now());
}
