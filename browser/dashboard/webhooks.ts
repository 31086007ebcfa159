import { apiError, callApi, type ApiAnswer } from '../shared/api.js';
import { copyButton } from '../shared/clipboard.js';
import { credential } from '../shared/credential.js';
import { append, ask, byId, clear, el, errorLine, input, labelFor, link, statusLine, table } from '../shared/dom.js';
import { limitText } from '../shared/words.js';
import type { DashboardSection } from './section.js';

/*
 * The dashboard's webhooks: the list (endpoint, events, last delivery, state), create (the signing secret shown
 * once), send a test, the delivery log with redeliver, delete. A dashboard session may call these routes too
 * (docs/decisions/067-webhooks-in-the-dashboard.md). Outcomes and errors show in place.
 */

/** The webhook routes' answers, as far as the section reads them (shared/http/schemas/webhooks-schemas.ts). */
interface Webhook {
  id: string;
  url: string;
  label: string | null;
  events: string[];
  isActive: boolean;
  lastTriggeredAt: string | null;
  lastStatusCode: number | null;
  failureCount: number;
}

interface WebhookList {
  webhooks: Webhook[];
  limit: number;
  used: number;
  allowedEvents: string[];
}

interface CreatedWebhook {
  webhook: Webhook;
  secret: string;
}

interface DeliveryOutcome {
  success: boolean;
  statusCode: number | null;
  message: string;
}

interface DeliveryAttempt {
  eventId: string;
  eventType: string;
  attempt: number;
  test: boolean;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  attemptedAt: string;
}

const base = '/api/v1/account/webhooks';
// What a change leaves for the next render, after the whole dashboard is read again (the account's counts
// change too): the new secret, shown that once, and a sentence on what happened.
let carried: { created: CreatedWebhook | null; message: string } = { created: null, message: '' };
const labelMax = 100;
const eventNames: Record<string, string | undefined> = {
  score_change: 'score_change: a watched site’s score changed',
  scan_complete: 'scan_complete: a scan finished',
  threshold_alert: 'threshold_alert: a threshold was crossed',
  batch_complete: 'batch_complete: a batch finished',
};

/** The tab's credential: the dashboard renders only once it holds one. */
function held(): string {
  return credential() || '';
}

function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never';
}

// A test's or redelivery's answer as one sentence: what the endpoint said, or why it was not sent.
function outcomeText(answer: ApiAnswer<DeliveryOutcome>, what: string): string {
  if (answer.status === 200) {
    const code = answer.body.statusCode === null ? 'no HTTP status' : `HTTP ${answer.body.statusCode}`;
    return `${what}${answer.body.success ? ' succeeded · ' : ' failed · '}${code} · ${answer.body.message}`;
  }
  if (answer.status === 429) {
    const reason = apiError(answer, what);
    return `Not sent: the hourly limit is reached. ${reason}${answer.retryAfter ? '' : ' Try again later.'}`;
  }
  return `Not sent: ${apiError(answer, what)}`;
}

function lastDelivery(hook: Webhook): string {
  if (!hook.lastTriggeredAt) return 'none yet';
  return `${when(hook.lastTriggeredAt)} · ${hook.lastStatusCode === null ? 'no HTTP status' : `HTTP ${hook.lastStatusCode}`}`;
}

function state(hook: Webhook): string {
  if (!hook.isActive) return 'disabled after repeated failures (a successful test turns it back on)';
  return hook.failureCount ? `active, ${hook.failureCount} failures in a row` : 'active';
}

function hostOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] || url;
}

function button(text: string, label?: string, secondary?: boolean): HTMLButtonElement {
  const b = el('button', secondary === false ? '' : 'secondary', text);
  b.type = 'button';
  if (label) b.setAttribute('aria-label', label);
  return b;
}

