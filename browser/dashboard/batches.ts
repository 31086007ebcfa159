import { callApi, errorField, retryAfterSeconds, type ApiAnswer } from '../shared/api.js';
import { isSession } from '../shared/credential.js';
import { append, byId, clear, el, errorLine, input, labelFor, link, table } from '../shared/dom.js';
import { bandNames, day, duration, type Band } from '../shared/words.js';
import { keyNeeded } from './key-needed.js';
import type { DashboardSection } from './section.js';

/*
 * The dashboard's batch scans (growth): submit up to 50 shops, the batches with their progress, and one batch's
 * per-shop results, asked again while it runs. Every batch route is metered (one API call each), so only the
 * open batch is asked again, less and less often.
 */

// As POST /api/v1/batch/scan checks (config batchMaxUrls and labelMaxLength); each address is checked by the
// service, and one it refuses becomes a failed item with its reason.
const maxUrls = 50;
const labelMaxLength = 100;
const listLimit = 10;
const firstPollMs = 1000;
const maxPollMs = 15000;

type BatchStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** A batch as GET /api/v1/batch/scans lists it (shared/http/schemas/batch-schemas.ts). */
interface BatchRow {
  id: string;
  label: string | null;
  status: BatchStatus;
  totalUrls: number;
  completedUrls: number;
  failedUrls: number;
  createdAt: string;
}

/** One batch with its items, as GET /api/v1/batch/scan/{id} gives it. */
interface BatchDetail extends BatchRow {
  results: Array<{
    url: string;
    status: BatchStatus;
    scanId: string | null;
    score: number | null;
    band: Band | null;
    error: string | null;
  }>;
}

const statusNames: Record<string, string | undefined> = {
  pending: 'Waiting',
  processing: 'Scanning',
  completed: 'Completed',
  failed: 'Failed',
};
// Only one batch is watched at a time; a new render of the section stops the old one's polling.
let pollTimer: number | null = null;

function stopPolling(): void {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
}

function running(batch: BatchRow): boolean {
  return batch.status === 'pending' || batch.status === 'processing';
}

function progressText(batch: BatchRow): string {
  const done = batch.completedUrls + batch.failedUrls;
  return `${done} of ${batch.totalUrls} scanned${
    batch.failedUrls ? ` (${batch.completedUrls} completed, ${batch.failedUrls} failed)` : ''
  }`;
}

function batchName(batch: BatchRow): string {
  return batch.label || `Batch of ${day(batch.createdAt)}`;
}

function errorText(answer: ApiAnswer, action: string): string {
  const error = (errorField(answer.body) ?? '').replace(/[.]$/, '');
  if (answer.status === 400) return `The batch was refused: ${error || 'check the addresses and the label'}.`;
  if (answer.status === 401) return 'This key is no longer accepted: it may have been revoked. Reload the dashboard and use another key.';
  if (answer.status === 403) return 'Batch scans come with the growth plan.';
  if (answer.status === 429) {
    const seconds = retryAfterSeconds(answer.body);
    return `${error || 'Too many requests'}.${seconds ? ` Try again in ${duration(seconds)}.` : ''}`;
  }
  return `Could not ${action} (HTTP ${answer.status})${error ? `: ${error}` : ''}.`;
}

function showBatches(box: HTMLElement, key: string): void {
  const listBox = el('div');
  listBox.id = 'batch-list';
  const detailBox = el('div');
  detailBox.id = 'batch-detail';
  let batches: BatchRow[] = [];
  let openId: string | null = null;

  function showList(): void {
    clear(listBox);
    if (!batches.length) {
      listBox.appendChild(el('p', 'muted', 'No batches yet.'));
      return;
    }
    listBox.appendChild(
      table(
        ['Batch', 'Status', 'Progress', 'Submitted'],
        batches.map((batch) => {
          const open = el('button', 'secondary', batchName(batch));
          open.type = 'button';
          open.setAttribute('aria-controls', 'batch-detail');
          open.setAttribute('aria-label', `Show the results of ${batchName(batch)}`);
          open.addEventListener('click', () => {
            openBatch(batch.id);
          });
          return [open, statusNames[batch.status] || batch.status, progressText(batch), day(batch.createdAt)];
        }),
      ),
    );
  }

  function loadList(): Promise<void> {
    return callApi<{ batches: BatchRow[] }>('GET', `/api/v1/batch/scans?limit=${listLimit}`, key).then((answer) => {
      if (answer.status !== 200) {
        clear(listBox);
        listBox.appendChild(el('p', 'notice error', errorText(answer, 'list the batches')));
        return;
      }
      batches = answer.body.batches;
      showList();
    });
  }

  function showDetail(batch: BatchDetail): void {
    clear(detailBox);
    const bar = el('progress');
    bar.max = batch.totalUrls;
    bar.value = batch.completedUrls + batch.failedUrls;
    bar.setAttribute('aria-label', `Progress of ${batchName(batch)}`);
    const summary = el('p', 'batch-progress');
    summary.setAttribute('role', 'status');
    append(summary, [bar, el('span', '', `${statusNames[batch.status] || batch.status}: ${progressText(batch)}`)]);
    append(detailBox, [
      el('h3', '', batchName(batch)),
      summary,
      table(
        ['Shop', 'Result'],
        batch.results.map((item) => {
          const shop = item.scanId ? link(`/app/scans/${encodeURIComponent(item.scanId)}`, item.url) : el('span', '', item.url);
          const result =
            item.status === 'completed' && item.score !== null
              ? `${item.score} · ${(item.band && bandNames[item.band]) || item.band}`
              : item.status === 'failed'
                ? `Failed: ${item.error || 'no reason given'}`
                : statusNames[item.status] || item.status;
          return [shop, result];
        }),
      ),
    ]);
  }

  function openBatch(id: string, delay?: number): void {
    stopPolling();
    openId = id;
    callApi<BatchDetail>('GET', `/api/v1/batch/scan/${encodeURIComponent(id)}`, key).then(
      (answer) => {
        if (openId !== id) return;
        if (answer.status !== 200) {
          clear(detailBox);
          detailBox.appendChild(el('p', 'notice error', errorText(answer, 'read the batch')));
          return;
        }
        const batch = answer.body;
        showDetail(batch);
        // The list row follows the batch as it is asked again, without a call of its own.
        for (const row of batches) {
          if (row.id !== batch.id) continue;
          row.status = batch.status;
          row.completedUrls = batch.completedUrls;
          row.failedUrls = batch.failedUrls;
        }
        showList();
        if (!running(batch)) return;
        const next = Math.min((delay || firstPollMs) * 1.5, maxPollMs);
        pollTimer = window.setTimeout(() => {
          if (document.body.contains(detailBox)) openBatch(id, next);
        }, delay || firstPollMs);
      },
      () => {
        detailBox.appendChild(el('p', 'notice error', 'Could not reach the service. Open the batch again to retry.'));
      },
    );
  }

  append(box, [submitForm(key, loadList, openBatch), el('h3', '', 'Your batches'), listBox, detailBox]);
  loadList().then(
    () => {
      const active = batches.filter(running)[0];
      if (active) openBatch(active.id);
    },
    () => {
      listBox.appendChild(el('p', 'notice error', 'Could not reach the service. Reload to try again.'));
    },
  );
}

