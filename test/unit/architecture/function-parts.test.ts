import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '#shared/config.js';
import type { DependencyParts } from '#shared/dependencies.js';
import { functionAccess, readsKeyPepper, type FunctionAccess } from '#lib/function-permissions.js';
import type { FunctionName } from '#lib/function-catalog.js';
import { wire as account } from '#functions/http/account.js';
import { wire as auth } from '#functions/http/auth.js';
import { wire as batch } from '#functions/http/batch.js';
import { wire as billing } from '#functions/http/billing.js';
import { wire as mcp } from '#functions/http/mcp.js';
import { wire as meta } from '#functions/http/meta.js';
import { wire as publicScanner } from '#functions/http/public-scanner.js';
import { wire as scanner } from '#functions/http/scanner.js';
import { wire as sites } from '#functions/http/sites.js';
import { wire as web } from '#functions/http/web.js';
import { wire as webhooks } from '#functions/http/webhooks.js';
import { wire as batchScan } from '#functions/workers/batch-scan.js';
import { wire as mailSender } from '#functions/workers/mail-sender.js';
import { wire as rescanSite } from '#functions/workers/rescan-site.js';
import { wire as rescanSweep } from '#functions/workers/rescan-sweep.js';
import { wire as webhookDelivery } from '#functions/workers/webhook-delivery.js';

/** Each function's one statement of its parts: the `wire` its entry point builds them with. */
const wires: Record<FunctionName, (config: Config) => DependencyParts> = {
  account,
  auth,
  batch,
  billing,
  mcp,
  meta,
  publicScanner,
  scanner,
  sites,
  web,
  webhooks,
  batchScan,
  mailSender,
  rescanSite,
  rescanSweep,
  webhookDelivery,
};

/** The parts whose use needs a grant, and the grant each one needs in the IAM table. */
const grantOf: Record<string, (name: FunctionName, access: FunctionAccess) => boolean> = {
  table: (_name, access) => access.table.length > 0,
  queue: (_name, access) => access.sendsTo.length > 0 || access.probesQueues === true,
  mailer: (_name, access) => access.sendsMail === true,
  billing: (_name, access) => access.usesStripe === true,
  secretBox: (_name, access) => access.readsWebhookSealingKey === true,
  keyPepper: (name) => readsKeyPepper(name),
  webBotAuthKey: (_name, access) => access.readsWebBotAuthKey === true,
};

describe("each function's parts and its IAM grants", () => {
  const config = loadConfig({});
  const names = Object.keys(functionAccess) as FunctionName[];

  it('has one wire per function of the IAM table', () => {
    expect(Object.keys(wires).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s is granted exactly what the parts it builds use', (name) => {
    const built = new Set(Object.keys(wires[name](config)));
    const granted = Object.entries(grantOf).map(([part, grant]) => [part, grant(name, functionAccess[name])]);
    expect(Object.fromEntries(granted)).toEqual(Object.fromEntries(Object.keys(grantOf).map((part) => [part, built.has(part)])));
  });
});
