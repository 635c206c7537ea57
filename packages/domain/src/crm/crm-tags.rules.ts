import { contrastRatio } from '../brands/brand-colors.rules';

/**
 * Tag colour sets of spec section 3. The spec names the tags but not their colours; the hex
 * colours below are our choice (readable on white, distinct within a set).
 */
export const tagColourSets = {
  customer: {
    Prospect: '#1976D2',
    Active: '#21BA45',
    Inactive: '#9E9E9E',
    VIP: '#8E24AA',
    AtRisk: '#C10015',
    NeedsFollowUp: '#F2C037',
  },
  interaction: {
    Complaint: '#C10015',
    Praise: '#21BA45',
    Query: '#1976D2',
    Support: '#F2C037',
    Info: '#31CCEC',
  },
  task: {
    Urgent: '#C10015',
    HighPriority: '#F2711C',
    MediumPriority: '#F2C037',
    LowPriority: '#21BA45',
  },
} as const;
export type TagSet = keyof typeof tagColourSets;

const black = '#000000';
const white = '#ffffff';

/**
 * The text colour of a badge painted in a tag's colour: black or white, whichever contrasts
 * more (every colour of the sets reaches WCAG AA, 4.5:1, with one of them; the test checks).
 */
export function tagTextColour(background: string): string {
  return contrastRatio(background, black) >= contrastRatio(background, white) ? black : white;
}

/** A tag's colour and the text colour on it. */
export function tagColours<S extends TagSet>(
  set: S,
  tag: keyof (typeof tagColourSets)[S],
): { background: string; text: string } {
  const background = (tagColourSets[set] as Record<string, string>)[tag as string] ?? '#9E9E9E';
  return { background, text: tagTextColour(background) };
}
