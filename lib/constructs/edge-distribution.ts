import { Duration, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { originVerifyHeader } from '#shared/http/client-address.js';

export interface EdgeDistributionProps {
  api: HttpApi;
  /** ARN of the CLOUDFRONT-scoped web ACL (lib/edge-waf-stack.ts, us-east-1). */
  webAclArn: string;
  removalPolicy: RemovalPolicy;
}

/**
 * CloudFront in front of the HTTP API, so AWS WAF can see every request first. Nothing is cached; every
 * viewer header but Host reaches the API, with CloudFront-Viewer-Address (the client's address) and
 * X-Origin-Verify, a generated secret that proves to the functions that CloudFront sent the request
 * (shared/http/client-address.ts). IPv6 is off: per-IP limits count one address, and an IPv6 client
 * usually holds a whole /64 of them.
 */
export class EdgeDistribution extends Construct {
  readonly distribution: Distribution;
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: EdgeDistributionProps) {
    super(scope, id);
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'Sent by the CloudFront distribution in X-Origin-Verify; the functions trust CloudFront-Viewer-Address only with it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    const stack = Stack.of(this);
    const origin = new HttpOrigin(`${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // API Gateway answers within its 30-second integration limit.
      readTimeout: Duration.seconds(30),
      // A resolved dynamic reference: the value is in neither the template nor the code.
      customHeaders: { [originVerifyHeader]: this.originSecret.secretValue.unsafeUnwrap() },
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${stack.stackName}: the HTTP API behind AWS WAF`,
      defaultBehavior: {
        origin,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        // The functions compress their own answers.
        compress: false,
      },
      webAclId: props.webAclArn,
      enableIpv6: false,
      httpVersion: HttpVersion.HTTP2,
    });
  }

  /** The https base URL clients use instead of the execute-api one. */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
