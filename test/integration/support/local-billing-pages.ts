import { load } from 'cheerio/slim';
import { fetch } from 'undici';
import { inject } from 'vitest';

/** The local billing provider's pages (checkout, portal) as a browser would use them: their forms, submitted. */
export interface PageForm {
  action: string;
  fields: Record<string, string>;
  label: string;
}

/** The dev server's pages, reached on the stack's own address whatever host the link names. */
function onStack(link: string): string {
  const url = new URL(link);
  return `${inject('apiBaseUrl')}${url.pathname}${url.search}`;
}

export async function page(link: string): Promise<{ status: number; forms: PageForm[]; text: string }> {
  const response = await fetch(onStack(link));
  const text = await response.text();
  const $ = load(text);
  const forms = $('form')
    .toArray()
    .map((form) => ({
      action: $(form).attr('action') ?? '',
      fields: Object.fromEntries(
        $(form)
          .find('input[type=hidden]')
          .toArray()
          .map((input) => [$(input).attr('name') ?? '', $(input).attr('value') ?? '']),
      ),
      label: $(form).find('button').text(),
    }));
  return { status: response.status, forms, text };
}

/** Submits a form as a browser would: url-encoded, not following the redirect. */
export async function submit(form: PageForm): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${inject('apiBaseUrl')}${form.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

export function formLabelled(forms: PageForm[], label: RegExp): PageForm {
  const form = forms.find((candidate) => label.test(candidate.label));
  if (!form) throw new Error(`No form labelled ${label} among ${forms.map((f) => f.label).join(' | ')}`);
  return form;
}
