import '@mantine/core/styles.css';
import type { TaskView } from '@apothecall/domain/crm/crm.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { TasksPanel } from './tasks-panel';

/**
 * The CRM's tasks in Chromium: 'Mark done' sends the change and the tasks are asked for again,
 * the task then done with 'Reopen'; 'Reopen' does the reverse; in English and Spanish.
 */
const taskId = '00000000-0000-4000-8000-000000000001';
const task = (done: boolean): TaskView => ({
  id: taskId,
  title: 'Call about the refill',
  dueDate: '2099-01-15',
  done,
  doneAt: done ? '2026-11-20T09:00:00.000Z' : null,
  customerId: null,
  customerName: null,
  tag: 'MediumPriority',
  createdAt: '2026-11-01T09:00:00.000Z',
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: one task; a change to `done` is kept. */
function serve(startDone: boolean) {
  let done = startDone;
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
      if (method === 'PUT' && path.endsWith(`/pharmacy/crm/tasks/${taskId}`)) {
        done = body.done;
        return json({ error: false, task: task(done) });
      }
      if (method === 'GET' && path.endsWith('/pharmacy/crm/tasks')) {
        return json({ error: false, tasks: [task(done)] });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<TasksPanel customers={[]} />, { language: lang });
  return host;
}

const row = () => document.querySelector<HTMLElement>('[data-testid="crm-task"]');
const button = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const taskReads = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.endsWith('/pharmacy/crm/tasks')).length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('TasksPanel', () => {
  it('marks a task done and shows the tasks asked for again', async () => {
    const calls = serve(false);
    const host = await render('en');
    await expect.poll(() => row()?.dataset.done ?? null).toBe('false');
    expect(host.textContent).toContain('Tasks');
    expect(button('crm-task-done')?.textContent).toBe('Mark done');

    await userEvent.click(button('crm-task-done')!);

    await expect.poll(() => row()?.dataset.done ?? null).toBe('true');
    expect(button('crm-task-reopen')?.textContent).toBe('Reopen');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ done: true }]);
    expect(taskReads(calls)).toBe(2);
  });

  it('reopens a done task, in Spanish', async () => {
    const calls = serve(true);
    const host = await render('es');
    await expect.poll(() => row()?.dataset.done ?? null).toBe('true');
    expect(host.textContent).toContain('Tareas');
    expect(button('crm-task-reopen')?.textContent).toBe('Reabrir');

    await userEvent.click(button('crm-task-reopen')!);

    await expect.poll(() => row()?.dataset.done ?? null).toBe('false');
    expect(button('crm-task-done')?.textContent).toBe('Marcar como hecha');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ done: false }]);
    expect(taskReads(calls)).toBe(2);
  });
});
