import '@mantine/core/styles.css';
import {
  type RxAnswers,
  type RxProduct,
  rxProductById,
} from '@apothecall/domain/rx/rx-products.rules';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { RxQuestionsStep } from './rx-questions-step';

/**
 * The treatment's evaluation in Chromium: submitted unanswered, each required question is
 * refused under it and the step asks for every one, nothing passes; answering a question clears
 * its refusal and no other, and the flow is handed the answer.
 */
const product = rxProductById('ldn');
const patient = {
  userId: '00000000-0000-4000-8000-000000000001',
  age: 40,
  birthGender: 'F' as const,
};

const question = (id: string) =>
  document.querySelector<HTMLTextAreaElement>(`textarea[data-question="${id}"]`);
/** The refusal shown under a question, or null when it is not refused. */
const refusal = (id: string) => {
  const input = question(id);
  if (input?.getAttribute('aria-invalid') !== 'true') return null;
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return described.map((part) => document.getElementById(part)?.textContent ?? '').find(Boolean);
};

/** The flow around the step: it keeps the answers the step hands it, and gives them back. */
function Flow({
  product,
  onChange,
  onStopped,
  onPassed,
}: {
  product: RxProduct;
  onChange: (answers: RxAnswers) => void;
  onStopped: (stop: string) => void;
  onPassed: (answers: RxAnswers) => void;
}) {
  const [answers, setAnswers] = useState<RxAnswers>({});
  return (
    <RxQuestionsStep
      index={3}
      total={5}
      product={product}
      patient={patient}
      answers={answers}
      submitting={false}
      problem={null}
      onChange={(next) => {
        setAnswers(next);
        onChange(next);
      }}
      onBack={() => undefined}
      onStopped={onStopped}
      onPassed={onPassed}
    />
  );
}

afterEach(async () => {
  await cleanupApp();
});

describe('RxQuestionsStep', () => {
  it('refuses the unanswered questions and clears a refusal when its question is answered', async () => {
    if (!product) throw new Error('the LDN product is gone');
    const onChange = vi.fn();
    const onPassed = vi.fn();
    const onStopped = vi.fn();
    const { host } = await renderWithApp(
      <Flow product={product} onChange={onChange} onStopped={onStopped} onPassed={onPassed} />,
      { language: 'en' },
    );
    await expect.poll(() => question('medications')).not.toBeNull();

    await userEvent.click(page.getByRole('button', { name: 'Submit evaluation' }));

    await expect.poll(() => refusal('medications')).toBe('Please answer this question.');
    expect(refusal('allergies')).toBe('Please answer this question.');
    expect(host.textContent).toContain('Please answer every question marked as required.');
    expect(onPassed).not.toHaveBeenCalled();
    expect(onStopped).not.toHaveBeenCalled();

    await userEvent.type(question('medications')!, 'None');

    await expect.poll(() => refusal('medications')).toBeNull();
    expect(question('medications')?.value).toBe('None');
    expect(refusal('allergies')).toBe('Please answer this question.');
    expect(onChange).toHaveBeenLastCalledWith({ medications: 'None' });
  });
});
