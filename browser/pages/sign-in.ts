import { signInLink } from '../sign-in/sign-in-link.js';

/** The sign-in link's page: inlined by shared/http/pages/sign-in-page.ts, allowed by the CSP through its hash. */
signInLink();
