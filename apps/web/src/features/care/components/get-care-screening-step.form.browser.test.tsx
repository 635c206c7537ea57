import '@mantine/core/styles.css';
import type { PrescreeningResponse } from '@apothecall/domain/care/visits.api';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { emptyScreeningForm, type ScreeningForm } from './get-care-draft';
import { GetCareScreeningStep } from './get-care-screening-step';

/**
 * The Get Care screening step in Chromium: it starts from the answers the wizard kept; Continue
 * with answers the rules cannot read does not move on, and shows each refusal under its question
 * with the 'answer the questions' notice; changing an answer clears its own refusal only (and
 * the notice), and the wizard is handed every change.
 */
const asked: PrescreeningResponse = {
  error: false,
  age: 30,
  birthGender: 'M',
  sections: ['ed', 'vitals'],
  comorbidities: [],
  ldnConditions: [],
  emergencySigns: [],
};

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

function Wizard({ kept, moved }: { kept: ScreeningForm[]; moved: () => void }) {
  // A weight typed before a reload, kept by the wizard.
  const [form, setForm] = useState<ScreeningForm>({ ...emptyScreeningForm, weight: 'heavy' });
  return (
    <GetCareScreeningStep
      index={3}
      total={7}
      patientId="00000000-0000-4000-8000-000000000001"
      patientName="Ana"
      reason="fever"
      form={form}
      onChange={(next) => {
        kept.push(next);
        setForm(next);
      }}
      onBack={moved}
      onPassed={moved}
      onFailed={moved}
    />
  );
}

const answerAll = 'Please answer the questions marked above.';
const badNumber = 'Enter a number.';
const badPressure = 'Enter your blood pressure like 120/80.';

describe('GetCareScreeningStep', () => {
  it('refuses answers it cannot read, and clears a refusal when its answer changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(asked), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    const kept: ScreeningForm[] = [];
    const moved = vi.fn();
    const { host } = await renderWithApp(<Wizard kept={kept} moved={moved} />, {
      language: 'en',
    });
    const weight = page.getByLabelText('Weight', { exact: true });
    await expect.element(weight).toHaveValue('heavy');
    await userEvent.fill(page.getByLabelText('Blood pressure', { exact: true }), '120');
    await userEvent.click(page.getByRole('button', { name: 'Continue' }));

    await expect.poll(() => host.textContent).toContain(answerAll);
    expect(host.textContent).toContain(badNumber);
    expect(host.textContent).toContain(badPressure);
    expect(moved).not.toHaveBeenCalled();

    await userEvent.fill(weight, '180');
    await expect.poll(() => host.textContent).not.toContain(badNumber);
    expect(host.textContent).toContain(badPressure);
    expect(host.textContent).not.toContain(answerAll);
    expect(kept.at(-1)).toMatchObject({ weight: '180', bloodPressure: '120' });
  });
});
