/**
 * What the A2A specification asks of a card beyond its JSON Schema, as warnings: agents can still read the
 * card, the shop should fix it. camelCase names (§5.5), Major.Minor protocol versions (§3.6), HTTPS
 * endpoints, URLs where the card gives links, media types for input and output modes.
 */

import { arrayOrEmpty, isRecord } from '../json-body.js';
import { isMediaType, quoted } from '../schema-messages.js';
import { isAbsoluteUri } from '../schema-words.js';

type Rules = '1.0' | '0.3';

const majorMinor = /^\d+\.\d+$/;
const withPatch = /^\d+\.\d+\.\d+$/;

export function cardWarnings(doc: Record<string, unknown>, rules: Rules): string[] {
  const warnings: string[] = [];
  const interfaces = arrayOrEmpty(doc.supportedInterfaces ?? doc.supported_interfaces).filter(isRecord);

  const snake = [doc, ...interfaces].flatMap((entry) => Object.keys(entry)).find((key) => /^[a-z]+(_[a-z0-9]+)+$/.test(key));
  if (rules === '1.0' && snake !== undefined)
    warnings.push(
      `${quoted(snake)}: A2A JSON names members in camelCase: ${snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`,
    );

  interfaces.forEach((entry, i) => {
    const version = entry.protocolVersion ?? entry.protocol_version;
    if (typeof version === 'string' && !majorMinor.test(version))
      warnings.push(
        withPatch.test(version)
          ? `supportedInterfaces.${i}.protocolVersion: give Major.Minor (${version.split('.').slice(0, 2).join('.')}), not a patch version`
          : `supportedInterfaces.${i}.protocolVersion: ${quoted(version)} is not a version such as 1.0`,
      );
  });

  const endpoints: [string, unknown][] = [
    ...interfaces.map((entry, i): [string, unknown] => [`supportedInterfaces.${i}.url`, entry.url]),
    ['url', rules === '0.3' ? doc.url : undefined],
  ];
  const plain = endpoints.find(([, url]) => typeof url === 'string' && /^http:\/\//i.test(url) && !isLoopback(url));
  if (plain !== undefined) warnings.push(`${plain[0]}: serve the agent over https:// in production`);

  const provider = isRecord(doc.provider) ? doc.provider : {};
  const links: [string, unknown][] = [
    ['documentationUrl', doc.documentationUrl],
    ['iconUrl', doc.iconUrl],
    ['provider.url', provider.url],
  ];
  for (const [path, link] of links)
    if (typeof link === 'string' && !isAbsoluteUri(link)) warnings.push(`${path}: give an absolute URL such as https://shop.example/`);

  const skills = arrayOrEmpty(doc.skills).filter(isRecord);
  const modes: [string, unknown][] = [
    ['defaultInputModes', doc.defaultInputModes],
    ['defaultOutputModes', doc.defaultOutputModes],
    ...skills.flatMap((skill, i): [string, unknown][] => [
      [`skills.${i}.inputModes`, skill.inputModes],
      [`skills.${i}.outputModes`, skill.outputModes],
    ]),
  ];
  const oddMode = modes
    .flatMap(([path, list]) => arrayOrEmpty(list).map((mode): [string, unknown] => [path, mode]))
    .find(([, mode]) => typeof mode === 'string' && !isMediaType(mode));
  if (oddMode !== undefined) warnings.push(`${oddMode[0]}: ${quoted(String(oddMode[1]))} is not a media type such as text/plain`);
  return warnings;
}

/** An agent on the developer's own machine is not "in production". */
function isLoopback(url: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}
