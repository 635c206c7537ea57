import { describe, expect, it } from 'vitest';
import {
  describeCharge,
  subscriptionChargeDescription,
  visitChargeDescription,
} from './charge-descriptions.rules';

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

describe('subscription charges (issue 17)', () => {
  it("are stored language-neutral and read in the reader's language", () => {
    const bought = subscriptionChargeDescription({ plan: 'family', period: 'annual' }, false);
    expect(bought).toBe('Subscription (plan:family:annual)');
    expect(describeCharge('en', bought)).toBe('Subscription: Family plan, Billed annually');
    expect(describeCharge('es', bought)).toBe('Suscripción: Plan familiar, Facturación anual');
    const renewed = subscriptionChargeDescription({ serviceId: 'ldn', months: 3 }, true);
    expect(describeCharge('en', renewed)).toBe('Renewal. Medication subscription, 3 months');
    expect(describeCharge('es', renewed)).toBe('Renovación. Suscripción de medicamento, 3 meses');
  });

  it('say one month in the singular (issue 34: plural rules)', () => {
    const monthly = subscriptionChargeDescription({ serviceId: 'ldn', months: 1 }, false);
    expect(describeCharge('en', monthly)).toBe('Medication subscription, 1 month');
    expect(describeCharge('es', monthly)).toBe('Suscripción de medicamento, 1 mes');
  });
});
