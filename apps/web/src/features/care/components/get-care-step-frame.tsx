import type { ComponentProps } from 'react';
import { StepFrame } from '../../../components/step-frame';
import { useT } from '../../../lib/i18n';

/** One step of the Get Care wizard (components/step-frame with Get Care's texts). */
export function GetCareStepFrame(
  props: Omit<ComponentProps<typeof StepFrame>, 'texts' | 'testId'>,
) {
  const t = useT();
  return (
    <StepFrame
      {...props}
      testId="get-care-step"
      texts={{
        count: t('careUi.step.count', { step: props.index + 1, total: props.total }),
        back: t('careUi.step.back'),
        continue: t('careUi.step.continue'),
      }}
    />
  );
}
