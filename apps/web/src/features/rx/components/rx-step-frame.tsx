import type { ComponentProps } from 'react';
import { StepFrame } from '../../../components/step-frame';
import { useT } from '../../../lib/i18n';

/** One step of the Rx flow (components/step-frame with the Rx flow's texts). */
export function RxStepFrame(props: Omit<ComponentProps<typeof StepFrame>, 'texts'>) {
  const t = useT();
  return (
    <StepFrame
      {...props}
      texts={{
        count: t('rxScreens.step.count', { step: props.index + 1, total: props.total }),
        back: t('rxUi.flow.back'),
        continue: t('rxUi.flow.next'),
      }}
    />
  );
}
