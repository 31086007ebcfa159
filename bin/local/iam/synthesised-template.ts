import type { QueueName } from '#shared/adapters/queue.js';
import type { FunctionName } from '#lib/function-catalog.js';

/** What a resource of the synthesised template is on the local stack, by its CloudFormation logical id. */
export type LocalResource =
  | { kind: 'table' }
  | { kind: 'queue'; queue: QueueName }
  | { kind: 'deadLetterQueue'; queue: QueueName }
  | { kind: 'secret'; secret: string }
  | { kind: 'configurationSet' }
  | { kind: 'other'; type: string };

/** A CloudFormation value as the template holds it: a string or an intrinsic function. */
export type TemplateValue = string | { [intrinsic: string]: unknown } | TemplateValue[];

export interface TemplateStatement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: unknown;
  Resource?: TemplateValue;
  NotResource?: unknown;
  Principal?: unknown;
  Condition?: unknown;
}

/**
 * What `synthesise-template.ts` writes: each function's role, the policies of the synthesised template
 * (its `AWS::IAM::Policy` resources and the roles' inline and managed policies, as CloudFormation has
 * them) and what each logical id they name is locally.
 */
export interface SynthesisedTemplate {
  functions: Record<FunctionName, { role: string }>;
  resources: Record<string, LocalResource>;
  policies: Record<string, { Properties: { Roles?: unknown[]; PolicyDocument: { Statement: TemplateStatement[] } } }>;
  roles: Record<
    string,
    { Properties: { Policies?: Array<{ PolicyDocument: { Statement: TemplateStatement[] } }>; ManagedPolicyArns?: unknown[] } }
  >;
}
