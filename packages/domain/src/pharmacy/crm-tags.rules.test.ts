import { describe, expect, it } from 'vitest';
import { tagColourSets } from './crm-tags.rules';

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
});
