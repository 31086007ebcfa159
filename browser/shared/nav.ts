import { callApi } from './api.js';
import { credential, forgetCredential, keptAccountKey } from './credential.js';
import { append, clear, el, link, optionalById } from './dom.js';
import { listen, signedInEvent, type SignedIn } from './events.js';
import { signOut } from './sign-out.js';

/*
 * The header's account link: "Sign in" without a credential in the tab; with one, "Dashboard", the signed-in
 * e-mail (GET /api/v1/account, which sessions may call) and a sign-out button. The e-mail is kept for the tab,
 * so moving between pages costs no request against the account routes' hourly limit.
 */
interface Kept {
  tag: string;
  email: string;
}

// Which credential the kept e-mail belongs to, without keeping the credential twice.
function tag(held: string): string {
  return held.slice(-6);
}

function keep(held: string, email: string): void {
  const kept: Kept = { tag: tag(held), email };
  sessionStorage.setItem(keptAccountKey, JSON.stringify(kept));
}

function keptEmail(held: string): string | null {
  let kept: unknown = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(keptAccountKey) || 'null');
  } catch {
    kept = null;
  }
  if (typeof kept !== 'object' || kept === null || !('tag' in kept) || !('email' in kept)) return null;
  return kept.tag === tag(held) && typeof kept.email === 'string' && kept.email ? kept.email : null;
}

function showSignedIn(item: HTMLElement, email: string): void {
  const dashboard = link('/app', 'Dashboard');
  if (location.pathname === '/app') dashboard.setAttribute('aria-current', 'page');
  const who = el('span', 'nav-email', email);
  who.title = `Signed in as ${email}`;
  clear(item);
  item.className = 'nav-account';
  append(item, [dashboard, el('span', 'visually-hidden', 'Signed in as '), who]);
  // The dashboard has its own sign-out button; one per page is enough.
  if (document.getElementById('sign-out')) return;
  const out = el('button', 'link-button', 'Sign out');
  out.type = 'button';
  out.addEventListener('click', signOut);
  item.appendChild(out);
}

function signedIn(detail: unknown): SignedIn | null {
  if (typeof detail !== 'object' || detail === null || !('email' in detail)) return null;
  return typeof detail.email === 'string' && detail.email ? { email: detail.email } : null;
}

export function nav(): void {
  // The dashboard read the account with a credential the tab did not hold when this page started.
  listen(signedInEvent, signedIn, ({ email }) => {
    const item = optionalById('nav-account', HTMLElement);
    const held = credential();
    if (!item || !held) return;
    keep(held, email);
    showSignedIn(item, email);
  });

  const item = optionalById('nav-account', HTMLElement);
  const held = credential();
  if (!item || !held) return;
  const email = keptEmail(held);
  if (email) return showSignedIn(item, email);
  callApi<{ email?: string }>('GET', '/api/v1/account', held).then(
    (answer) => {
      if (answer.status === 200 && answer.body && answer.body.email) {
        keep(held, answer.body.email);
        showSignedIn(item, answer.body.email);
      } else if (answer.status === 401) {
        // A revoked key or an ended session: the tab no longer holds a credential.
        forgetCredential();
      }
    },
    () => {
      /* Unreachable service: the link stays "Sign in". */
    },
  );
}
