import { z } from 'zod';
import { createQueueWorker, notBuiltYet } from '#shared/adapters/queue-worker.js';

export const handler = createQueueWorker('webhook', z.unknown(), notBuiltYet('webhook-delivery'));
