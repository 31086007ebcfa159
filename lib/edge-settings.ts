import type { Construct } from 'constructs';

/**
 * `-c edgeWaf=on` puts a CloudFront distribution with an AWS WAF web ACL in front of the HTTP API
 * (HTTP APIs cannot be associated with WAF themselves). Default `off`: clients call the API directly.
 */
export interface EdgeSettings {
  enabled: boolean;
}

export class EdgeSettingsError extends Error {}

export function readEdgeSettings(scope: Construct): EdgeSettings {
  const raw: unknown = scope.node.tryGetContext('edgeWaf');
  if (raw === undefined || raw === null || raw === '' || raw === 'off' || raw === false) return { enabled: false };
  if (raw === 'on' || raw === true) return { enabled: true };
  throw new EdgeSettingsError(`Context value "edgeWaf" must be "on" or "off", got ${JSON.stringify(raw)}`);
}

/** A web ACL for CloudFront must be created in us-east-1, whatever region the service runs in. */
export const edgeWebAclRegion = 'us-east-1';
