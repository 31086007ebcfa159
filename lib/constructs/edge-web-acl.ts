import { ArnFormat, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { corsPolicy } from '#shared/http/cors.js';

/** AWS WAF's smallest rate limit. */
const wafMinimumLimit = 10;

/**
 * Per-IP ceilings at the edge (docs/decisions/047-edge-waf.md). They stop floods before API Gateway's
 * shared throttles count them; the service's own per-IP limits (DynamoDB) stay the exact ones.
 * AWS WAF's windows are 60, 120, 300 or 600 seconds.
 */
export function edgeRateRules(publicScanAttemptsPerDay: number) {
  return {
    /** POST /api/scan: one IP's whole daily attempt allowance (PUBLIC_SCAN_ATTEMPTS_PER_DAY) within 5 minutes. */
    publicScan: {
      name: 'PublicScanPerIp',
      limit: Math.max(wafMinimumLimit, publicScanAttemptsPerDay),
      windowSeconds: 300,
      method: 'POST',
      path: '/api/scan',
    },
    /** Every request: 1,000 in 5 minutes (3.3 a second) per IP, far above any client's use of the API and pages. */
    anyRequest: { name: 'RequestsPerIp', limit: 1_000, windowSeconds: 300 },
  } as const;
}

/** The AWS managed common rule set, with the rules that would refuse the API's normal traffic only counted. */
export const commonRuleSet = {
  name: 'AWSManagedRulesCommonRuleSet',
  countOnly: [
    // Batch submissions and Stripe events are bodies over 8 KB; the service caps bodies at 64 KB itself.
    'SizeRestrictions_BODY',
    // API clients need not send a User-Agent.
    'NoUserAgent_HEADER',
    // Scans, watched sites and webhooks are URLs in bodies and queries by design.
    'GenericRFI_BODY',
    'GenericRFI_QUERYARGUMENTS',
    'GenericRFI_URIPATH',
  ],
  /** Stripe's signed events are not inspected: a customer's name could look like markup. */
  skipPathPrefix: '/api/billing/stripe/',
} as const;

export interface EdgeWebAclProps {
  /** The deployment's PUBLIC_SCAN_ATTEMPTS_PER_DAY (serviceSettings or the default). */
  publicScanAttemptsPerDay: number;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

const rateLimitedBody = 'rateLimited';

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

function matches(field: CfnWebACL.FieldToMatchProperty, value: string, position: 'EXACTLY' | 'STARTS_WITH'): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: field,
      positionalConstraint: position,
      searchString: value,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

/** Blocked like the service refuses: 429, Retry-After, a JSON `{"error"}` body a browser may read (CORS). */
function refuseWith429(windowSeconds: number): CfnWebACL.RuleActionProperty {
  return {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: rateLimitedBody,
        responseHeaders: [
          { name: 'retry-after', value: String(windowSeconds) },
          { name: 'access-control-allow-origin', value: corsPolicy.allowOrigins.join(',') },
          { name: 'access-control-expose-headers', value: corsPolicy.exposeHeaders.join(',') },
        ],
      },
    },
  };
}

function rateRule(
  priority: number,
  rule: { name: string; limit: number; windowSeconds: number },
  scopeDown?: CfnWebACL.StatementProperty,
): CfnWebACL.RuleProperty {
  return {
    name: rule.name,
    priority,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit: rule.limit,
        evaluationWindowSec: rule.windowSeconds,
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    action: refuseWith429(rule.windowSeconds),
    visibilityConfig: visibility(rule.name),
  };
}

/**
 * The web ACL of the CloudFront distribution (scope CLOUDFRONT, so its stack is in us-east-1), and its
 * log: every request it sees, with the client's address and the rule that matched; Authorization,
 * Cookie and query strings are replaced before anything is stored.
 */
export class EdgeWebAcl extends Construct {
  readonly webAcl: CfnWebACL;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: EdgeWebAclProps) {
    super(scope, id);
    const { publicScan, anyRequest } = edgeRateRules(props.publicScanAttemptsPerDay);
    const scanRequests: CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [matches({ method: {} }, publicScan.method, 'EXACTLY'), matches({ uriPath: {} }, publicScan.path, 'EXACTLY')],
      },
    };
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${Stack.of(this).stackName}-api`,
      description: 'Per-IP rate limits and common protections in front of the Agent Readiness HTTP API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('ReadinessEdge'),
      // Keys, dashboard sessions and the tokens of mailed links never reach the log or the sampled requests.
      dataProtectionConfig: {
        dataProtections: [
          { field: { fieldType: 'SINGLE_HEADER', fieldKeys: ['authorization', 'cookie'] }, action: 'SUBSTITUTION' },
          { field: { fieldType: 'QUERY_STRING' }, action: 'SUBSTITUTION' },
        ],
      },
      customResponseBodies: {
        [rateLimitedBody]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: 'Rate limit exceeded: too many requests from this address; try again later' }),
        },
      },
      rules: [
        rateRule(0, publicScan, scanRequests),
        rateRule(1, anyRequest),
        {
          name: commonRuleSet.name,
          priority: 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: commonRuleSet.name,
              ruleActionOverrides: commonRuleSet.countOnly.map((name) => ({ name, actionToUse: { count: {} } })),
              scopeDownStatement: { notStatement: { statement: matches({ uriPath: {} }, commonRuleSet.skipPathPrefix, 'STARTS_WITH') } },
            },
          },
          visibilityConfig: visibility(commonRuleSet.name),
        },
      ],
    });

    // WAF only logs to groups whose name starts with aws-waf-logs-, given by an ARN without the ":*".
    this.logGroup = new LogGroup(this, 'Log', {
      logGroupName: `aws-waf-logs-${Stack.of(this).stackName}`,
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
    });
  }
}
