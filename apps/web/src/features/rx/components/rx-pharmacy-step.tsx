import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { currentBrandId } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import type { ProductInfoLink } from '../api/get-product-info';
import { useRxPharmacies } from '../api/get-rx-pharmacies';
import { errorText, stateLabel } from './rx-format';
import {
  initialPharmacyValue,
  noPharmacyValue,
  pharmacyAddressLine,
  pickOf,
  type RxPharmacyPick,
} from './rx-pharmacy-choice';
import { pharmaciesForOffer } from './rx-prepay';
import { RxStepFrame } from './rx-step-frame';

/**
 * Where the prescription goes (after the state step): one of the verified pharmacies taking
 * visits from the patient's state (GET /rx/pharmacies), or none ('I will take my prescription to
 * a pharmacy myself'). A visit that came through a pharmacy's Rx link goes to that pharmacy: it
 * is shown, not chosen. A pharmacy brand's own pharmacy is chosen first when it is offered.
 * A held prepay code whose program names pharmacies narrows the list to those of
 * them taking the state, without 'No pharmacy'; when none is left the step says so and offers
 * to remove the code.
 */
export function RxPharmacyStep({
  index,
  total,
  state,
  link,
  offer = null,
  onRemoveCode,
  pick,
  problem,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  state: string;
  link: ProductInfoLink | null;
  /** The held prepay code's offer: its pharmacies, when it names some, are the only choices. */
  offer?: PrepayOffer | null;
  /** Forgets the held prepay code (the step then offers every pharmacy again). */
  onRemoveCode?: () => void;
  pick: RxPharmacyPick | null;
  /** The server refused the pharmacy chosen (it does not take this state): said here. */
  problem: string | null;
  onBack: () => void;
  onContinue: (pick: RxPharmacyPick) => void;
}) {
  const t = useT();
  const choice = useRxPharmacyChoice(state, link, offer, pick);
  const { pharmacies, list, value, noneLeft, setError } = choice;

  const problemAlert = problem ? (
    <Alert color="red" role="alert" data-testid="rx-pharmacy-problem">
      {problem}
    </Alert>
  ) : null;

  if (link) {
    return (
      <RxPharmacyFixed
        index={index}
        total={total}
        link={link}
        problem={problemAlert}
        onBack={onBack}
        onContinue={onContinue}
      />
    );
  }

  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxScreens.pharmacy.title')}
      testId="rx-step-pharmacy"
      onBack={onBack}
      continueDisabled={pharmacies.isPending || noneLeft}
      onContinue={() => {
        const chosen = pickOf(value, list);
        if (!chosen) {
          setError(t('rxScreens.pharmacy.required'));
          return;
        }
        onContinue(chosen);
      }}
    >
      <Text size="sm" c="dimmed">
        {t('rxScreens.pharmacy.body', { state: stateLabel(t, state) })}
      </Text>
      {pharmacies.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : (
        <>
          <RxPharmacyNotes
            state={state}
            offer={offer}
            onRemoveCode={onRemoveCode}
            choice={choice}
          />
          {noneLeft ? null : <RxPharmacyRadios choice={choice} />}
        </>
      )}
      {problemAlert}
    </RxStepFrame>
  );
}

/** A visit that came through a pharmacy's Rx link goes to that pharmacy: shown, not chosen. */
function RxPharmacyFixed({
  index,
  total,
  link,
  problem,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  link: ProductInfoLink;
  problem: ReactNode;
  onBack: () => void;
  onContinue: (pick: RxPharmacyPick) => void;
}) {
  const t = useT();
  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxScreens.pharmacy.title')}
      testId="rx-step-pharmacy"
      onBack={onBack}
      onContinue={() => onContinue({ kind: 'link', linkId: link.id, pharmacy: link.pharmacy })}
    >
      <Alert color="blue" data-testid="rx-pharmacy-fixed" data-pharmacy-id={link.pharmacy.id}>
        <Stack gap={4}>
          <Text fw={700}>{link.pharmacy.name}</Text>
          <Text size="sm">{t('rxScreens.pharmacy.fromLink', { name: link.pharmacy.name })}</Text>
        </Stack>
      </Alert>
      {problem}
    </RxStepFrame>
  );
}

