import { callApi } from './api.js';
import { credential, forgetCredential, isSession } from './credential.js';

/**
 * Signs the tab out, from the header or the dashboard: a dashboard session is ended on the service too
 * (DELETE /api/v1/auth/session), a key is only forgotten here; then the scanner opens.
 */
export function signOut(): void {
  const held = credential();
  forgetCredential();
  const leave = () => {
    location.assign('/');
  };
  if (held && isSession(held)) callApi('DELETE', '/api/v1/auth/session', held).then(leave, leave);
  else leave();
}
