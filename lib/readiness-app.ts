import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploySettings } from '#lib/deploy-settings.js';
import { ReadinessStack } from '#lib/readiness-stack.js';

/**
 * The CDK app: one env-agnostic stack per stage, checked by cdk-nag's AwsSolutions pack during
 * synthesis (an unacknowledged finding stops `cdk synth`). Shared by bin/app.ts and the infra tests.
 */
export function createReadinessApp(props: AppProps = {}): { app: App; stack: ReadinessStack } {
  const app = new App(props);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const { stage } = readDeploySettings(app);
  const stack = new ReadinessStack(app, `AgentReadiness-${stage}`, {
    description: `Agent Commerce Readiness Scanner (${stage})`,
    tags: { service: 'agent-readiness', stage },
  });
  return { app, stack };
}