// The log of one webhook, newest first, into `box`; an event (not a test) can be delivered again: its outcome
// goes to `outcome` (beneath the log), and the log is read again.
function deliveryLog(hook: Webhook, box: HTMLElement, outcome: HTMLElement, onDelivered: () => void): void {
  clear(box);
  box.appendChild(el('p', 'muted small', 'Loading the delivery log…'));
  void callApi<{ deliveries: DeliveryAttempt[] }>('GET', `${base}/${encodeURIComponent(hook.id)}/deliveries`, held()).then((answer) => {
    clear(box);
    if (answer.status !== 200) {
      box.appendChild(el('p', 'notice error', apiError(answer, 'Reading the delivery log')));
      return;
    }
    const deliveries = answer.body.deliveries;
    if (!deliveries.length) {
      box.appendChild(el('p', 'small', 'No deliveries in the last 30 days.'));
      return;
    }
    box.appendChild(el('p', 'small muted', `The last ${deliveries.length} attempts, newest first (times in UTC).`));
    box.appendChild(
      table(
        ['When', 'Event', 'Outcome', 'Again'],
        deliveries.map((delivery) => {
          const result = delivery.success
            ? `delivered, HTTP ${delivery.statusCode}`
            : `failed: ${delivery.error || (delivery.statusCode === null ? 'no answer' : `HTTP ${delivery.statusCode}`)}`;
          let again: HTMLButtonElement | string = '-';
          if (!delivery.test) {
            const redeliver = button('Redeliver', `Redeliver the ${delivery.eventType} event of ${when(delivery.attemptedAt)}`);
            redeliver.addEventListener('click', () => {
              redeliver.disabled = true;
              outcome.textContent = 'Redelivering…';
              const path = `${base}/${encodeURIComponent(hook.id)}/deliveries/${encodeURIComponent(delivery.eventId)}/redeliver`;
              callApi<DeliveryOutcome>('POST', path, held()).then(
                (sent) => {
                  outcome.textContent = outcomeText(sent, 'Redelivery');
                  outcome.className = `notice small${sent.status === 200 && sent.body.success ? '' : ' error'}`;
                  deliveryLog(hook, box, outcome, onDelivered);
                  onDelivered();
                },
                () => {
                  outcome.textContent = 'Could not reach the service: try again.';
                  redeliver.disabled = false;
                },
              );
            });
            again = redeliver;
          }
          return [
            delivery.attemptedAt.slice(5, 16).replace('T', ' '),
            delivery.eventType + (delivery.test ? ' (test)' : ` · attempt ${delivery.attempt}`),
            `${result} · ${delivery.durationMs} ms`,
            again,
          ];
        }),
      ),
    );
  });
}

