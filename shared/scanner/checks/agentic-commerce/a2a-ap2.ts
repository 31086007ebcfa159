import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown, siteName } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { versionOf } from '#shared/scanner/standards.js';
import { adviseA2aDrive, withA2aDrive } from '#shared/scanner/checks/agentic-commerce/a2a-drive-verdict.js';

export const AP2_EXTENSION_URI = `https://github.com/google-agentic-commerce/ap2/tree/${versionOf('ap2')}`;

function evaluate(artifacts: Artifacts): CheckOutcome {
  return withA2aDrive(evaluateCard(artifacts), artifacts.site.a2aDrive);
}

/** The agent card as declared, before its interfaces were asked. */
function evaluateCard(artifacts: Artifacts): CheckOutcome {
  const card = readWellKnown(artifacts.site.agentCard);
  if (card.state === 'not_assessed')
    return outcome.notAssessed(`Agent card not checked: ${card.url} ${card.reason}.`, [evidence(card.url, card.reason)]);
  if (card.state === 'absent')
    return outcome.notAssessed('A2A does not apply: the shop publishes no A2A agent card (/.well-known/agent-card.json).', [
      evidence(card.url, card.reason),
    ]);
  const doc = card.document;
  if (doc.valid && doc.hasAp2Extension) {
    const roles = doc.ap2Roles.length > 0 ? doc.ap2Roles.join(', ') : 'no roles listed';
    const toFix = doc.warnings.length > 0 ? `; to fix: ${doc.warnings.join('; ')}` : '';
    return outcome.pass(`The agent card "${doc.name ?? ''}" supports the Agent Payments Protocol (AP2 roles: ${roles}).`, [
      evidence(card.url, `AP2 extension; roles: ${roles}${toFix}`),
    ]);
  }
  const finding = doc.valid ? 'declares no AP2 extension, so agents cannot pay through it' : `is incomplete: ${doc.problems.join('; ')}`;
  return outcome.warn(`The agent card at ${card.url} ${finding}.`, [
    evidence(card.url, doc.valid ? `name "${doc.name ?? ''}", url ${doc.url ?? ''}, no AP2 extension` : doc.problems.join('; ')),
  ]);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const driven = adviseA2aDrive(evaluateCard(artifacts), artifacts.site.a2aDrive, result);
  if (driven) return driven;
  const origin = artifacts.site.origin;
  const name = siteName(artifacts);
  const card = {
    name: `${name} shopping agent`,
    description: `Answers product questions and takes orders for ${name}.`,
    supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    version: '1.0.0',
    capabilities: {
      extensions: [
        {
          uri: AP2_EXTENSION_URI,
          description: 'Supports the Agent Payments Protocol (AP2).',
          required: true,
          params: { roles: ['merchant'] },
        },
      ],
    },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'shop', name: 'Shop', description: 'Find products and place orders.', tags: ['commerce'] }],
  };
  return {
    title: 'Publish an A2A agent card with the AP2 extension',
    why: because(
      'Shopping agents that pay with the Agent Payments Protocol look for an AP2 extension in /.well-known/agent-card.json.',
      result,
    ),
    fix: `Only if you run (or your platform provides) a merchant agent: publish its A2A agent card at ${origin}/.well-known/agent-card.json and declare the AP2 extension with the "merchant" role.`,
    snippet: JSON.stringify(card, null, 2),
    effort: 'L',
  };
}

export const a2aAp2Check: CheckDefinition = {
  id: 'a2a_ap2',
  dimension: 'agentic_commerce',
  title: 'A2A agent card with AP2',
  points: 1,
  evaluate,
  advise,
};
