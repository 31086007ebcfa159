import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { repoRoot } from '#lib/paths.js';
import { createReadinessApp } from '#lib/readiness-app.js';
import type { ReadinessStack } from '#lib/readiness-stack.js';

const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export interface BuiltApp {
  stack: ReadinessStack;
  template: Template;
  /** The CloudFormation logical id of a construct's main resource. */
  logicalId: (construct: IConstruct) => string;
}

export interface BuildOptions {
  /** Bundle the functions with esbuild (slow); one test does, the rest skip it. */
  bundle?: boolean;
  /**
   * Run CDK's built-in CloudFormation schema validation, as `cdk synth` does. It costs seconds per
   * synthesis, so only the tests that mirror `cdk synth` as a whole turn it on.
   */
  cloudFormationValidation?: boolean;
}

/** The app as `cdk synth` builds it (cdk.json's context, cdk-nag registered), plus context overrides. */
export function buildApp(
  context: Record<string, unknown> = {},
  { bundle = false, cloudFormationValidation = false }: BuildOptions = {},
): BuiltApp {
  const skipBundling = bundle ? {} : { 'aws:cdk:bundling-stacks': [] };
  const { stack } = createReadinessApp({
    context: { ...cdkJson.context, ...skipBundling, ...context },
    builtinCloudFormationValidation: cloudFormationValidation,
  });
  return {
    stack,
    template: Template.fromStack(stack),
    logicalId: (construct) => stack.getLogicalId((construct.node.defaultChild ?? construct) as CfnElement),
  };
}

let defaultBuilt: BuiltApp | undefined;

/**
 * The app with cdk.json's context alone, synthesised once per test worker and shared by the files that
 * only read it (a synthesis costs seconds of CPU). A test that changes the stack builds its own.
 */
export function defaultApp(): BuiltApp {
  defaultBuilt ??= buildApp();
  return defaultBuilt;
}

/** IAM statements of a principal's policies, with actions and resources always as arrays. */
export interface Statement {
  Effect: string;
  Action: string[];
  Resource: unknown[];
}

export function statementsOfRole(template: Template, roleLogicalId: string): Statement[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as {
    Properties: { Roles: unknown[]; PolicyDocument: { Statement: Record<string, unknown>[] } };
  }[];
  return policies
    .filter((policy) => policy.Properties.Roles.some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleLogicalId })))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
    .map((statement) => ({
      Effect: statement.Effect as string,
      Action: ([] as string[]).concat(statement.Action as string | string[]),
      Resource: ([] as unknown[]).concat(statement.Resource),
    }));
}

/** Logical ids referenced anywhere inside a CloudFormation value (Ref and Fn::GetAtt). */
export function referencedIds(value: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, inner] of Object.entries(node)) {
      if (key === 'Ref' && typeof inner === 'string') found.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner) && typeof inner[0] === 'string') found.add(inner[0]);
      else visit(inner);
    }
  };
  visit(value);
  return [...found];
}
