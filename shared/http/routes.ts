import type { OperationId, OperationsOf } from '#shared/http/route-index.js';
import type { Family, RouteDef } from '#shared/http/route-types.js';
import { accountRoutes } from '#shared/http/routes/account-routes.js';
import { authRoutes } from '#shared/http/routes/auth-routes.js';
import { batchRoutes } from '#shared/http/routes/batch-routes.js';
import { billingRoutes } from '#shared/http/routes/billing-routes.js';
import { metaRoutes } from '#shared/http/routes/meta-routes.js';
import { publicScannerRoutes } from '#shared/http/routes/public-scanner-routes.js';
import { scannerRoutes } from '#shared/http/routes/scanner-routes.js';
import { sitesRoutes } from '#shared/http/routes/sites-routes.js';
import { webhooksRoutes } from '#shared/http/routes/webhooks-routes.js';
import { webRoutes } from '#shared/http/routes/web-routes.js';
import { mcpRoutes } from '#shared/http/routes/mcp-routes.js';

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
  mcp: mcpRoutes,
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
  ...mcpRoutes,
} satisfies Record<OperationId, RouteDef>;

export type Routes = typeof routes;
export type { OperationId, OperationsOf };

export const routeList: ReadonlyArray<RouteDef & { operationId: OperationId }> = Object.values(routes);
