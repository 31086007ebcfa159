import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadConfig } from '#shared/config.js';
import { composeDependencies, type Built } from '#shared/dependencies.js';
import type { FamilyHandlers } from '#shared/http/family-handler.js';
import { requestSignIn, sendSignInMail } from '#shared/use-cases/accounts/sign-in.js';
import type { wire as authWire } from '#functions/http/auth.js';
import type { wire as mailSenderWire } from '#functions/workers/mail-sender.js';
import { emptyTable, unitTable } from '#test/unit/http/call-route.js';

type AuthDependencies = Built<typeof authWire>;
type MailSenderDependencies = Built<typeof mailSenderWire>;
const mailJob = { kind: 'sign-in' as const, jobId: '00000000-0000-4000-8000-000000000000', email: 'owner@example.com' };

describe('per-function dependencies', () => {
  it('gives a function the parts it was built with, and the config, clock and logger', () => {
    const table = unitTable(emptyTable);
    const deps = composeDependencies(loadConfig({}), { table });
    expect(deps.table).toBe(table);
    expect(deps.config.tableName).toBe('readiness');
    expect(typeof deps.clock.now()).toBe('number');
    expect(deps.logger).toBeDefined();
  });

  it('holds nothing its entry point did not build', () => {
    const deps = composeDependencies(loadConfig({}), { table: unitTable(emptyTable) });
    expect(Object.keys(deps).sort()).toEqual(['clock', 'config', 'logger', 'table']);
  });

  // The assertions below are checked by the compiler (`npm test` type-checks test/ first): an
  // `@ts-expect-error` that no longer finds its error fails the type check.
  it('makes a use case that needs a part its function does not build a type error', () => {
    // The mail sender builds the mailer the sign-in mail needs; the auth function does not.
    expectTypeOf<MailSenderDependencies>().toExtend<Parameters<typeof sendSignInMail>[1]>();
    expectTypeOf<AuthDependencies>().not.toExtend<Parameters<typeof sendSignInMail>[1]>();

    const withoutMailer = composeDependencies(loadConfig({}), { table: unitTable(emptyTable) });
    // @ts-expect-error -- built without the mailer (and the key pepper) that sending a sign-in mail uses
    const send = () => sendSignInMail(mailJob, withoutMailer);
    expect(typeof send).toBe('function');
  });

  it('makes an operation that passes its function a part it does not build a type error', () => {
    const operations: FamilyHandlers<'auth', AuthDependencies> = {
      register: async (request, deps) => ({ status: 202, body: await requestSignIn(request.body.email, deps) }),
      // @ts-expect-error -- the auth function does not build the mailer: it queues the mail for the mail sender
      signOut: async (_request, deps) => ({ status: 200, body: await sendSignInMail(mailJob, deps) }),
    };
    expect(Object.keys(operations)).toEqual(['register', 'signOut']);
  });
});
