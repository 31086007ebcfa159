import { describe, expect, it } from 'vitest';
import { recordScanProgress } from '#shared/db/scan-progress-store.js';
import { scanStages, type ScanStage } from '#shared/model/scans/scan-stage.js';
import { testTable } from './support/accounts.js';
import { callApi } from './support/http.js';

const progressOf = async (id: string) => {
  const response = await callApi(`/api/scan-progress/${id}`);
  return { status: response.status, body: (await response.json()) as { stage: ScanStage | null; updatedAt: string | null } };
};

describe('scan progress on the local stack', () => {
  it('answers a null stage before a scan reports one, and 400 for an id that is not a UUID', async () => {
    expect(await progressOf(crypto.randomUUID())).toEqual({ status: 200, body: { stage: null, updatedAt: null } });
    expect((await progressOf('not-a-uuid')).status).toBe(400);
  });

  it('keeps the latest stage when the writes of one scan race and arrive out of order', async () => {
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    await Promise.all(
      ids.flatMap((id) =>
        // Each stage written three times, all at once, latest stages first.
        [...scanStages]
          .reverse()
          .flatMap((stage) => Array.from({ length: 3 }, () => recordScanProgress(testTable(), id, stage, Date.now()))),
      ),
    );
    for (const id of ids) {
      const { status, body } = await progressOf(id);
      expect(status).toBe(200);
      expect(body.stage).toBe('scoring');
      expect(Date.parse(body.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('reads an expired record as no progress (TTL deletes lazily)', async () => {
    const id = crypto.randomUUID();
    await recordScanProgress(testTable(), id, 'homepage', Date.now() - 2 * 3_600_000);
    expect((await progressOf(id)).body).toEqual({ stage: null, updatedAt: null });
  });
});
