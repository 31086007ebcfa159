import { findFreePort } from '../../../bin/local/free-port.js';
import { startDynamoDbLocal } from '../../../bin/local/dynamodb-local.js';

/**
 * Fixture for the parent-death test: starts DynamoDB Local, prints its port and pid as one JSON line,
 * then idles until it is killed. Never stops DynamoDB Local itself.
 */
const port = await findFreePort();
const dynamodb = await startDynamoDbLocal({ port, dataDir: null });
console.log(JSON.stringify({ port, pid: dynamodb.pid }));
setInterval(() => undefined, 60_000);
