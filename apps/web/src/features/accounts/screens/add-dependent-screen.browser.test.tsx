import '@mantine/core/styles.css';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StoredSession } from '../../../lib/session-store';
import { getSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { AddDependentScreen } from './add-dependent-screen';

/**
 * Adding a dependent in Chromium: the dependent is sent, the session's profile is read again
 * (the switcher lists the family from it) before Home follows; in English and Spanish.
 */
const holderId = '00000000-0000-4000-8000-000000000001';
const childId = '00000000-0000-4000-8000-000000000002';
const member = (id: string, first: string, relation: string) => ({
  id,
  personId: id,
  name: `${first} Rivera`,
  firstName: first,
  lastName: 'Rivera',
  relation,
});
const profile = (withChild: boolean) => ({
  id: holderId,
  personId: holderId,
  name: 'Maria Rivera',
  role: 'patient',
  loginId: 'maria@example.com',
  brandId: 'apothecall',
  credentials: { from: null, role: 'patient', organizationType: null },
  permissions: [],
  users: [
    member(holderId, 'Maria', 'self'),
    ...(withChild ? [member(childId, 'Lucia', 'daughter')] : []),
  ],
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: the dependent is added; the profile then lists them. */
function serve() {
  let added = false;
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
      if (method === 'POST' && path.endsWith('/account/dependents')) {
        added = true;
        return json({
          error: false,
          data: {
            ...member(childId, 'Lucia', 'daughter'),
            dob: '2015-03-02',
            gender: 'F',
            address: '',
            state: '',
            zipCode: '',
            country: 1,
            phone: '',
            email: '',
            consultLocation: null,
          },
        });
      }
      if (method === 'GET' && path.endsWith('/account/profile')) {
        return json({ error: false, profile: profile(added) });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(
    <Routes>
      <Route path="/add-dependent" element={<AddDependentScreen />} />
      <Route path="/" element={<p data-testid="home-screen">home</p>} />
    </Routes>,
    {
      language: lang,
      session: { token: 'session-token', profile: profile(false) } as StoredSession,
      route: '/add-dependent',
    },
  );
  return host;
}

/** The input a label names (Mantine ties each label to its input by id). */
const labelled = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((l) => l.textContent === label);
  return document.getElementById(found?.htmlFor ?? '') as HTMLInputElement | HTMLSelectElement;
};

async function fill(texts: {
  first: string;
  last: string;
  dob: string;
  gender: string;
  relation: string;
}) {
  // The form is drawn once the profile and its texts are in: wait for its first field.
  await expect.poll(() => labelled(texts.first)).toBeInstanceOf(HTMLInputElement);
  await userEvent.fill(labelled(texts.first) as HTMLInputElement, 'Lucia');
  await userEvent.fill(labelled(texts.last) as HTMLInputElement, 'Rivera');
  await userEvent.fill(labelled(texts.dob) as HTMLInputElement, '03-02-2015');
  await userEvent.selectOptions(labelled(texts.gender) as HTMLSelectElement, 'F');
  await userEvent.selectOptions(labelled(texts.relation) as HTMLSelectElement, 'daughter');
}

const submit = () => document.querySelector<HTMLElement>('button[type="submit"]');

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('AddDependentScreen', () => {
  it('adds the dependent, reads the profile again, then goes Home', async () => {
    const calls = serve();
    await render('en');
    await fill({
      first: 'First name',
      last: 'Last name',
      dob: 'Date of birth',
      gender: 'Gender',
      relation: 'Relation to you',
    });
    expect(submit()?.textContent).toBe('Add dependent');
    await userEvent.click(submit()!);

    await expect.poll(() => document.querySelector('[data-testid="home-screen"]')).not.toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path.split('/').pop()}`)).toEqual([
      'POST dependents',
      'GET profile',
    ]);
    expect(calls[0]?.body).toEqual({
      profile: { name: 'Lucia Rivera', dob: '2015-03-02', gender: 'F', relation: 'daughter' },
    });
    expect(getSession()?.profile.users.map((u) => u.firstName)).toEqual(['Maria', 'Lucia']);
  });

  it('does so in Spanish', async () => {
    const calls = serve();
    await render('es');
    await fill({
      first: 'Nombre',
      last: 'Apellido',
      dob: 'Fecha de nacimiento',
      gender: 'Género',
      relation: 'Parentesco con usted',
    });
    expect(submit()?.textContent).toBe('Agregar dependiente');
    await userEvent.click(submit()!);

    await expect.poll(() => document.querySelector('[data-testid="home-screen"]')).not.toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(getSession()?.profile.users).toHaveLength(2);
  });
});
