import { describe, expect, it } from 'vitest';
import { contrastRatio, minimumContrast } from '../brands/brand-colors.rules';
import { interactionChannels } from './crm.api';
import { crmMessages } from './crm.messages';
import { tagColourSets, tagColours, tagTextColour } from './crm-tags.rules';

describe('tag colour sets (spec 3)', () => {
  it('names the customer, interaction and task tags', () => {
    expect(Object.keys(tagColourSets.customer)).toEqual([
      'Prospect',
      'Active',
      'Inactive',
      'VIP',
      'AtRisk',
      'NeedsFollowUp',
    ]);
    expect(Object.keys(tagColourSets.interaction)).toEqual([
      'Complaint',
      'Praise',
      'Query',
      'Support',
      'Info',
    ]);
    expect(Object.keys(tagColourSets.task)).toEqual([
      'Urgent',
      'HighPriority',
      'MediumPriority',
      'LowPriority',
    ]);
    for (const set of Object.values(tagColourSets)) {
      for (const colour of Object.values(set)) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it('paints every tag with a text colour that reaches WCAG AA on it', () => {
    for (const set of Object.values(tagColourSets)) {
      for (const [tag, colour] of Object.entries(set)) {
        const ratio = contrastRatio(colour, tagTextColour(colour));
        expect({ tag, readable: ratio >= minimumContrast }).toEqual({ tag, readable: true });
      }
    }
    expect(tagColours('customer', 'VIP')).toEqual({ background: '#8E24AA', text: '#ffffff' });
    expect(tagColours('task', 'MediumPriority')).toEqual({
      background: '#F2C037',
      text: '#000000',
    });
  });

  it('names every tag and channel in the catalogue (the screen builds the keys)', () => {
    const en: Record<string, string> = crmMessages.en;
    const es: Record<string, string> = crmMessages.es;
    const keys = [
      ...Object.entries(tagColourSets).flatMap(([set, tags]) =>
        Object.keys(tags).map((tag) => `crm.tag.${set}.${tag}`),
      ),
      ...interactionChannels.map((channel) => `crm.channel.${channel}`),
    ];
    expect(keys).toHaveLength(6 + 5 + 4 + interactionChannels.length);
    for (const key of keys) {
      expect(en[key], key).toMatch(/\S/);
      expect(es[key], key).toMatch(/\S/);
    }
  });
});
