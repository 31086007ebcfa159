import { loadConfig } from '#shared/config.js';
import { createTable } from '#shared/db/client.js';
import { claimMailboxes } from '#shared/use-cases/accounts/claim-mailboxes.js';

/**
 * `npx tsx bin/claim-mailboxes.ts`: run once after deploying one account per mailbox, with the table's
 * TABLE_NAME and AWS_REGION (and DYNAMODB_ENDPOINT for a local table). See docs/decisions/008-one-account-per-mailbox.md.
 */
const config = loadConfig();
const report = await claimMailboxes(createTable(config));
console.log(JSON.stringify(report));
