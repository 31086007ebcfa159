import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { readOwnershipProof } from '#shared/use-cases/sites/read-ownership-proof.js';
import { pageWithHead, startProofSite, type ProofSite } from '#test/fixtures/proof-site.js';

const filePath = '/.well-known/agent-readiness-site-verification.txt';
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
let site: ProofSite;
const loopback = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });

beforeAll(async () => {
  site = await startProofSite();
});
afterAll(() => Promise.all([site.close(), loopback.close()]));

describe("reading a site's proof of ownership", () => {
  it('reads every meta tag of that name and the token-shaped lines of the file', async () => {
    site.serve(
      '/a/',
      pageWithHead(
        `<meta name="agent-readiness-site-verification" content="first"><meta name="AGENT-READINESS-SITE-VERIFICATION" content="${token}"><meta name="other" content="x">`,
      ),
    );
    site.serve(filePath, { status: 200, contentType: 'text/plain', body: `# owners\r\n${token}\r\n<html>not a token</html>\n` });
    const { meta, file } = await readOwnershipProof(`${site.origin}/a/`, loopback);
    expect(meta).toEqual({ kind: 'read', url: `${site.origin}/a/`, values: ['first', token] });
    expect(file).toEqual({ kind: 'read', url: `${site.origin}${filePath}`, values: [token] });
  });

  it('tells a missing file from an unreadable page', async () => {
    site.serve(filePath, null);
    site.serve('/down/', { status: 503, body: 'busy' });
    const { meta, file } = await readOwnershipProof(`${site.origin}/down/`, loopback);
    expect(meta).toEqual({ kind: 'unreadable', url: `${site.origin}/down/`, why: 'HTTP 503' });
    expect(file).toEqual({ kind: 'absent', url: `${site.origin}${filePath}`, why: 'HTTP 404' });
  });

  it("a soft 404 page served for the file holds no token, not another site's", async () => {
    site.serve(filePath, pageWithHead('<title>Page not found</title>'));
    const { file } = await readOwnershipProof(`${site.origin}/a/`, loopback);
    expect(file).toMatchObject({ kind: 'read', values: [] });
  });

  it('sends nothing to an address the policy does not allow, and says so as a scan does', async () => {
    const guarded = createFetcher({ allowPrivateHosts: [] });
    const before = site.requested.length;
    const { meta, file } = await readOwnershipProof(`${site.origin}/a/`, guarded);
    expect(meta).toMatchObject({ kind: 'unreadable', why: 'The site could not be reached' });
    expect(file).toMatchObject({ kind: 'unreadable', why: 'The site could not be reached' });
    expect(site.requested.length).toBe(before);
    await guarded.close();
  });
});