// One webhook as a card: its facts, then its actions and their outcomes.
function webhookCard(hook: Webhook, reload: () => void): HTMLElement {
  const card = el('article', 'panel webhook');
  const titleId = `webhook-title-${hook.id}`;
  card.setAttribute('aria-labelledby', titleId);
  const name = hook.label || hostOf(hook.url);
  const title = el('h3', '', name);
  title.id = titleId;
  const facts = el('dl', 'facts');
  function showFacts(current: Webhook): void {
    clear(facts);
    const pairs: Array<[string, Node | string]> = [
      ['Endpoint', el('code', 'key', current.url)],
      ['Events', current.events.join(', ')],
      ['Last delivery', lastDelivery(current)],
      ['State', state(current)],
    ];
    for (const [term, value] of pairs) {
      facts.appendChild(el('dt', '', term));
      const dd = el('dd');
      if (value instanceof Node) dd.appendChild(value);
      else dd.textContent = value;
      facts.appendChild(dd);
    }
  }
  // After a test or a redelivery: the endpoint's last delivery and state as they are now.
  function reread(): void {
    void callApi<WebhookList>('GET', base, held()).then((answer) => {
      const now = answer.status === 200 && answer.body.webhooks.filter((other) => other.id === hook.id)[0];
      if (now) showFacts(now);
    });
  }
  showFacts(hook);
  const outcome = statusLine(`webhook-outcome-${hook.id}`);
  const logBox = el('div', 'delivery-log');
  logBox.id = `delivery-log-${hook.id}`;
  logBox.hidden = true;
  const logRows = el('div');
  const logOutcome = statusLine(`redeliver-outcome-${hook.id}`);
  append(logBox, [logRows, logOutcome]);
  const actions = el('div', 'field-row');
  const test = button('Send a test', `Send a test to ${name}`);
  test.addEventListener('click', () => {
    test.disabled = true;
    outcome.textContent = 'Sending a signed test…';
    callApi<DeliveryOutcome>('POST', `${base}/${encodeURIComponent(hook.id)}/test`, held()).then(
      (answer) => {
        test.disabled = false;
        outcome.textContent = outcomeText(answer, 'Test');
        outcome.className = `notice small${answer.status === 200 && answer.body.success ? '' : ' error'}`;
        reread();
        if (!logBox.hidden) deliveryLog(hook, logRows, logOutcome, reread);
      },
      () => {
        test.disabled = false;
        outcome.textContent = 'Could not reach the service: try again.';
      },
    );
  });
  const logToggle = button('Show the delivery log', `Show the delivery log of ${name}`);
  logToggle.setAttribute('aria-expanded', 'false');
  logToggle.setAttribute('aria-controls', logBox.id);
  function showLog(open: boolean): void {
    logBox.hidden = !open;
    logToggle.setAttribute('aria-expanded', String(open));
    logToggle.textContent = open ? 'Hide the delivery log' : 'Show the delivery log';
    logToggle.setAttribute('aria-label', `${logToggle.textContent} of ${name}`);
    if (open) deliveryLog(hook, logRows, logOutcome, reread);
  }
  logToggle.addEventListener('click', () => {
    showLog(logBox.hidden);
  });
  const remove = button('Delete', `Delete the webhook ${name}`);
  remove.addEventListener('click', () => {
    ask(actions, `Delete the webhook to ${hostOf(hook.url)}? Its deliveries stop at once.`, 'Delete now', () => {
      void callApi('DELETE', `${base}/${encodeURIComponent(hook.id)}`, held()).then((answer) => {
        carried.message =
          answer.status === 200 ? `The webhook to ${hostOf(hook.url)} was deleted.` : apiError(answer, 'Deleting the webhook');
        reload();
      });
    });
  });
  append(actions, [test, logToggle, remove]);
  append(card, [title, facts, actions, outcome, logBox]);
  return card;
}

