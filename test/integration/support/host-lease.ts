import { claimHost, spaceHost } from '#shared/db/host-lease-store.js';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { testTable } from './accounts.js';

/**
 * Changes what a fixture shop serves while no rescan of it is running. Other test files sweep every
 * site of the shared stack, so a rescan may be reading the shop when the test changes it: that rescan
 * sees half of each and records a score of neither. Taking the host's rescan lease, as a rescan does,
 * waits for a running rescan to finish and defers any that starts meanwhile until the change is made.
 */
export async function changeShopWhileNoRescan(origin: string, change: () => void): Promise<void> {
  const host = new URL(origin).host;
  const table = testTable();
  await waitUntil(
    async () => {
      const nowSeconds = Math.floor(Date.now() / 1000);
      return (await claimHost(table, host, { nowSeconds, untilSeconds: nowSeconds + 5 })).claimed;
    },
    { timeoutMs: 60_000, intervalMs: 100, description: `no rescan of ${host} running` },
  );
  try {
    change();
  } finally {
    await spaceHost(table, host, Math.floor(Date.now() / 1000));
  }
}
