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
