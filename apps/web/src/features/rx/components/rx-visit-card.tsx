import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { Card, Collapse, Stack } from '@mantine/core';
import { useState } from 'react';
import { RxFormsSection } from './rx-forms-section';
import {
  RxVisitActions,
  RxVisitHeading,
  RxVisitPharmacy,
  RxVisitPrepay,
  RxVisitUploads,
} from './rx-visit-card-parts';
import { RxVisitMessages } from './rx-visit-messages';

/**
 * One Rx visit on the patient's list: the treatment, its status (colour and text), who it is
 * for, the pharmacy it goes to and where that pharmacy is with it (with the pharmacy's note),
 * the prescriber's request while more information is asked for, the uploads it waits for,
 * and what can be done now (pay, cancel, the prescription PDF, a refill, messages). A visit a
 * prepay program paid names the program, the access token and where it is.
 */
export function RxVisitCard({ visit }: { visit: RxVisitView }) {
  const [showMessages, setShowMessages] = useState(false);
  const titleId = `rx-visit-${visit.id}`;

  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="rx-visit"
      data-visit-id={visit.id}
      data-status={visit.status}
    >
      <Stack gap="sm">
        <RxVisitHeading visit={visit} titleId={titleId} />
        <RxVisitPharmacy visit={visit} />

        {/* Forms the visit's pharmacy asked to sign. */}
        {visit.pharmacy ? <RxFormsSection visitId={visit.id} /> : null}

        <RxVisitPrepay visit={visit} />
        <RxVisitUploads visit={visit} />
        <RxVisitActions
          visit={visit}
          showMessages={showMessages}
          onToggleMessages={() => setShowMessages((open) => !open)}
        />
        <Collapse expanded={showMessages}>
          {showMessages ? <RxVisitMessages visitId={visit.id} /> : null}
        </Collapse>
      </Stack>
    </Card>
  );
}
