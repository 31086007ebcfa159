/** Why a delivery got no HTTP status. */
export type DeliveryError = 'timeout' | 'refused' | 'tls' | 'dns' | 'blocked' | 'reset' | 'network';

const messages: Record<Exclude<DeliveryError, 'timeout'>, string> = {
  refused: 'Connection refused by the endpoint',
  tls: 'TLS failed: the certificate was not valid for the endpoint',
  dns: 'The endpoint host name does not resolve',
  blocked: 'The endpoint resolves to a private or reserved address, which webhooks may not reach',
  reset: 'The connection was closed before the endpoint answered',
  network: 'The endpoint could not be reached',
};

/** In words, for the caller of a test and the log; a time-out names the time the endpoint had. */
export function describeDeliveryError(error: DeliveryError, timeoutMs: number): string {
  if (error === 'timeout') return `Timed out: the endpoint did not answer within ${formatSeconds(timeoutMs)} seconds`;
  return messages[error];
}

function formatSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
