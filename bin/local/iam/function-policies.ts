import type { QueueName } from '#shared/adapters/queue.js';
import type { FunctionName } from '#lib/function-catalog.js';
import type { PolicyStatement } from './policy-evaluation.js';
import type { LocalResource, SynthesisedTemplate, TemplateStatement, TemplateValue } from './synthesised-template.js';

/** The names and ARNs the local stack gives the template's resources. */
export interface LocalResources {
  region: string;
  accountId: string;
  tableName: string;
  queues: Record<QueueName, { url: string; arn: string; deadLetterArn: string }>;
  secretArn: (secret: string) => string;
  configurationSet: string;
}

/**
 * Each function's identity policy, read from the synthesised template: the statements of every
 * `AWS::IAM::Policy` attached to its role and the role's inline policies, with `Ref`, `Fn::GetAtt` and
 * `Fn::Join` resolved to the local resources' names and ARNs. A role with managed policies, or a statement
 * this check cannot evaluate (NotAction, NotResource, Condition), stops the stack: it would otherwise
 * allow or refuse what AWS would not.
 */
export function functionPolicies(template: SynthesisedTemplate, local: LocalResources): Record<FunctionName, PolicyStatement[]> {
  const resolve = resolver(template.resources, local);
  const entries = Object.entries(template.functions).map(([name, { role }]) => {
    const roleResource = template.roles[role];
    if (roleResource === undefined) throw new Error(`The template has no role ${role} for the ${name} function`);
    if ((roleResource.Properties.ManagedPolicyArns ?? []).length > 0) {
      throw new Error(`The ${name} function's role has managed policies, which the local IAM check cannot read`);
    }
    const attached = Object.values(template.policies)
      .filter((policy) => (policy.Properties.Roles ?? []).some((entry) => JSON.stringify(entry) === JSON.stringify({ Ref: role })))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    const inline = (roleResource.Properties.Policies ?? []).flatMap((policy) => policy.PolicyDocument.Statement);
    return [name, [...attached, ...inline].map((statement) => toStatement(statement, resolve, name))];
  });
  return Object.fromEntries(entries) as Record<FunctionName, PolicyStatement[]>;
}

function toStatement(statement: TemplateStatement, resolve: (value: TemplateValue) => string, name: string): PolicyStatement {
  const unsupported = (['NotAction', 'NotResource', 'Condition', 'Principal'] as const).filter((key) => statement[key] !== undefined);
  if (unsupported.length > 0 || statement.Action === undefined || statement.Resource === undefined) {
    throw new Error(
      `A statement of the ${name} function's policy needs ${unsupported.join(', ') || 'Action and Resource'}: ${JSON.stringify(statement)}`,
    );
  }
  const resources = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
  return { effect: statement.Effect, actions: ([] as string[]).concat(statement.Action), resources: resources.map(resolve) };
}

const pseudoParameters = (local: LocalResources): Record<string, string> => ({
  'AWS::Partition': 'aws',
  'AWS::Region': local.region,
  'AWS::AccountId': local.accountId,
  'AWS::URLSuffix': 'amazonaws.com',
});

function resolver(resources: Record<string, LocalResource>, local: LocalResources): (value: TemplateValue) => string {
  const pseudo = pseudoParameters(local);
  // Resources no function calls on the local stack (log groups, alarms) get names that match no request.
  const unserved = (id: string) => `arn:aws:unserved-locally:${local.region}:${local.accountId}:${id}`;
  const tableArn = `arn:aws:dynamodb:${local.region}:${local.accountId}:table/${local.tableName}`;

  const ref = (id: string): string => {
    if (pseudo[id] !== undefined) return pseudo[id];
    const resource = resources[id];
    switch (resource?.kind) {
      case 'table':
        return local.tableName;
      case 'queue':
        return local.queues[resource.queue].url;
      case 'secret':
        return local.secretArn(resource.secret);
      case 'configurationSet':
        return local.configurationSet;
      default:
        return unserved(id);
    }
  };
  const arn = (id: string): string => {
    const resource = resources[id];
    switch (resource?.kind) {
      case 'table':
        return tableArn;
      case 'queue':
        return local.queues[resource.queue].arn;
      case 'deadLetterQueue':
        return local.queues[resource.queue].deadLetterArn;
      case 'secret':
        return local.secretArn(resource.secret);
      default:
        return unserved(id);
    }
  };

  const resolve = (value: TemplateValue): string => {
    if (typeof value === 'string') return value;
    const [intrinsic, argument] = Array.isArray(value) ? [] : (Object.entries(value)[0] ?? []);
    if (intrinsic === 'Ref' && typeof argument === 'string') return ref(argument);
    if (intrinsic === 'Fn::GetAtt' && Array.isArray(argument) && typeof argument[0] === 'string') {
      return argument[1] === 'Arn' ? arn(argument[0]) : unserved(`${argument[0]}.${String(argument[1])}`);
    }
    if (intrinsic === 'Fn::Join' && Array.isArray(argument) && typeof argument[0] === 'string' && Array.isArray(argument[1])) {
      return (argument[1] as TemplateValue[]).map(resolve).join(argument[0]);
    }
    throw new Error(`The local IAM check cannot resolve ${JSON.stringify(value)} in a policy`);
  };
  return resolve;
}
