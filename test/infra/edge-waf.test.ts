import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { families } from '#shared/http/route-types.js';
import { originVerifyHeader } from '#shared/http/client-address.js';
import { workerNames } from '#lib/function-catalog.js';
import { commonRuleSet, edgeRateRules } from '#lib/constructs/edge-web-acl.js';
import { EdgeSettingsError } from '#lib/edge-settings.js';
import { repoRoot } from '#lib/paths.js';
import { createReadinessApp } from '#lib/readiness-app.js';
import type { EdgeWafStack } from '#lib/edge-waf-stack.js';
import type { ReadinessStack } from '#lib/readiness-stack.js';
import { buildApp, referencedIds, defaultApp } from '#test/infra/support/readiness-app.js';

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };
type Json = Record<string, unknown>;
interface RateRule {
  Name: string;
  Priority: number;
  Statement: { RateBasedStatement: Json & { ScopeDownStatement?: Json } };
  Action: {
    Block: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string; ResponseHeaders: { Name: string; Value: string }[] } };
  };
}
interface ManagedRule {
  Name: string;
  OverrideAction: Json;
  Statement: { ManagedRuleGroupStatement: Json & { RuleActionOverrides: { Name: string; ActionToUse: Json }[]; ScopeDownStatement: Json } };
}
interface WebAclProperties {
  Rules: (RateRule | ManagedRule)[];
  CustomResponseBodies: Record<string, { Content: string }>;
}
interface DistributionConfig {
  Origins: { DomainName: unknown; CustomOriginConfig: Json; OriginCustomHeaders: { HeaderName: string; HeaderValue: unknown }[] }[];
  DefaultCacheBehavior: Json;
  IPV6Enabled: boolean;
  WebACLId: { 'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string } };
}

function webAclOf(template: Template): WebAclProperties {
  return only(template, 'AWS::WAFv2::WebACL').Properties as unknown as WebAclProperties;
}

function distributionOf(template: Template): DistributionConfig {
  return only(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig as DistributionConfig;
}

const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const env = { account: '123456789012', region: 'eu-west-2' };

function synthesiseWithEdge(context: Record<string, unknown> = {}) {
  const built = createReadinessApp(
    { context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], edgeWaf: 'on', ...context }, builtinCloudFormationValidation: true },
    { env },
  );
  return { ...built, edgeStack: built.edgeStack! };
}

function resourcesOf(template: Template, type: string): Resource[] {
  return Object.values(template.findResources(type)) as Resource[];
}

function only(template: Template, type: string): Resource {
  const found = resourcesOf(template, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

/** Acknowledged rule ids with their reasons, by construct path. */
function acknowledgements(stack: Stack): { path: string; id: string; reason: string }[] {
  return stack.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ path: construct.node.path, id: id.replace(/^annotation::/i, ''), reason })),
  );
}

