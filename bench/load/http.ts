/** A small JSON client for the setup and the checks (the load itself goes through autocannon). */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  api: string,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed as T };
}

/** The same, insisting on a 2xx. */
export async function expectOk<T = Record<string, unknown>>(
  api: string,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
): Promise<T> {
  const answer = await call<T>(api, method, path, key, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export interface Usage {
  dailyScans: number;
  monthlyApiCalls: number;
}

/**
 * GET /api/v1/account is outside the monthly allowance, so reading usage does not change it, and a read
 * that failed (a 5xx while the service catches up after a fault) can be repeated: up to 5 tries.
 */
export async function usageOf(api: string, key: string): Promise<Usage> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const account = await expectOk<{ usage: Usage }>(api, 'GET', '/api/v1/account', key);
      return { dailyScans: account.usage.dailyScans, monthlyApiCalls: account.usage.monthlyApiCalls };
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
