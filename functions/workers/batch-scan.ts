import { z } from 'zod';
import { createQueueWorker, notBuiltYet } from '#shared/adapters/queue-worker.js';

export const handler = createQueueWorker('batch', z.unknown(), notBuiltYet('batch-scan'));
