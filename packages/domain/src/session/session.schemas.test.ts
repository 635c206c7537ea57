import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import { userRoleSchema, userSessionSchema } from './session.schemas';

const USER = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const PERSON = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';
const CHILD = 'c2d4e6f8-0a1b-4c3d-8e5f-6a7b8c9d0e1f';
const CHILD_PERSON = 'e1f2a3b4-c5d6-4e7f-a8b9-c0d1e2f3a4b5';

const minimal = {
  name: 'Ann Lee',
  id: USER,
  role: 'patient',
  token: 'jwt.token.value',
  credentials: { from: null, role: 'patient', organizationType: null },
  users: [
    {
      id: USER,
      personId: PERSON,
      name: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      relation: 'self',
    },
  ],
};
const child = {
  id: CHILD,
  personId: CHILD_PERSON,
  name: 'Sam Lee',
  firstName: 'Sam',
  lastName: 'Lee',
  relation: 'son',
};

describe('user session', () => {
  it('fills defaults: no price, no subscription, no location, no cards', () => {
    const session = userSessionSchema.parse(minimal);
    expect(session).toMatchObject({
      hasVisits: false,
      price: null,
      priceObj: null,
      priceMsg: '',
      priceToken: null,
      priceType: null,
      priceReferralCode: null,
      credentials: { from: null, role: 'patient', organizationType: null },
      permissions: [],
      rxSubscription: null,
      subscription: null,
      subscriptionToken: null,
      consultLocation: null,
      payProfileID: null,
      payProfileSignature: null,
      payProfiles: [],
    });
  });

  it('parses a full pharmacy session with subscription, price object and stored cards', () => {
    const session = userSessionSchema.parse({
      ...minimal,
      role: 'pharmacist',
      hasVisits: true,
      price: 2500,
      priceObj: { price: 2500, priceToken: 'tok', nonce: 'AB12CD34EF56' },
      priceType: 'prepay',
      credentials: { from: 'co-1', role: 'admin', organizationType: 'pharmacy' },
      permissions: ['readyrx', 'rxSubscriptionAdmin:co-1'],
      subscription: {
        active: true,
        family: true,
        renewDate: '2025-01-01',
        copay: 1000,
        memberPricing: { price: 1000 },
        nonmemberPricing: { price: 3500 },
      },
      consultLocation: 'FL',
      users: [...minimal.users, child],
      payProfileID: '512345678',
      payProfileSignature: 'sig',
      payProfiles: [
        {
          card: {
            profileID: '612345678',
            cardType: 'visa',
            last4: '1111',
            expiration: '04/29',
            paymentProfileValid: true,
          },
        },
      ],
    });
    expect(session.subscription?.memberPricing.price).toBe(1000);
    expect(session.priceObj?.nonce).toBe('AB12CD34EF56');
    expect(session.users[1]?.relation).toBe('son');
  });

  it('the main user is family member 0', () => {
    expect(
      issuePaths(userSessionSchema, {
        ...minimal,
        users: [child, ...minimal.users],
      }),
    ).toEqual(['users.0.id']);
    expect(issuePaths(userSessionSchema, { ...minimal, users: [] })).toContain('users');
  });

  it('names bad fields: role, price in cents, price type, location, a card number in payProfiles', () => {
    expect(
      issuePaths(userSessionSchema, {
        ...minimal,
        role: 'surgeon',
        consultLocation: 'Florida',
        price: 25.5,
        priceType: 'cheap',
      }),
    ).toEqual(['role', 'price', 'priceType', 'consultLocation']);
    expect(
      issuePaths(userSessionSchema, {
        ...minimal,
        payProfiles: [
          {
            card: {
              profileID: '6',
              cardType: 'visa',
              last4: '1111',
              expiration: '04/29',
              paymentProfileValid: true,
              ccNumber: '4111111111111111',
            },
          },
        ],
      }),
    ).toEqual(['payProfiles.0.card']);
  });

  it('knows the six roles of the spec and the staff roles', () => {
    expect(userRoleSchema.options).toEqual(
      expect.arrayContaining(['patient', 'pharmacist', 'tester', 'demo', 'AllAccess', '3rdparty']),
    );
    expect(userRoleSchema.options).toEqual(expect.arrayContaining(['provider', 'admin']));
  });
});
