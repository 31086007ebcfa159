/** The sign-in link's page: inlined by shared/http/pages/sign-in-page.ts, allowed by the CSP through its hash. */
import '../legacy/sign-in.js';
