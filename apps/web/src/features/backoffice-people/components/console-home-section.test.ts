import { describe, expect, it } from 'vitest';
import { builtBackOfficeAreas } from './console-home-section';

describe("the console's home (issue 35)", () => {
  it('lists the areas the role may open whose screen is built', () => {
    const support = builtBackOfficeAreas('support');
    expect(support).toContain('people');
    expect(support).toContain('disclosures');
    // Support may not open money or jobs, built or not.
    expect(support).not.toContain('money');
    expect(support).not.toContain('jobs');
    expect(builtBackOfficeAreas('admin')).toEqual(
      expect.arrayContaining(['people', 'disclosures']),
    );
  });

  it('lists nothing for a role outside the back office', () => {
    for (const role of ['patient', 'provider', 'pharmacist', 'rxSubscriptionAdmin', undefined]) {
      expect(builtBackOfficeAreas(role)).toEqual([]);
    }
  });
});
