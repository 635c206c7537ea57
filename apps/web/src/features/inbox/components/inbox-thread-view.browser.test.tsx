import '@mantine/core/styles.css';
import type { InboxEmailView } from '@apothecall/domain/inbox/inbox.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { InboxThreadView } from './inbox-thread-view';

/**
 * An inbox thread in Chromium: its e-mails as text; a reply sends what was typed, empties the
 * field and the thread is asked for again with the reply in it; an empty reply is refused
 * before anything is sent; in English and Spanish.
 */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const threadId = id(1);
const email = (n: number, direction: 'in' | 'out', text: string): InboxEmailView => ({
  emailId: id(100 + n),
  threadId,
  direction,
  from: direction === 'in' ? 'pat@example.com' : 'pharmacy@example.com',
  fromName: null,
  to: [direction === 'in' ? 'pharmacy@example.com' : 'pat@example.com'],
  subject: 'Refill question',
  text,
  timeStamp: `2026-11-0${n}T09:00:00.000Z`,
  attachments: [],
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: the thread's e-mails; a reply joins them. */
function serve() {
  let emails = [email(1, 'in', 'Is my refill ready?')];
  const calls: Call[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, path, body });
      if (method === 'POST' && path.endsWith(`/pharmacy/inbox/threads/${threadId}/reply`)) {
        const sent = email(emails.length + 1, 'out', body.text);
        emails = [...emails, sent];
        return json({ error: false, email: sent });
      }
      if (method === 'GET' && path.endsWith(`/pharmacy/inbox/threads/${threadId}`)) {
        return json({
          error: false,
          thread: {
            threadId,
            subject: 'Refill question',
            counterpart: 'pat@example.com',
            counterpartName: null,
            emails,
          },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(
    <InboxThreadView threadId={threadId} onBack={() => undefined} />,
    { language: lang },
  );
  return host;
}

const texts = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="inbox-email-text"]')].map(
    (node) => node.textContent,
  );
const field = () => document.querySelector<HTMLTextAreaElement>('[data-testid="inbox-reply-text"]');
const send = () => document.querySelector<HTMLElement>('[data-testid="inbox-reply-send"]');
const threadReads = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.endsWith(`/threads/${threadId}`)).length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('InboxThreadView', () => {
  it('sends a reply, empties the field and shows the thread asked for again', async () => {
    const calls = serve();
    await render('en');
    await expect.poll(() => texts()).toEqual(['Is my refill ready?']);
    expect(send()?.textContent).toBe('Send reply');
    expect(threadReads(calls)).toBe(1);

    await userEvent.fill(field()!, 'Yes, it is ready for pick-up.');
    await userEvent.click(send()!);

    await expect
      .poll(() => texts())
      .toEqual(['Is my refill ready?', 'Yes, it is ready for pick-up.']);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      text: 'Yes, it is ready for pick-up.',
    });
    expect(field()?.value).toBe('');
    expect(threadReads(calls)).toBe(2);
  });

  it('refuses an empty reply before sending anything, in Spanish', async () => {
    const calls = serve();
    await render('es');
    await expect.poll(() => texts()).toEqual(['Is my refill ready?']);
    expect(send()?.textContent).toBe('Enviar respuesta');

    await userEvent.click(send()!);

    await expect.poll(() => field()?.getAttribute('aria-invalid') ?? null).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(threadReads(calls)).toBe(1);
  });
});
