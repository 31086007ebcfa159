import { z } from 'zod';
import { createQueueWorker, notBuiltYet } from '#shared/adapters/queue-worker.js';

export const handler = createQueueWorker('mail', z.unknown(), notBuiltYet('mail-sender'));
