import type { OperationId, OperationsOf } from '#shared/http/route-index.js';
import type { Family, RouteDef } from '#shared/http/route-types.js';
import { accountRoutes } from '#shared/http/routes/account.js';
import { authRoutes } from '#shared/http/routes/auth.js';
import { batchRoutes } from '#shared/http/routes/batch.js';
import { billingRoutes } from '#shared/http/routes/billing.js';
import { metaRoutes } from '#shared/http/routes/meta.js';
import { publicScannerRoutes } from '#shared/http/routes/public-scanner.js';
import { scannerRoutes } from '#shared/http/routes/scanner.js';
import { sitesRoutes } from '#shared/http/routes/sites.js';
import { webhooksRoutes } from '#shared/http/routes/webhooks.js';
import { webRoutes } from '#shared/http/routes/web.js';

/**
 * Every family's routes, for what needs them all: the OpenAPI document, the CDK stack, the dev server
 * and tests. A function imports only its own family's table (shared/http/routes/<family>.ts).
 */
export const familyRoutes = {
  meta: metaRoutes,
  publicScanner: publicScannerRoutes,
  scanner: scannerRoutes,
  batch: batchRoutes,
  auth: authRoutes,
  account: accountRoutes,
  sites: sitesRoutes,
  webhooks: webhooksRoutes,
  billing: billingRoutes,
  web: webRoutes,
} as const satisfies Record<Family, Record<string, RouteDef>>;

/** Every route of the service, once. Keys are operation ids. */
export const routes = {
  ...metaRoutes,
  ...publicScannerRoutes,
  ...scannerRoutes,
  ...batchRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...sitesRoutes,
  ...webhooksRoutes,
  ...billingRoutes,
  ...webRoutes,
} satisfies Record<OperationId, RouteDef>;

export type Routes = typeof routes;
export type { OperationId, OperationsOf };

export const routeList: ReadonlyArray<RouteDef & { operationId: OperationId }> = Object.values(routes);
