import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { signUp } from '../support/accounts.js';
import { callApi } from '../support/http.js';

let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('agent-ready');
});
afterAll(async () => {
  await shop.close();
});

const stageOf = async (id: string) => ((await (await callApi(`/api/scan-progress/${id}`)).json()) as { stage: string | null }).stage;

describe("an account's scan reports its stages (the dashboard's scan form)", () => {
  it('records the stages under the X-Scan-Progress id of each of several concurrent scans', async () => {
    const user = await signUp({ tier: 'growth' });
    const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
    const answers = await Promise.all(
      ids.map((id) =>
        user.client.call('/api/v1/scan', {
          method: 'POST',
          key: user.apiKey,
          body: { url: `${shop.origin}/` },
          headers: { 'x-scan-progress': id },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // The scan answers only after its stage writes settle: the last stage is there once it has answered.
    expect(await Promise.all(ids.map(stageOf))).toEqual(['scoring', 'scoring', 'scoring', 'scoring']);
  });

  it('records no stage for a scan refused before it starts', async () => {
    const user = await signUp();
    const id = crypto.randomUUID();
    const refused = await user.client.call('/api/v1/scan', {
      method: 'POST',
      key: user.apiKey,
      body: { url: 'ftp://shop.example.com/' },
      headers: { 'x-scan-progress': id },
    });
    expect(refused.status).toBe(400);
    expect(await stageOf(id)).toBeNull();
  });
});
