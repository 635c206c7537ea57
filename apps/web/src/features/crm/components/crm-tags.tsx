import {
  customerTags,
  type InteractionChannel,
  interactionChannels,
  interactionTags,
  taskTags,
} from '@apothecall/domain/crm/crm.api';
import { type TagSet, tagColours } from '@apothecall/domain/crm/crm-tags.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { NativeSelect } from '@mantine/core';
import type { Translate } from '../../../lib/i18n';

const tagsOf = { customer: customerTags, interaction: interactionTags, task: taskTags } as const;

/** A tag's name in the reader's language ('crm.tag.customer.AtRisk' -> 'At risk'). */
export function tagLabel(t: Translate, set: TagSet, tag: string): string {
  return t(`crm.tag.${set}.${tag}` as MessageKey);
}

export function channelLabel(t: Translate, channel: InteractionChannel): string {
  return t(`crm.channel.${channel}` as MessageKey);
}

/**
 * A tag as a badge in its set's colour (crm-tags.rules.ts), its text black or white, whichever
 * reads at WCAG AA on it; the name is always written, so the colour never carries it alone.
 */
export function TagBadge({ set, tag, t }: { set: TagSet; tag: string; t: Translate }) {
  const { background, text } = tagColours(set, tag as never);
  return (
    <span
      data-testid="crm-tag"
      data-tag-set={set}
      data-tag={tag}
      style={{
        display: 'inline-block',
        padding: '1px 8px',
        borderRadius: 999,
        backgroundColor: background,
        color: text,
        fontSize: 'var(--mantine-font-size-xs)',
        fontWeight: 600,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
      }}
    >
      {tagLabel(t, set, tag)}
    </span>
  );
}

/** The select of one tag of a set ('' until chosen, shown as 'Choose…'). */
export function TagSelect({
  set,
  label,
  value,
  onChange,
  error,
  t,
  testId,
}: {
  set: TagSet;
  label: string;
  value: string;
  onChange: (tag: string) => void;
  error: string | null;
  t: Translate;
  testId: string;
}) {
  return (
    <NativeSelect
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: t('crmUi.choose') },
        ...tagsOf[set].map((tag) => ({ value: tag, label: tagLabel(t, set, tag) })),
      ]}
      error={error}
      withAsterisk
      data-testid={testId}
    />
  );
}

export function ChannelSelect({
  value,
  onChange,
  error,
  t,
}: {
  value: InteractionChannel;
  onChange: (channel: InteractionChannel) => void;
  error: string | null;
  t: Translate;
}) {
  return (
    <NativeSelect
      label={t('crmUi.interactions.channel')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as InteractionChannel)}
      data={interactionChannels.map((channel) => ({
        value: channel,
        label: channelLabel(t, channel),
      }))}
      error={error}
      data-testid="crm-interaction-channel"
    />
  );
}
