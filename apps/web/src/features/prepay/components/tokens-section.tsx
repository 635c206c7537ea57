import type { AccessTokenView } from '@apothecall/domain/prepay/prepay.api';
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { Facts } from '../../../components/facts';
import { Form } from '../../../components/form';
import { ListCard } from '../../../components/list-card';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { useAddPrepayToken } from '../api/add-prepay-token';
import { useDeletePrepayToken } from '../api/delete-prepay-token';
import { useEditPrepayToken } from '../api/edit-prepay-token';
import { usePrepayTokens } from '../api/get-prepay-tokens';
import { useSendPrepayToken } from '../api/send-prepay-token';
import { usePatientReader } from '../hooks/use-patient-reader';
import { BulkTokensDialog } from './bulk-tokens-dialog';
import { ListState } from './list-state';
import { deliveryText, formatDay, tokenIsChangeable, tokenUseText } from './prepay-format';
import { TokenDialogForm, type TokenDialogProps, tokenChangeDone } from './token-dialog';
import { DeliveryFields, TokenUseFields, useDeliveryDraft, useTokenUseDraft } from './token-fields';
import { deliveryFieldMessage, emptyTokenUse, noDelivery, tokenUseDraftOf } from './token-form';
import { TokenStateChip } from './token-state-chip';

