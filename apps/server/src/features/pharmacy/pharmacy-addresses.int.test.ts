import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  get,
  newPatient,
  readyToPay,
  startTestApp,
  type TestApp,
} from '../../../test/harness';

interface Place {
  name: string;
  address: string;
  city: string;
  state: string;
  phone: string;
}

/**
 * One pharmacy, one address: Sunrise Pharmacy is offered by the video
 * visit's pharmacy directory and by the Rx flow's pharmacy step; both show the address, city,
 * state and phone of its pharmacy organisation. On both databases.
 */
describe.each(databaseKinds)('Sunrise Pharmacy in both flows (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the organisation's address in the video visit's directory and the Rx flow", async () => {
    const payer = await readyToPay(t, await newPatient(t), { state: 'FL' });
    const directory = (await get(t, '/api/pharmacies?q=sunrise', payer.token)).json() as {
      pharmacies: Place[];
    };
    const rx = (await get(t, '/api/rx/pharmacies?state=FL', payer.token)).json() as {
      pharmacies: Place[];
    };
    const fields = ({ name, address, city, state, phone }: Place) => ({
      name,
      address,
      city,
      state,
      phone,
    });
    const sunrise = {
      name: 'Sunrise Pharmacy',
      address: '1200 Biscayne Boulevard, Suite 104',
      city: 'Miami',
      state: 'FL',
      phone: '(305) 555-0180',
    };
    expect(directory.pharmacies.map(fields)).toEqual([sunrise]);
    expect(rx.pharmacies.map(fields)).toEqual([sunrise]);
  });
});
