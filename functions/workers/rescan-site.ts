import { z } from 'zod';
import { createQueueWorker, notBuiltYet } from '#shared/adapters/queue-worker.js';

export const handler = createQueueWorker('rescan', z.unknown(), notBuiltYet('rescan-site'));
