import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { CfnAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { beforeAll, describe, expect, it } from 'vitest';
import { families } from '#shared/http/route-types.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import { repoRoot } from '#lib/paths.js';
import { createReadinessApp } from '#lib/readiness-app.js';
import { referencedIds, statementsOfRole, defaultApp } from '#test/infra/support/readiness-app.js';

const runbook = readFileSync(path.join(repoRoot, 'docs', 'operations.md'), 'utf8');
const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

/** Every alarm of one synthesised stack: its logical id and its construct path inside the stack (`Monitoring/metaErrors`). */
function alarmsOf(stack: Stack): Array<{ logicalId: string; path: string }> {
  const byLogicalId = new Map(
    stack.node
      .findAll()
      .filter((construct): construct is CfnAlarm => construct instanceof CfnAlarm)
      // The L1 resource sits under its Alarm construct as `Resource`; the runbook names the Alarm.
      .map((cfn) => [stack.getLogicalId(cfn), cfn.node.scope!.node.path.slice(stack.node.path.length + 1)] as const),
  );
  return Object.keys(Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm')).map((logicalId) => {
    const found = byLogicalId.get(logicalId);
    if (found === undefined) throw new Error(`Alarm ${logicalId} of ${stack.stackName} has no construct`);
    return { logicalId, path: found };
  });
}

/** Both shapes `cdk deploy` can make: the stack alone, and with `-c edgeWaf=on` (its us-east-1 stack too). */
function synthesisedStacks(): Array<{ label: string; stack: Stack }> {
  const context = { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] };
  const plain = createReadinessApp({ context });
  const edge = createReadinessApp({ context: { ...context, edgeWaf: 'on' } }, { env: { account: '123456789012', region: 'eu-west-2' } });
  return [
    { label: plain.stack.stackName, stack: plain.stack },
    { label: `${edge.stack.stackName} (edgeWaf=on)`, stack: edge.stack },
    { label: edge.edgeStack!.stackName, stack: edge.edgeStack! },
  ];
}

describe('docs/operations.md', () => {
  let alarms: Array<{ stack: string; logicalId: string; path: string }>;

  beforeAll(() => {
    alarms = synthesisedStacks().flatMap(({ label, stack }) => alarmsOf(stack).map((alarm) => ({ stack: label, ...alarm })));
  });

  it('names every alarm of the synthesised stacks by its construct path', () => {
    expect(alarms.length).toBeGreaterThan(40);
    const missing = alarms.filter((alarm) => !runbook.includes(`\`${alarm.path}\``)).map((alarm) => `${alarm.stack}: ${alarm.path}`);
    expect(missing).toEqual([]);
  });

  it('names no alarm the stacks do not have', () => {
    const paths = new Set(alarms.map((alarm) => alarm.path));
    const named = [
      ...runbook.matchAll(/`(Monitoring\/[A-Za-z0-9]+|Queues\/[a-z]+\/DeadLettersAlarm|RescanSchedule\/DeadLettersAlarm)`/g),
    ].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !paths.has(name))).toEqual([]);
  });
});

describe('docs/operations.md, key and secret rotation', () => {
  const built = defaultApp();
  const allNames: FunctionName[] = [...families, ...workerNames];
  const secrets = built.stack.secrets.node.children.filter((child): child is Secret => child instanceof Secret);
  /** The secret's construct path in the stack (`Secrets/KeyPepper`), as the runbook names it. */
  const pathOf = (secret: Secret) => secret.node.path.slice(built.stack.node.path.length + 1);

  it.each(secrets.map((secret) => [pathOf(secret), secret] as const))(
    'has a row for %s naming exactly the functions whose policies read it',
    (path, secret) => {
      const row = runbook.split('\n').find((line) => line.startsWith('| ') && line.split(' | ')[0]!.includes(`\`${path}\``));
      expect(row, path).toBeDefined();
      const named = row!.split(' | ')[1]!.split(', ').sort();
      const secretId = built.logicalId(secret);
      const readers = allNames.filter((name) =>
        statementsOfRole(built.template, built.logicalId(built.stack.functions.get(name).role)).some(
          (statement) => statement.Action.includes('secretsmanager:GetSecretValue') && referencedIds(statement.Resource).includes(secretId),
        ),
      );
      expect(named).toEqual(readers.sort());
    },
  );
});