// The form for a new endpoint: checked as POST /api/v1/account/webhooks checks it.
function webhookForm(allowed: readonly string[], onCreated: (created: CreatedWebhook) => void): HTMLFormElement {
  const form = el('form', 'stack');
  form.id = 'new-webhook-form';
  form.noValidate = true;
  const error = errorLine('new-webhook-error');
  const url = input({
    type: 'url',
    id: 'new-webhook-url',
    name: 'url',
    required: true,
    placeholder: 'https://example.com/hooks/agent-readiness',
    autocomplete: 'off',
    spellcheck: false,
    describedBy: 'new-webhook-error',
  });
  const events = el('fieldset', 'choices');
  events.setAttribute('aria-describedby', 'new-webhook-error');
  events.appendChild(el('legend', '', 'Events to send'));
  const boxes = allowed.map((name, index) => {
    const box = input({ type: 'checkbox', name: 'events', value: name, id: `new-webhook-event-${name}`, checked: index === 0 });
    const label = el('label', 'choice');
    label.htmlFor = box.id;
    append(label, [box, el('span', '', eventNames[name] || name)]);
    events.appendChild(label);
    return box;
  });
  const label = input({
    type: 'text',
    id: 'new-webhook-label',
    name: 'label',
    maxLength: labelMax,
    autocomplete: 'off',
    describedBy: 'new-webhook-error',
  });
  const create = el('button', '', 'Add the webhook');
  create.type = 'submit';
  function refuse(message: string, field?: HTMLElement | null): void {
    error.textContent = message;
    if (field) field.setAttribute('aria-invalid', 'true');
    create.disabled = false;
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.textContent = '';
    for (const field of [url, events, label]) field.removeAttribute('aria-invalid');
    const address = url.value.trim();
    const chosen = boxes.filter((box) => box.checked).map((box) => box.value);
    const text = label.value.trim();
    if (!address) return refuse('Enter the endpoint’s URL: it is required.', url);
    if (!/^https?:\/\/[^\s/?#]+/i.test(address)) return refuse(`The URL must be an https:// address, such as ${url.placeholder}.`, url);
    if (address.length > 2048) return refuse('The URL must be at most 2048 characters.', url);
    if (!chosen.length) return refuse('Choose at least one event to send.', events);
    if (text.length > labelMax) return refuse(`The label must be at most ${labelMax} characters.`, label);
    const body: { url: string; events: string[]; label?: string } = { url: address, events: chosen };
    if (text) body.label = text;
    create.disabled = true;
    callApi<CreatedWebhook>('POST', base, held(), body).then(
      (answer) => {
        if (answer.status !== 201) return refuse(apiError(answer, 'Adding the webhook'), answer.status === 400 ? url : null);
        onCreated(answer.body);
      },
      () => {
        refuse('Could not reach the service: try again.');
      },
    );
  });
  append(form, [
    labelFor('new-webhook-url', 'Endpoint URL (https)'),
    url,
    events,
    labelFor('new-webhook-label', 'Label of the webhook (optional)'),
    label,
    error,
    create,
  ]);
  return form;
}

function showSecret(box: HTMLElement, created: CreatedWebhook): void {
  clear(box);
  const panel = el('div', 'notice');
  append(panel, [
    el(
      'p',
      '',
      `The webhook to ${hostOf(created.webhook.url)} was added. Its signing secret is shown only once: store it where your receiver checks the X-Service-Signature header.`,
    ),
    el('code', 'key block', created.secret),
    copyButton('Copy the signing secret', created.secret),
  ]);
  box.appendChild(panel);
}

function showWebhooks(box: HTMLElement, reload: () => void): void {
  const secretBox = el('div');
  secretBox.id = 'new-webhook-secret';
  const status = statusLine('webhooks-status');
  const listBox = el('div');
  append(box, [secretBox, status, listBox]);
  if (carried.created) showSecret(secretBox, carried.created);
  status.textContent = carried.message;
  carried = { created: null, message: '' };
  listBox.appendChild(el('p', 'muted small', 'Loading the webhooks…'));

  function render(list: WebhookList): void {
    listBox.appendChild(
      el(
        'p',
        'small muted',
        `${limitText(list.used, list.limit)} webhooks. Each delivery is signed with the webhook’s secret (X-Service-Signature and Standard Webhooks headers).`,
      ),
    );
    if (!list.webhooks.length) listBox.appendChild(el('p', '', 'No webhooks yet.'));
    for (const hook of list.webhooks) listBox.appendChild(webhookCard(hook, reload));
    if (list.used >= list.limit) {
      listBox.appendChild(
        append(el('p', 'small'), [
          document.createTextNode('Your plan has no room for another webhook: delete one, or '),
          link('/pricing', 'see the plans'),
          document.createTextNode('.'),
        ]),
      );
      return;
    }
    listBox.appendChild(el('h3', '', 'Add a webhook'));
    listBox.appendChild(
      webhookForm(list.allowedEvents, (created) => {
        carried.created = created;
        reload();
      }),
    );
  }

  callApi<WebhookList>('GET', base, held()).then(
    (answer) => {
      clear(listBox);
      if (answer.status !== 200) {
        listBox.appendChild(el('p', 'notice error', apiError(answer, 'Reading the webhooks')));
        return;
      }
      render(answer.body);
    },
    () => {
      clear(listBox);
      listBox.appendChild(el('p', 'notice error', 'Could not reach the service. Reload to try again.'));
    },
  );
}

export const webhooksSection: DashboardSection = {
  id: 'webhooks',
  render: (context) => {
    const box = byId('webhooks', HTMLElement);
    const webhooks = context.overview.webhooks;
    if (!webhooks) {
      box.appendChild(el('p', 'muted', 'This key may not read webhooks (it lacks the webhooks:read scope).'));
      return;
    }
    if (webhooks.limit === 0) {
      box.appendChild(
        append(el('p'), [
          document.createTextNode('Webhooks come with the pro and growth plans. '),
          link('/pricing', 'Compare the plans'),
          document.createTextNode('.'),
        ]),
      );
      return;
    }
    showWebhooks(box, context.reload);
  },
};
