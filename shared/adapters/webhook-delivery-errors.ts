/** Why a delivery got no HTTP status. */
export type DeliveryError = 'timeout' | 'refused' | 'tls' | 'dns' | 'blocked' | 'reset' | 'network';

const messages: Record<DeliveryError, string> = {
  timeout: 'Timed out: the endpoint did not answer within 10 seconds',
  refused: 'Connection refused by the endpoint',
  tls: 'TLS failed: the certificate was not valid for the endpoint',
  dns: 'The endpoint host name does not resolve',
  blocked: 'The endpoint resolves to a private or reserved address, which webhooks may not reach',
  reset: 'The connection was closed before the endpoint answered',
  network: 'The endpoint could not be reached',
};

export function describeDeliveryError(error: DeliveryError): string {
  return messages[error];
}
