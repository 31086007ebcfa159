import { App, Validations, type AppProps, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploySettings } from '#lib/deploy-settings.js';
import { edgeWebAclRegion, EdgeSettingsError, readEdgeSettings } from '#lib/edge-settings.js';
import { EdgeWafStack } from '#lib/edge-waf-stack.js';
import { ReadinessStack } from '#lib/readiness-stack.js';

export interface ReadinessAppOptions {
  /**
   * Account and region of the service's stack when `-c edgeWaf=on` (a cross-region reference needs
   * both stacks' regions). Default: CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION, which the CDK CLI sets
   * from the profile. Without the edge the stack stays env-agnostic.
   */
  env?: Environment;
}

/** The service stack's environment with the edge on: the region must be known at synthesis. */
function edgeEnvironment(given: Environment | undefined): Required<Pick<Environment, 'region'>> & Environment {
  const region = given?.region ?? process.env.CDK_DEFAULT_REGION;
  if (region === undefined || region === '') {
    throw new EdgeSettingsError(
      'edgeWaf=on needs the region of the service stack: run cdk with a profile or AWS_REGION set (CDK_DEFAULT_REGION)',
    );
  }
  const account = given?.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  return account === undefined ? { region } : { account, region };
}

/**
 * The CDK app: one stack per stage, checked by cdk-nag's AwsSolutions pack during synthesis (an
 * unacknowledged finding stops `cdk synth`). With `-c edgeWaf=on`, a second stack in us-east-1 holds
 * the CloudFront web ACL. Shared by bin/app.ts and the infra tests.
 */
export function createReadinessApp(
  props: AppProps = {},
  options: ReadinessAppOptions = {},
): { app: App; stack: ReadinessStack; edgeStack: EdgeWafStack | undefined } {
  const app = new App(props);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const { stage } = readDeploySettings(app);
  const tags = { service: 'agent-readiness', stage };
  if (!readEdgeSettings(app).enabled) {
    const stack = new ReadinessStack(app, `AgentReadiness-${stage}`, { description: `Agent Commerce Readiness Scanner (${stage})`, tags });
    return { app, stack, edgeStack: undefined };
  }
  const env = edgeEnvironment(options.env);
  const edgeStack = new EdgeWafStack(app, `AgentReadiness-${stage}-Edge`, {
    env: { ...env, region: edgeWebAclRegion },
    description: `Agent Commerce Readiness Scanner (${stage}): AWS WAF web ACL of the CloudFront distribution`,
    tags,
  });
  const stack = new ReadinessStack(app, `AgentReadiness-${stage}`, {
    env,
    description: `Agent Commerce Readiness Scanner (${stage})`,
    tags,
    edgeWebAclArn: edgeStack.edge.webAcl.attrArn,
  });
  return { app, stack, edgeStack };
}
