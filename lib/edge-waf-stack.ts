import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { readDeploySettings } from '#lib/deploy-settings.js';
import { loadConfig } from '#shared/config.js';
import { EdgeWebAcl } from '#lib/constructs/edge-web-acl.js';

/**
 * The web ACL of the optional CloudFront distribution (`-c edgeWaf=on`), alone in a stack of its own in
 * us-east-1, where AWS WAF keeps every CLOUDFRONT-scoped web ACL. The service's stack, in its own
 * region, reads the ACL's ARN with a weak cross-region reference (Fn::GetStackOutput).
 */
export class EdgeWafStack extends Stack {
  readonly edge: EdgeWebAcl;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    const settings = readDeploySettings(this);
    this.edge = new EdgeWebAcl(this, 'Edge', {
      logRetention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
      publicScanAttemptsPerDay: loadConfig(settings.serviceSettings).publicScanAttemptsPerDay,
    });
  }
}
