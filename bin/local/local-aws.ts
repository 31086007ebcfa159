/** Local stand-ins accept any credentials; these fixed ones keep a developer's real keys out of play. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function localClientConfig(endpoint: string, region: string) {
  return { endpoint, region, credentials: localCredentials };
}
