import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IConstruct } from 'constructs';
import { queueNames } from '#shared/adapters/queue.js';
import { families } from '#shared/http/route-types.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import { repoRoot } from '#lib/paths.js';
import { ReadinessStack } from '#lib/readiness-stack.js';
import type { LocalResource, SynthesisedTemplate } from './synthesised-template.js';

/**
 * A child process (`template-policies.ts` starts it): synthesises the service's stack as `cdk synth`
 * would with cdk.json's context and the local settings given (bundling skipped: it changes no policy),
 * and writes the policies of its template with what each resource they name is on the local stack.
 * Usage: synthesise-template.ts <output file> <context overrides as JSON>
 */
const [output, overrides] = process.argv.slice(2);
if (output === undefined) throw new Error('synthesise-template.ts needs the output file');

const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const app = new App({
  context: { ...cdkJson.context, ...(JSON.parse(overrides ?? '{}') as Record<string, unknown>), 'aws:cdk:bundling-stacks': [] },
  outdir: path.join(path.dirname(output), `cdk.out-${process.pid}`),
});
const stack = new ReadinessStack(app, 'AgentReadiness-local');
const template = app.synth({ validateOnSynthesis: false }).getStackByName(stack.stackName).template as {
  Resources: Record<string, { Type: string; Properties: unknown }>;
};

const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);
const functionNames: FunctionName[] = [...families, ...workerNames];

const known = new Map<string, LocalResource>([[logicalId(stack.table), { kind: 'table' }]]);
for (const queue of queueNames) {
  known.set(logicalId(stack.queues[queue]), { kind: 'queue', queue });
  const deadLetters = stack.queues[queue].deadLetterQueue?.queue;
  if (deadLetters) known.set(logicalId(deadLetters), { kind: 'deadLetterQueue', queue });
}
for (const [name, value] of Object.entries(stack.secrets)) {
  if (value instanceof Secret) known.set(logicalId(value), { kind: 'secret', secret: name });
}
known.set(logicalId(stack.mail.configurationSet), { kind: 'configurationSet' });

const ofType = (type: string) => Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
const result: SynthesisedTemplate = {
  functions: Object.fromEntries(
    functionNames.map((name) => [name, { role: logicalId(stack.functions.get(name).role) }]),
  ) as SynthesisedTemplate['functions'],
  resources: Object.fromEntries(
    Object.entries(template.Resources).map(([id, resource]) => [id, known.get(id) ?? { kind: 'other', type: resource.Type }]),
  ),
  policies: Object.fromEntries(ofType('AWS::IAM::Policy')) as SynthesisedTemplate['policies'],
  roles: Object.fromEntries(ofType('AWS::IAM::Role')) as SynthesisedTemplate['roles'],
};
const partial = `${output}.${process.pid}`;
writeFileSync(partial, JSON.stringify(result));
renameSync(partial, output);
rmSync(app.outdir, { recursive: true, force: true });