function submitForm(key: string, loadList: () => Promise<void>, openBatch: (id: string) => void): HTMLFormElement {
  const form = el('form', 'panel');
  form.id = 'batch-form';
  form.noValidate = true;
  const urls = el('textarea');
  urls.id = 'batch-urls';
  urls.name = 'urls';
  urls.rows = 4;
  urls.spellcheck = false;
  urls.required = true;
  urls.placeholder = 'https://shop.example.com\nhttps://another-shop.example.com';
  urls.setAttribute('aria-describedby', 'batch-help batch-error');
  const label = input({ type: 'text', id: 'batch-label', name: 'label', maxLength: labelMaxLength, describedBy: 'batch-error' });
  const help = el('p', 'small muted', 'The shops are scanned in the background with your plan. Each request here is one API call.');
  help.id = 'batch-help';
  const message = errorLine('batch-error');
  const button = el('button', '', 'Scan these shops');
  button.type = 'submit';
  append(form, [
    labelFor('batch-urls', `Shop addresses, one per line (up to ${maxUrls})`),
    urls,
    labelFor('batch-label', 'Batch label (optional)'),
    label,
    help,
    message,
    append(el('p'), [button]),
  ]);

  function fail(text: string, field?: HTMLElement | null): void {
    button.disabled = false;
    message.textContent = text;
    if (field) {
      field.setAttribute('aria-invalid', 'true');
      field.focus();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    message.textContent = '';
    urls.removeAttribute('aria-invalid');
    label.removeAttribute('aria-invalid');
    const list = urls.value
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const name = label.value.trim();
    if (!list.length) return fail('Enter at least one shop address, one per line.', urls);
    if (list.length > maxUrls) return fail(`A batch takes at most ${maxUrls} addresses; this one has ${list.length}.`, urls);
    if (name.length > labelMaxLength) return fail(`The label may have at most ${labelMaxLength} characters.`, label);
    button.disabled = true;
    const body: { urls: string[]; label?: string } = { urls: list };
    if (name) body.label = name;
    callApi<{ batchId: string }>('POST', '/api/v1/batch/scan', key, body).then(
      (answer) => {
        if (answer.status !== 202) return fail(errorText(answer, 'submit the batch'), answer.status === 400 ? urls : null);
        button.disabled = false;
        urls.value = '';
        label.value = '';
        void loadList().then(() => {
          openBatch(answer.body.batchId);
        });
      },
      () => {
        fail('Could not reach the service. Check your connection and try again.');
      },
    );
  });
  return form;
}

export const batchesSection: DashboardSection = {
  id: 'batches',
  render: (context) => {
    stopPolling();
    const box = byId('batches', HTMLElement);
    if (context.overview.account.tier !== 'growth') {
      append(box, [
        append(el('p'), [
          document.createTextNode(
            `Batch scans come with the growth plan: up to ${maxUrls} shops in one request, scanned in the background. `,
          ),
          link('/pricing', 'Compare the plans'),
        ]),
      ]);
      return;
    }
    if (isSession(context.credential)) return keyNeeded(box, 'Batch scans');
    if (!context.overview.scans) {
      box.appendChild(el('p', 'muted', 'This key may not run batches: it lacks the scanner:read scope.'));
      return;
    }
    showBatches(box, context.credential);
  },
};