/**
 * What the step says over the choices: the list's failure; a held code's pharmacies, none of
 * which takes the state (remove the code), or that they are the only choices; none offered.
 */
function RxPharmacyNotes({
  state,
  offer,
  onRemoveCode,
  choice,
}: {
  state: string;
  offer: PrepayOffer | null;
  onRemoveCode: (() => void) | undefined;
  choice: RxPharmacyChoiceState;
}) {
  const t = useT();
  const { pharmacies, noneLeft } = choice;
  const loadError = pharmacies.isError ? pharmacies.error : null;
  const restricted = choice.options.restricted;
  const empty = choice.list.length === 0;
  return loadError ? (
    <Alert color="red" role="alert">
      {t('rxScreens.pharmacy.loadFailed', { message: errorText(t, loadError) })}
    </Alert>
  ) : noneLeft && offer ? (
    <Alert color="yellow" role="alert" data-testid="rx-pharmacy-prepay-none">
      <Stack gap="xs">
        <Text size="sm">
          {t('prepayRedeem.pharmacy.noneLeft', {
            programName: offer.programName,
            pharmacies: offer.pharmacies.map((p) => p.name).join(', '),
            state: stateLabel(t, state),
          })}
        </Text>
        {onRemoveCode ? (
          <Group>
            <Button size="xs" variant="default" onClick={onRemoveCode}>
              {t('prepayRedeem.remove')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  ) : restricted && offer ? (
    <Text size="sm" data-testid="rx-pharmacy-prepay-restricted">
      {t('prepayRedeem.pharmacy.restricted', { programName: offer.programName })}
    </Text>
  ) : empty ? (
    <Text size="sm" data-testid="rx-pharmacy-none-offered">
      {t('rxScreens.pharmacy.noneOffered', { state: stateLabel(t, state) })}
    </Text>
  ) : null;
}

/** The pharmacies taking the state, each with its address and phone, and 'No pharmacy'. */
function RxPharmacyRadios({ choice }: { choice: RxPharmacyChoiceState }) {
  const t = useT();
  const { list, value, error } = choice;
  const allowNone = choice.options.allowNone;
  return (
    <Radio.Group
      label={t('rxScreens.pharmacy.label')}
      value={value}
      onChange={(next) => {
        choice.setSelected(next);
        choice.setError(null);
      }}
      error={error}
      withAsterisk
      data-testid="rx-pharmacy-choices"
    >
      <Stack gap="sm" mt="xs">
        {list.map((pharmacy) => (
          <Radio
            key={pharmacy.id}
            value={pharmacy.id}
            label={pharmacy.name}
            description={`${pharmacyAddressLine(pharmacy)} · ${t('rxScreens.pharmacy.phone', { phone: pharmacy.phone })}`}
            data-testid="rx-pharmacy-option"
            data-pharmacy-id={pharmacy.id}
          />
        ))}
        {allowNone ? (
          <Radio
            value={noPharmacyValue}
            label={t('rxScreens.pharmacy.none')}
            data-testid="rx-pharmacy-option-none"
          />
        ) : null}
      </Stack>
    </Radio.Group>
  );
}

/**
 * The step's choice: the pharmacies taking the state (none asked for a link's visit), narrowed
 * by a held code's offer; the one chosen, else the one proposed (a brand's own pharmacy first);
 * whether the offer left none; the 'choose one' refusal.
 */
function useRxPharmacyChoice(
  state: string,
  link: ProductInfoLink | null,
  offer: PrepayOffer | null,
  pick: RxPharmacyPick | null,
) {
  const pharmacies = useRxPharmacies(state, { enabled: link === null });
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = pharmaciesForOffer(pharmacies.data ?? [], offer);
  const list = options.list;
  const proposed =
    selected ??
    (pharmacies.data || pharmacies.isError
      ? initialPharmacyValue(list, currentBrandId(), pick)
      : null);
  const value = !options.allowNone && proposed === noPharmacyValue ? null : proposed;
  const noneLeft = options.restricted && list.length === 0 && !pharmacies.isError;
  return { pharmacies, options, list, value, noneLeft, error, setError, setSelected };
}

type RxPharmacyChoiceState = ReturnType<typeof useRxPharmacyChoice>;
