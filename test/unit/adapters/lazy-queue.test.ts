import { describe, expect, it } from 'vitest';
import { lazyQueue } from '#shared/adapters/lazy-queue.js';
import type { Queue } from '#shared/adapters/queue.js';

function recordingQueue(sent: unknown[]): Queue {
  return {
    send: async (name, message) => void sent.push([name, message]),
    sendMany: async (name, messages) => void sent.push([name, messages]),
    retryLater: async (name, handle, seconds) => void sent.push([name, handle, seconds]),
    ping: async () => void sent.push('ping'),
  };
}

describe('lazyQueue', () => {
  it('loads the client once, on first use, and passes every call through', async () => {
    const sent: unknown[] = [];
    let loads = 0;
    const queue = lazyQueue(async () => {
      loads += 1;
      return recordingQueue(sent);
    });
    expect(loads).toBe(0);
    await Promise.all([queue.ping(), queue.send('mail', { a: 1 }), queue.sendMany('rescan', [1, 2])]);
    expect(loads).toBe(1);
    expect(sent).toEqual(expect.arrayContaining(['ping', ['mail', { a: 1 }], ['rescan', [1, 2]]]));
  });

  it('tries a failed load again on the next call instead of failing for ever', async () => {
    let loads = 0;
    const queue = lazyQueue(async () => {
      loads += 1;
      if (loads === 1) throw new Error('cold network');
      return recordingQueue([]);
    });
    await expect(queue.ping()).rejects.toThrow('cold network');
    await expect(queue.ping()).resolves.toBeUndefined();
    expect(loads).toBe(2);
  });
});