describe('-c edgeWaf=on: CloudFront and an AWS WAF web ACL in front of the HTTP API', () => {
  let stack: ReadinessStack;
  let edgeStack: EdgeWafStack;
  let service: Template;
  let edge: Template;

  beforeAll(() => {
    // Synthesis throws on any unacknowledged cdk-nag finding and on CloudFormation schema errors.
    ({ stack, edgeStack } = synthesiseWithEdge());
    service = Template.fromStack(stack);
    edge = Template.fromStack(edgeStack);
  });

  it('synthesises both stacks with no unacknowledged cdk-nag finding, error or warning', () => {
    for (const each of [stack, edgeStack]) {
      const report = new AwsSolutionsChecks().validateScope(each);
      expect(
        report.violations.map(
          (violation) => `${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`,
        ),
      ).toEqual([]);
      const annotations = Annotations.fromStack(each);
      expect(annotations.findError('*', Match.anyValue())).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    }
  });

  it('puts the web ACL, scoped to CloudFront, in a us-east-1 stack and the service in its own region', () => {
    expect(edgeStack.region).toBe('us-east-1');
    expect(stack.region).toBe(env.region);
    expect(only(edge, 'AWS::WAFv2::WebACL').Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(resourcesOf(service, 'AWS::WAFv2::WebACL')).toEqual([]);
    expect(resourcesOf(edge, 'AWS::CloudFront::Distribution')).toEqual([]);
  });

  it('limits each IP by a rate-based rule on POST /api/scan and one on every request, refusing with 429 and Retry-After', () => {
    const acl = webAclOf(edge);
    const byName = new Map(acl.Rules.map((rule) => [rule.Name, rule]));
    const scan = byName.get(edgeRateRules(10).publicScan.name) as RateRule;
    expect(scan.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: 10, EvaluationWindowSec: 300 });
    const scopeDown = JSON.stringify(scan.Statement.RateBasedStatement.ScopeDownStatement);
    expect(scopeDown).toContain('"SearchString":"POST"');
    expect(scopeDown).toContain('"SearchString":"/api/scan"');
    const any = byName.get(edgeRateRules(10).anyRequest.name) as RateRule;
    expect(any.Statement.RateBasedStatement).toEqual({ AggregateKeyType: 'IP', Limit: 1_000, EvaluationWindowSec: 300 });
    for (const rule of [scan, any]) {
      const response = rule.Action.Block.CustomResponse;
      expect(response.ResponseCode).toBe(429);
      expect(response.ResponseHeaders).toEqual(
        expect.arrayContaining([
          { Name: 'retry-after', Value: '300' },
          { Name: 'access-control-allow-origin', Value: '*' },
        ]),
      );
      expect(JSON.parse(acl.CustomResponseBodies[response.CustomResponseBodyKey]!.Content)).toEqual({
        error: expect.stringMatching(/rate limit/i),
      });
    }
    // The narrower scan rule is evaluated first.
    expect(scan.Priority).toBeLessThan(any.Priority);
  });

  it('adds the AWS common rule set, counting only the rules the API would trip by design and skipping Stripe events', () => {
    const managed = webAclOf(edge).Rules.find((rule) => rule.Name === commonRuleSet.name) as ManagedRule;
    expect(managed.OverrideAction).toEqual({ None: {} });
    const statement = managed.Statement.ManagedRuleGroupStatement;
    expect(statement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    expect(statement.RuleActionOverrides.map((override) => override.Name).sort()).toEqual([...commonRuleSet.countOnly].sort());
    for (const override of statement.RuleActionOverrides) expect(override.ActionToUse).toEqual({ Count: {} });
    expect(JSON.stringify(statement.ScopeDownStatement)).toContain('/api/billing/stripe/');
  });

  it('logs the web ACL to an aws-waf-logs- group, with keys, cookies and query strings replaced', () => {
    const logging = only(edge, 'AWS::WAFv2::LoggingConfiguration').Properties as { ResourceArn: unknown; LogDestinationConfigs: unknown[] };
    expect(referencedIds(logging.ResourceArn)).toEqual([edgeStack.getLogicalId(edgeStack.edge.webAcl)]);
    // WAF takes the group's ARN without the ":*" that CloudWatch Logs' own ARN attribute ends with.
    expect(JSON.stringify(logging.LogDestinationConfigs)).toContain('"arn:aws:logs:us-east-1:123456789012:log-group:"');
    expect(JSON.stringify(logging.LogDestinationConfigs)).not.toContain(':*');
    expect(referencedIds(logging.LogDestinationConfigs)).toEqual([
      edgeStack.getLogicalId(edgeStack.edge.logGroup.node.defaultChild as never),
    ]);
    expect(only(edge, 'AWS::Logs::LogGroup').Properties).toMatchObject({
      LogGroupName: 'aws-waf-logs-AgentReadiness-dev-Edge',
      RetentionInDays: 30,
    });
    const protections = ((webAclOf(edge) as unknown as Json).DataProtectionConfig as { DataProtections: unknown[] }).DataProtections;
    expect(protections).toEqual(
      expect.arrayContaining([
        { Field: { FieldType: 'SINGLE_HEADER', FieldKeys: ['authorization', 'cookie'] }, Action: 'SUBSTITUTION' },
        { Field: { FieldType: 'QUERY_STRING' }, Action: 'SUBSTITUTION' },
      ]),
    );
  });

  it('points the distribution at the HTTP API, through the web ACL, caching nothing and forwarding every viewer header but Host', () => {
    const config = distributionOf(service);
    const origin = config.Origins[0]!;
    expect(referencedIds(origin.DomainName)).toContain(stack.getLogicalId(stack.http.api.node.defaultChild as never));
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.eu-west-2.');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(config.DefaultCacheBehavior).toMatchObject({
      // Managed CachingDisabled and AllViewerExceptHostHeader (API Gateway needs its own Host).
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    });
    expect(config.IPV6Enabled).toBe(false);
    // The web ACL's ARN, read from the us-east-1 stack's output (a weak cross-region reference).
    const webAclId = config.WebACLId;
    expect(webAclId['Fn::GetStackOutput']).toMatchObject({ StackName: edgeStack.stackName, Region: 'us-east-1' });
    const output = edge.toJSON().Outputs[webAclId['Fn::GetStackOutput'].OutputName] as { Value: unknown };
    expect(output.Value).toEqual({ 'Fn::GetAtt': [edgeStack.getLogicalId(edgeStack.edge.webAcl), 'Arn'] });
    expect(stack.dependencies).toContain(edgeStack);
  });

  it('sends the generated origin secret in X-Origin-Verify and gives the same secret to every API function, never to a worker', () => {
    const [header] = distributionOf(service).Origins[0]!.OriginCustomHeaders;
    expect(header!.HeaderName).toBe(originVerifyHeader);
    const secretId = stack.getLogicalId(stack.edge!.originSecret.node.defaultChild as never);
    const dynamicReference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
    expect(header!.HeaderValue).toEqual(dynamicReference);
    const functions = service.toJSON().Resources as Record<string, Resource>;
    for (const family of families) {
      const variables = functions[stack.getLogicalId(stack.functions.get(family).handler.node.defaultChild as never)]!.Properties
        .Environment as { Variables: Record<string, unknown> };
      expect(variables.Variables.EDGE_ORIGIN_SECRET, family).toEqual(dynamicReference);
      // Links in mails point at the distribution.
      expect(referencedIds(variables.Variables.PUBLIC_BASE_URL), family).toEqual([
        stack.getLogicalId(stack.edge!.distribution.node.defaultChild as never),
      ]);
    }
    for (const worker of workerNames) {
      const variables = functions[stack.getLogicalId(stack.functions.get(worker).handler.node.defaultChild as never)]!.Properties
        .Environment as { Variables: Record<string, unknown> };
      expect(variables.Variables.EDGE_ORIGIN_SECRET, worker).toBeUndefined();
    }
    service.hasOutput('EdgeUrl', { Value: Match.objectLike({ 'Fn::Join': Match.anyValue() }) });
  });

  it("acknowledges only the distribution's and the origin secret's findings it must, each with a specific reason", () => {
    const before = new Set(
      acknowledgements(defaultApp().stack).map(({ path, id }) => `${path.replace(/^AgentReadiness-dev\//, '')} ${id}`),
    );
    const added = acknowledgements(stack).filter(({ path, id }) => !before.has(`${path.replace(/^AgentReadiness-dev\//, '')} ${id}`));
    expect(added.map(({ path, id }) => `${path.replace(/^AgentReadiness-dev\//, '')} ${id}`).sort()).toEqual([
      'Edge/Distribution AwsSolutions-CFR1',
      'Edge/Distribution AwsSolutions-CFR3',
      'Edge/Distribution AwsSolutions-CFR4',
      'Edge/OriginSecret AwsSolutions-SMG4',
    ]);
    for (const { id, reason } of added) expect(reason.length, id).toBeGreaterThanOrEqual(60);
    expect(acknowledgements(edgeStack)).toEqual([]);
  });
});

describe('-c edgeWaf off (the default)', () => {
  it('builds no distribution, web ACL or origin secret, and the stack stays env-agnostic', () => {
    const { stack, template } = defaultApp();
    expect(Stack.of(stack).region).toMatch(/Token|\$\{/);
    for (const type of ['AWS::CloudFront::Distribution', 'AWS::WAFv2::WebACL']) expect(resourcesOf(template, type), type).toEqual([]);
    expect(JSON.stringify(template.toJSON())).not.toContain('EDGE_ORIGIN_SECRET');
    expect(stack.edge).toBeUndefined();
  });

  it('refuses a flag value other than on or off, and the edge without a known region', () => {
    expect(() => buildApp({ edgeWaf: 'yes' })).toThrow(EdgeSettingsError);
    const saved = process.env.CDK_DEFAULT_REGION;
    delete process.env.CDK_DEFAULT_REGION;
    try {
      expect(() => buildApp({ edgeWaf: 'on' })).toThrow(/edgeWaf=on needs the region/);
    } finally {
      if (saved !== undefined) process.env.CDK_DEFAULT_REGION = saved;
    }
  });
});
