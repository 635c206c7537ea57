import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import {
  type AppointmentOffersResponse,
  bookingHorizonDays,
} from '@apothecall/domain/appointments/appointments.api';
import type { AppointmentOffer } from '@apothecall/domain/appointments/appointments.schemas';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { useConsultLocation } from '../../accounts/api/get-consult-location';
import { useBookAppointment } from '../api/book-appointment';
import { useAppointmentOffers, useRefreshAppointmentOffers } from '../api/get-appointment-offers';
import {
  browserTimeZone,
  type DateBounds,
  dateBounds,
  formatLongDay,
  formatSlotTime,
  isDateInBounds,
  offersByProvider,
  stepDate,
} from './appointment-format';
import { BookDialog, type ChosenSlot } from './book-dialog';
import { LoadProblem } from './load-problem';
import { LocationChoice } from './location-choice';

/** Booking answers after which the slot list is stale: taken meanwhile, or no longer offered. */
const slotGoneCodes = new Set(['APPOINTMENT_TAKEN', 'APPOINTMENT_NOT_OFFERED']);

/**
 * The patient's booking: who (the family member, the holder by default), where (the confirmed
 * consult location), which day (today to the booking horizon), then each provider's free slots
 * of that day in the browser's zone. A slot opens the booking dialog; a booked one says
 * 'Appointment Created' with the payment window.
 */
export function PatientBooking({ users }: { users: readonly FamilyMember[] }) {
  const t = useT();
  const zone = useMemo(browserTimeZone, []);
  const bounds = dateBounds(Date.now(), zone);
  const holder = users[0] as FamilyMember;
  const [patientId, setPatientId] = useState(holder.personId);
  const patient = users.find((u) => u.personId === patientId) ?? holder;
  const location = useConsultLocation(patient.id);
  const state = location.data?.state ?? null;
  const [date, setDate] = useState(bounds.min);
  const [dateText, setDateText] = useState(bounds.min);
  const [chosen, setChosen] = useState<ChosenSlot | null>(null);
  const [slotGone, setSlotGone] = useState<string | null>(null);
  const [created, setCreated] = useState<number | null>(null);

  const query = { date, state: state ?? '', pt: patient.personId };
  const refreshOffers = useRefreshAppointmentOffers();
  const offers = useAppointmentOffers(query, {
    enabled: state !== null && isDateInBounds(date, bounds),
    staleTime: 0,
  });

  const book = useBookAppointment({
    onSuccess: (answer) => {
      setChosen(null);
      setCreated(answer.windowMinutes);
    },
    onError: (error) => {
      if (error instanceof ApiError && slotGoneCodes.has(error.errorCode)) {
        // Someone else booked it first: say so above the fresh slots.
        setChosen(null);
        setSlotGone(error.message);
        refreshOffers();
      }
    },
  });

  const goTo = (next: string | null) => {
    if (!next) return;
    setDate(next);
    setDateText(next);
    setSlotGone(null);
  };

  const bookError =
    book.isError && !(book.error instanceof ApiError && slotGoneCodes.has(book.error.errorCode))
      ? t('appointmentUi.book.failed', { message: errorText(t, book.error) })
      : null;

  return (
    <SectionCard title={t('appointmentUi.book.title')} testId="appointment-booking">
      <Stack gap="md">
        <PatientChoice
          users={users}
          value={patient.personId}
          onChange={(value) => {
            setPatientId(value);
            setSlotGone(null);
          }}
        />
        <LocationChoice key={patient.id} patientId={patient.id} patientName={patient.name} />
        <DayChoice
          date={date}
          dateText={dateText}
          bounds={bounds}
          onText={setDateText}
          onDay={goTo}
        />
        {slotGone ? (
          <Alert color="yellow" role="alert" data-testid="appointment-taken">
            {slotGone}
          </Alert>
        ) : null}
        {state === null ? null : (
          <DayOffers
            date={date}
            offers={offers}
            onPick={(offer, slot) => {
              book.reset();
              setSlotGone(null);
              setChosen({ offer, slot });
            }}
          />
        )}
      </Stack>
      <BookDialog
        key={chosen ? `${chosen.offer.userId}-${chosen.slot.from}` : 'none'}
        chosen={chosen}
        patientName={patient.name}
        pending={book.isPending}
        error={bookError}
        onConfirm={(complaint) => {
          if (chosen) {
            book.mutate({
              blockId: chosen.slot.availabilityBlockId,
              time: chosen.slot.from,
              to: chosen.slot.to,
              complaint: { reason: complaint.reason, notes: complaint.notes },
              pharmacy: null,
              provider: chosen.offer.userId,
              pt: patient.personId,
            });
          }
        }}
        onClose={() => setChosen(null)}
      />
      <CreatedDialog minutes={created} onClose={() => setCreated(null)} />
    </SectionCard>
  );
}

