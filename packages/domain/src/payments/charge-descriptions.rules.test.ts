import { describe, expect, it } from 'vitest';
import { describeCharge, visitChargeDescription } from './charge-descriptions.rules';

describe('charge descriptions', () => {
  it("shows a visit's charge in the reader's language, never the reason's id", () => {
    const stored = visitChargeDescription('soreThroat');
    expect(describeCharge('en', stored)).toBe('Video visit: Sore throat');
    expect(describeCharge('es', stored)).toBe('Consulta por video: Dolor de garganta');
    expect(describeCharge('es', visitChargeDescription('unknownReason'))).toBe(
      'Consulta por video: consulta',
    );
  });

  it('shows any other description as stored', () => {
    expect(describeCharge('es', 'Prepaid visits (10)')).toBe('Prepaid visits (10)');
    expect(describeCharge('en', '')).toBe('');
  });
});