/** A new token: how it may be used, a note, and (optionally) where to send it at once. */
function NewTokenForm({ programId }: { programId: string }) {
  const t = useT();
  const use = useTokenUseDraft(emptyTokenUse);
  const delivery = useDeliveryDraft(noDelivery);
  const add = useAddPrepayToken(
    tokenChangeDone(
      (token) =>
        token.delivery
          ? t('prepayUi.tokens.createdSent', { code: token.code })
          : t('prepayUi.tokens.created', { code: token.code }),
      () => {
        use.setDraft(emptyTokenUse);
        delivery.setDraft(noDelivery);
      },
    ),
  );
  const submit = () => {
    add.reset();
    const checkedUse = use.check();
    const checkedDelivery = delivery.check();
    if (!checkedUse.ok || !checkedDelivery.ok) return;
    add.mutate({ programId, ...checkedUse.value, delivery: checkedDelivery.delivery });
  };
  // The server's word on the number or address goes under it; a change clears it.
  const deliveryRefused = deliveryFieldMessage(add.error);
  return (
    <Card withBorder radius="md" p="md" data-testid="prepay-token-new">
      <Form aria-labelledby="prepay-token-new-title" onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h5" id="prepay-token-new-title">
            {t('prepayUi.tokens.newTitle')}
          </Title>
          <TokenUseFields {...use.fields} testId="prepay-token-new" />
          <DeliveryFields
            {...delivery.fields}
            onChange={(next) => {
              delivery.fields.onChange(next);
              if (deliveryRefused) add.reset();
            }}
            serverError={deliveryRefused}
            allowNone
            testId="prepay-token-new"
          />
          {add.isError && !deliveryRefused ? (
            <Alert color="red" role="alert" data-testid="prepay-token-new-error">
              {errorText(t, add.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={add.isPending} data-testid="prepay-token-create">
              {t('prepayUi.tokens.create')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

/** A token's use, delivery, claims, note (if any) and the day it was made. */
function TokenFacts({ token }: { token: AccessTokenView }) {
  const t = useT();
  const lang = useLang();
  return (
    <Facts
      labelWidth={140}
      rows={[
        { key: 'use', label: t('prepayUi.tokens.use'), value: tokenUseText(t, token) },
        {
          key: 'delivery',
          label: t('prepayUi.tokens.delivery'),
          value: (
            <span data-testid="prepay-token-delivery">{deliveryText(t, token.delivery, lang)}</span>
          ),
        },
        {
          key: 'claims',
          label: t('prepayUi.tokens.claims'),
          value: <span data-testid="prepay-token-claims">{token.claimCount}</span>,
        },
        ...(token.object.note
          ? [{ key: 'note', label: t('prepayUi.tokens.noteLabel'), value: token.object.note }]
          : []),
        {
          key: 'created',
          label: t('prepayUi.tokens.createdAt'),
          value: formatDay(token.createdAt, lang),
        },
      ]}
    />
  );
}

/** One token: its code, state, use, delivery and claims, and what may be done with it. */
function TokenCard({
  token,
  onSend,
  onEdit,
  onDelete,
}: {
  token: AccessTokenView;
  onSend: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const changeable = tokenIsChangeable(token);
  const label = (action: string) => t('prepayUi.actionLabel', { action, name: token.code });
  return (
    <ListCard labelledBy={titleId} data-testid="prepay-token" data-code={token.code}>
      <Group justify="space-between" gap="xs" align="center">
        <Title
          order={3}
          size="h5"
          id={titleId}
          ff="monospace"
          style={{ letterSpacing: 1, overflowWrap: 'anywhere' }}
        >
          <VisuallyHidden>{`${t('prepayUi.tokens.codeLabel')} `}</VisuallyHidden>
          {token.code}
        </Title>
        <TokenStateChip state={token.state} />
      </Group>
      <TokenFacts token={token} />
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={onSend}
          aria-label={label(t('prepayUi.tokens.send'))}
          data-testid="prepay-token-send"
        >
          {t('prepayUi.tokens.send')}
        </Button>
        {changeable ? (
          <Button
            size="compact-sm"
            variant="default"
            onClick={onEdit}
            aria-label={label(t('prepayUi.tokens.edit'))}
            data-testid="prepay-token-edit"
          >
            {t('prepayUi.tokens.edit')}
          </Button>
        ) : null}
        <CopyButton value={token.url}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'green' : undefined}
              onClick={copy}
              aria-label={label(copied ? t('prepayUi.copied') : t('prepayUi.tokens.copyLink'))}
              data-testid="prepay-token-copy"
            >
              {copied ? t('prepayUi.copied') : t('prepayUi.tokens.copyLink')}
            </Button>
          )}
        </CopyButton>
        {changeable ? (
          <Button
            size="compact-sm"
            variant="outline"
            color="red"
            onClick={onDelete}
            aria-label={label(t('prepayUi.tokens.delete'))}
            data-testid="prepay-token-delete"
          >
            {t('prepayUi.tokens.delete')}
          </Button>
        ) : null}
      </Group>
    </ListCard>
  );
}

/** Sends (again) one token: the channel and the address. */
function SendTokenDialog({ programId, token, onClose }: TokenDialogProps) {
  const t = useT();
  const delivery = useDeliveryDraft(
    token.delivery
      ? { channel: token.delivery.channel, to: token.delivery.to }
      : { channel: 'email', to: '' },
  );
  const send = useSendPrepayToken(
    tokenChangeDone((sent) => t('prepayUi.tokens.sent', { code: sent.code }), onClose),
  );
  const deliveryRefused = deliveryFieldMessage(send.error);
  return (
    <Dialog opened onClose={onClose} title={t('prepayUi.tokens.sendTitle', { code: token.code })}>
      <TokenDialogForm
        testId="prepay-token-send"
        mutation={send}
        errorInField={deliveryRefused !== undefined}
        submitLabel={t('prepayUi.tokens.send')}
        onSubmit={() => {
          const checked = delivery.check();
          if (!checked.ok || !checked.delivery) return;
          send.mutate({ programId, code: token.code, delivery: checked.delivery });
        }}
        onClose={onClose}
      >
        <DeliveryFields
          {...delivery.fields}
          onChange={(next) => {
            delivery.fields.onChange(next);
            if (deliveryRefused) send.reset();
          }}
          serverError={deliveryRefused}
          allowNone={false}
          testId="prepay-token-send"
        />
      </TokenDialogForm>
    </Dialog>
  );
}

/** Changes how an unclaimed token may be used, and its note. */
function EditTokenDialog({ programId, token, onClose }: TokenDialogProps) {
  const t = useT();
  const use = useTokenUseDraft(() => tokenUseDraftOf(token));
  const edit = useEditPrepayToken(
    tokenChangeDone((saved) => t('prepayUi.tokens.saved', { code: saved.code }), onClose),
  );
  return (
    <Dialog opened onClose={onClose} title={t('prepayUi.tokens.editTitle', { code: token.code })}>
      <TokenDialogForm
        testId="prepay-token-edit"
        mutation={edit}
        submitLabel={t('prepayUi.tokens.save')}
        onSubmit={() => {
          const checked = use.check();
          if (checked.ok) edit.mutate({ programId, code: token.code, ...checked.value });
        }}
        onClose={onClose}
      >
        <TokenUseFields {...use.fields} testId="prepay-token-edit" />
      </TokenDialogForm>
    </Dialog>
  );
}

type TokenAction =
  | { kind: 'send'; token: AccessTokenView }
  | { kind: 'edit'; token: AccessTokenView }
  | { kind: 'delete'; token: AccessTokenView }
  | { kind: 'bulk' }
  | null;

/**
 * A program's access tokens: the list (code, state, use, delivery, claims) with
 * Send, Edit and Delete (these two only while nobody claimed it) and Copy link; a new token
 * (sent at once when an address is given); and a bulk creation from a pasted list.
 */
export function TokensSection({ programId }: { programId: string }) {
  const t = useT();
  const patient = usePatientReader();
  const tokens = usePrepayTokens(programId);
  const [action, setAction] = useState<TokenAction>(null);
  const remove = useDeletePrepayToken({
    onSuccess: (_left, { code }) => {
      notifications.show({ color: 'green', message: t('prepayUi.tokens.deleted', { code }) });
      setAction(null);
    },
  });
  const close = () => setAction(null);

  return (
    <SectionCard
      title={t('prepayUi.tokens.title')}
      description={t(patient ? 'prepayUi.tokens.leadPatient' : 'prepayUi.tokens.lead')}
      testId="prepay-tokens"
    >
      <NewTokenForm programId={programId} />
      <Group>
        <Button
          variant="default"
          onClick={() => setAction({ kind: 'bulk' })}
          data-testid="prepay-bulk-open"
        >
          {t('prepayUi.bulk.open')}
        </Button>
      </Group>
      <ListState
        query={tokens}
        empty={
          <Text size="sm" c="dimmed" data-testid="prepay-tokens-empty">
            {t('prepayUi.tokens.empty')}
          </Text>
        }
      >
        {(items) => (
          <Stack
            component="ul"
            gap="sm"
            aria-label={t('prepayUi.tokens.title')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-testid="prepay-token-list"
          >
            {items.map((token) => (
              <TokenCard
                key={token.code}
                token={token}
                onSend={() => setAction({ kind: 'send', token })}
                onEdit={() => setAction({ kind: 'edit', token })}
                onDelete={() => {
                  remove.reset();
                  setAction({ kind: 'delete', token });
                }}
              />
            ))}
          </Stack>
        )}
      </ListState>
      {action?.kind === 'send' ? (
        <SendTokenDialog programId={programId} token={action.token} onClose={close} />
      ) : null}
      {action?.kind === 'edit' ? (
        <EditTokenDialog programId={programId} token={action.token} onClose={close} />
      ) : null}
      {action?.kind === 'bulk' ? <BulkTokensDialog programId={programId} onClose={close} /> : null}
      <ConfirmDialog
        opened={action?.kind === 'delete'}
        title={t('prepayUi.tokens.deleteTitle')}
        body={t('prepayUi.tokens.deleteBody', {
          code: action?.kind === 'delete' ? action.token.code : '',
        })}
        confirmLabel={t('prepayUi.tokens.delete')}
        cancelLabel={t('prepayUi.keep')}
        pending={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => {
          if (action?.kind === 'delete') remove.mutate({ programId, code: action.token.code });
        }}
        onClose={close}
        testId="prepay-token-delete-dialog"
      />
    </SectionCard>
  );
}
