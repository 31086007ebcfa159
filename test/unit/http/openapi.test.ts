import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#shared/http/openapi.js';
import { routeList } from '#shared/http/routes.js';
import { eventTypes } from '#shared/model/events.js';
import {
  agentRoles,
  assistantIds,
  assistantStepStatuses,
  assistantVerdicts,
  edgeAnswers,
  robotsObediences,
  robotsStandings,
  signalIds,
  signalStatuses,
} from '#shared/model/scans/scan-result.js';

const document = buildOpenApiDocument();

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by a real validator', async () => {
    // 'info-license' and 'operation-4xx-response' are house-style rules: the API has no public licence
    // and health/plans/openapi.json have no client errors to describe.
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off', 'operation-4xx-response': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  }, 60_000);

  it('lists every route of the table but the web pages (the badges are in it)', () => {
    const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
    const apiRoutes = routeList.filter((route) => route.family !== 'web' || route.documented);
    for (const route of apiRoutes) {
      expect(paths[route.path]?.[route.method.toLowerCase()]?.operationId, `${route.method} ${route.path}`).toBe(route.operationId);
    }
    const operations = Object.values(paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(apiRoutes.length);
  });

  it('describes each event type sent to webhooks, with the envelope and the signature headers', () => {
    const webhooks = document.webhooks as Record<
      string,
      { post: { parameters: Array<{ name: string; in: string }>; requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
    >;
    expect(Object.keys(webhooks).sort()).toEqual([...eventTypes].sort());
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> })
      .schemas;
    for (const type of eventTypes) {
      const { post } = webhooks[type]!;
      expect(
        post.parameters
          .filter((parameter) => parameter.in === 'header')
          .map((parameter) => parameter.name)
          .sort(),
      ).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp', 'x-service-signature']);
      const ref = post.requestBody.content['application/json']!.schema.$ref.split('/').at(-1)!;
      expect([...schemas[ref]!.required].sort()).toEqual(['createdAt', 'data', 'id', 'type']);
      expect(schemas[ref]!.properties.type).toEqual({ type: 'string', enum: [type] });
    }
  });

  it('has the ScanResult schema and the Error shape', () => {
    const schemas = (document.components as { schemas: Record<string, { properties?: Record<string, unknown> }> }).schemas;
    expect(Object.keys(schemas.ScanResult?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'url',
        'finalUrl',
        'tier',
        'score',
        'band',
        'coverage',
        'dimensions',
        'checks',
        'recommendations',
        'products',
        'pages',
        'signals',
        'assistants',
        'platform',
        'createdAt',
        'expiresAt',
        'durationMs',
        'scannerVersion',
      ]),
    );
    expect(Object.keys(schemas.Error?.properties ?? {})).toEqual(['error']);
  });

  it('describes the inventory of agent-facing documents and the assistants, with every status and verdict', () => {
    type Schema = { description?: string; required?: string[]; properties: Record<string, { enum?: string[]; description?: string }> };
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    const scanResult = schemas.ScanResult!;
    expect(scanResult.required).toEqual(expect.arrayContaining(['signals', 'assistants']));
    expect(scanResult.properties.signals).toMatchObject({
      items: { $ref: '#/components/schemas/Signal' },
      description: expect.any(String),
    });
    expect(scanResult.properties.assistants).toMatchObject({
      items: { $ref: '#/components/schemas/Assistant' },
      description: expect.any(String),
    });
    for (const name of ['Signal', 'Assistant', 'AssistantStep']) expect(schemas[name]?.description, name).toEqual(expect.any(String));
    expect(schemas.Signal!.properties.status!.enum).toEqual([...signalStatuses]);
    expect(schemas.Signal!.properties.id!.enum).toEqual([...signalIds]);
    expect(schemas.Signal!.required).not.toContain('version');
    expect(schemas.Assistant!.properties.verdict!.enum).toEqual([...assistantVerdicts]);
    expect(schemas.Assistant!.properties.id!.enum).toEqual([...assistantIds]);
    expect(schemas.AssistantStep!.properties.status!.enum).toEqual([...assistantStepStatuses]);
  });

  it("describes each assistant's access by role (search, user-initiated) and the edge probe's finding", () => {
    type Schema = {
      description?: string;
      required?: string[];
      properties: Record<string, { enum?: string[]; description?: string; $ref?: string; items?: unknown }>;
    };
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    expect(schemas.Assistant!.required).toContain('access');
    expect(schemas.Assistant!.properties.access).toMatchObject({
      items: { $ref: '#/components/schemas/AssistantAccess' },
      description: expect.any(String),
    });
    const access = schemas.AssistantAccess!;
    expect(access.description).toEqual(expect.any(String));
    expect([...access.required!].sort()).toEqual(['agents', 'obeysRobots', 'robots', 'role', 'source', 'summary', 'vendorSays']);
    expect(access.properties.role!.enum).toEqual([...agentRoles]);
    expect(access.properties.robots!.enum).toEqual([...robotsStandings]);
    expect(access.properties.obeysRobots!.enum).toEqual([...robotsObediences]);
    expect(access.properties.edge!.$ref).toBe('#/components/schemas/EdgeProbe');
    const edge = schemas.EdgeProbe!;
    expect(edge.description).toEqual(expect.any(String));
    expect([...edge.required!].sort()).toEqual(['answer', 'pages', 'token', 'userAgent']);
    expect(edge.properties.answer!.enum).toEqual([...edgeAnswers]);
    expect(edge.properties.pages!.items).toMatchObject({
      required: ['url', 'scanner', 'agent', 'answer'],
      properties: { answer: { enum: [...edgeAnswers] } },
    });
  });

  it('matches the committed openapi.json (run `npm run openapi` after changing routes)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as unknown;
    expect(committed).toEqual(document);
  });
});
