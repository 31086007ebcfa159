import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { buildApp, defaultApp } from '#test/infra/support/readiness-app.js';

const variants = {
  dev: {},
  'prod with an SES domain and alarm e-mail': { stage: 'prod', sesIdentity: 'scanner.example.org', alarmEmail: 'ops@example.org' },
  'a stage with an SES address and a custom base URL': {
    stage: 'test',
    sesIdentity: 'alerts@example.org',
    publicBaseUrl: 'https://scan.example.org',
  },
};

/** Acknowledged rule ids and their reasons, from every construct of the stack. */
function acknowledgements(stack: Stack): { path: string; id: string; reason: string }[] {
  return stack.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ path: construct.node.path, id: id.replace(/^annotation::/i, ''), reason })),
  );
}

describe('cdk-nag AwsSolutions checks', () => {
  it.each(Object.entries(variants))('%s: synthesises with CloudFormation validation and no unacknowledged finding', (_name, context) => {
    // Synthesis itself throws when a validation plugin (cdk-nag included) reports a violation.
    const { stack } = buildApp(context, { cloudFormationValidation: true });
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(
      report.violations.map((violation) => `${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
    expect(report.success).toBe(true);

    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('acknowledges only AwsSolutions rules, each on a construct below the stack and with a specific reason', () => {
    const { stack } = defaultApp();
    const acknowledged = acknowledgements(stack);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledged) {
      expect(id).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(path, `${id} must not be acknowledged stack-wide`).not.toBe(stack.node.path);
      expect(reason.length, `${id} on ${path}`).toBeGreaterThanOrEqual(60);
    }
    const rules = new Set(acknowledged.map(({ id }) => id.replace(/\[.*$/, '')));
    expect([...rules].sort()).toEqual(['AwsSolutions-APIG4', 'AwsSolutions-L1', 'AwsSolutions-SMG4', 'AwsSolutions-SQS3']);
  });

  it('is live: an unprotected queue fails synthesis', () => {
    const app = new App({ builtinCloudFormationValidation: false });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const stack = new Stack(app, 'Unprotected');
    new Queue(stack, 'Queue');
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(report.violations.map((violation) => violation.ruleName)).toEqual(
      expect.arrayContaining(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']),
    );
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS3/);
  });
});