/** The day's free slots, a card per provider (or why there are none). */
function DayOffers({
  date,
  offers,
  onPick,
}: {
  date: string;
  offers: UseQueryResult<AppointmentOffersResponse>;
  onPick: (offer: AppointmentOffer, slot: AppointmentOffer['slots'][number]) => void;
}) {
  const t = useT();
  const lang = useLang();
  const offerList = offersByProvider(offers.data?.offers ?? []);
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={3} size="h5">
        {t('appointmentUi.book.times', { date: formatLongDay(date, lang) })}
      </Title>
      {offers.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : offers.isError ? (
        <LoadProblem error={offers.error} retry={() => void offers.refetch()} />
      ) : offerList.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="appointment-no-offers">
          {t('appointmentUi.book.noOffers')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {offerList.map((offer) => (
            <OfferCard key={offer.userId} offer={offer} onPick={(slot) => onPick(offer, slot)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Whom the appointment is for: the holder or a family member. */
function PatientChoice({
  users,
  value,
  onChange,
}: {
  users: readonly FamilyMember[];
  value: string;
  onChange: (personId: string) => void;
}) {
  const t = useT();
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={t('appointmentUi.book.patient')}
      data-testid="appointment-patient"
    >
      <Stack gap="xs" mt="xs">
        {users.map((user) => (
          <Radio key={user.personId} value={user.personId} label={user.name} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The day: typed (today to the booking horizon) or a day before or after. */
function DayChoice({
  date,
  dateText,
  bounds,
  onText,
  onDay,
}: {
  date: string;
  dateText: string;
  bounds: DateBounds;
  onText: (text: string) => void;
  onDay: (day: string | null) => void;
}) {
  const t = useT();
  return (
    <Stack gap="xs">
      <TextInput
        type="date"
        label={t('appointmentUi.book.date')}
        description={t('appointmentUi.book.dateHint', { days: bookingHorizonDays })}
        value={dateText}
        min={bounds.min}
        max={bounds.max}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onText(value);
          if (isDateInBounds(value, bounds)) onDay(value);
        }}
        error={
          dateText !== date
            ? t('appointmentUi.book.dateOutOfRange', { days: bookingHorizonDays })
            : undefined
        }
        maw={{ xs: 280 }}
        data-testid="appointment-date"
      />
      <Group gap="xs" grow preventGrowOverflow={false} maw={{ xs: 280 }}>
        <Button
          variant="default"
          disabled={!stepDate(date, -1, bounds)}
          onClick={() => onDay(stepDate(date, -1, bounds))}
          data-testid="appointment-previous-day"
        >
          {t('appointmentUi.book.previousDay')}
        </Button>
        <Button
          variant="default"
          disabled={!stepDate(date, 1, bounds)}
          onClick={() => onDay(stepDate(date, 1, bounds))}
          data-testid="appointment-next-day"
        >
          {t('appointmentUi.book.nextDay')}
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Appointment Created', with the minutes left to pay. */
function CreatedDialog({ minutes, onClose }: { minutes: number | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog opened={minutes !== null} onClose={onClose} title={t('appointments.created.title')}>
      <Stack data-testid="appointment-created">
        <Text>{t('appointments.created.body', { minutes: minutes ?? 0 })}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="appointment-created-ok">
            {t('appointmentUi.created.ok')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** One provider's offer: photo and name, the ages they see, and a button per free slot. */
function OfferCard({
  offer,
  onPick,
}: {
  offer: AppointmentOffer;
  onPick: (slot: AppointmentOffer['slots'][number]) => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  return (
    <Stack
      component="li"
      gap="xs"
      p="sm"
      aria-labelledby={titleId}
      data-testid="appointment-offer"
      data-provider={offer.userId}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={offer.profilePhoto} alt="" radius="xl" aria-hidden="true">
          {offer.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {offer.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('appointmentUi.book.ages', {
              minAge: offer.ages.minAge,
              maxAge: offer.ages.maxAge,
            })}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs">
        {offer.slots.map((slot) => {
          const time = formatSlotTime(slot.from, lang);
          return (
            <Button
              key={slot.from}
              variant="light"
              size="sm"
              onClick={() => onPick(slot)}
              aria-label={t('appointmentUi.book.slotLabel', { time, provider: offer.name })}
              data-testid="appointment-slot"
              data-time={slot.from}
            >
              {time}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
