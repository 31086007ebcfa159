import { errorField, readJson } from '../shared/api.js';
import { byId, optionalById, requiredIn } from '../shared/dom.js';
import { duration } from '../shared/words.js';

/*
 * The sign-in form: an e-mail address, for a sign-in link.
 */
export function signInForm(): void {
  const form = optionalById('sign-in-form', HTMLFormElement);
  if (form) wire(form);
}

function wire(form: HTMLFormElement): void {
  const input = byId('sign-in-email', HTMLInputElement);
  const button = requiredIn(form, 'button[type=submit]', HTMLButtonElement);
  const message = byId('sign-in-error', HTMLElement);
  const sent = byId('sign-in-sent', HTMLElement);

  function fail(text: string): void {
    button.disabled = false;
    message.textContent = text;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = input.value.trim();
    message.textContent = '';
    input.removeAttribute('aria-invalid');
    if (!email) return fail('Enter your e-mail address.');
    button.disabled = true;
    fetch('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email }),
    })
      .then((response) => {
        if (response.status === 202) {
          byId('sign-in-address', HTMLElement).textContent = email;
          form.hidden = true;
          sent.hidden = false;
          sent.focus();
          return;
        }
        return readJson(response).then((body) => {
          const error = (errorField(body) ?? '').replace(/^email: /, '');
          if (response.status === 400) return fail(`That is not an e-mail address we can send to: ${error || 'check it and try again'}.`);
          if (response.status === 429)
            return fail(
              `Too many sign-in requests from this network. Try again in ${duration(Number(response.headers.get('retry-after')) || 60)}.`,
            );
          fail(`Sending the link failed (HTTP ${response.status}). Try again in a moment.`);
        });
      })
      .catch(() => {
        fail('Could not reach the service. Check your connection and try again.');
      });
  });
}
