import type { TestProject } from 'vitest/node';
import { startTestStack } from '../support/local-test-stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    webBaseUrl: string;
    webSesBaseUrl: string;
    webDynamodbEndpoint: string;
    webTableName: string;
    webAwsRegion: string;
  }
}

/** Public scans a day from one address in the browser tests: the scanner file spends them, in order. */
export const browserPublicScanLimit = 3;

/**
 * Dashboard calls an hour per account in the browser stack: enough for the longest dashboard test, and a
 * fifth of the default, so the test that uses up the hour sends 240 calls instead of 1,200.
 */
export const browserDashboardRoutesLimit = 240;

/** A scan's limit in the browser stack: long enough for the slow fixture shop, short enough to wait for a time-out. */
export const browserScanTimeoutSeconds = 12;

/**
 * The browser tests' own local stack: the public scanner's per-address allowance is the only one a
 * browser on loopback has, so it must not be shared with the integration tests' stack.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stack, stop } = await startTestStack('browser', {
    PUBLIC_SCAN_LIMIT_PER_DAY: String(browserPublicScanLimit),
    SCAN_TIMEOUT_SECONDS: String(browserScanTimeoutSeconds),
    DASHBOARD_ROUTES_LIMIT_PER_HOUR: String(browserDashboardRoutesLimit),
  });
  project.provide('webBaseUrl', stack.urls.api);
  project.provide('webSesBaseUrl', stack.urls.ses);
  project.provide('webDynamodbEndpoint', stack.urls.dynamodb);
  project.provide('webTableName', stack.tableName);
  project.provide('webAwsRegion', process.env.AWS_REGION ?? 'eu-west-2');
  return stop;
}
