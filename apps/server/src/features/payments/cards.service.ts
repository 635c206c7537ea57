import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddCardInput, DeleteCardInput } from '@apothecall/domain/payments/payments.api';
import type { CardBrand, UserPaymentProfiles } from '@apothecall/domain/payments/payments.schemas';
import type { RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import { GatewayError, type PaymentGateway } from '../../platform/payments/gateway';
import type { CardsRepo } from './cards.repo';
import type { SecretsRepo } from './secrets.repo';

export interface CardsService {
  list(accountId: string): Promise<UserPaymentProfiles>;
  /** The card as addCardRequestSchema parsed it (number checked, spaces removed). */
  add(accountId: string, input: AddCardInput, origin: RequestOrigin): Promise<UserPaymentProfiles>;
  remove(
    accountId: string,
    input: DeleteCardInput,
    origin: RequestOrigin,
  ): Promise<UserPaymentProfiles>;
}

/** The gateway's "no" as the spec's messages (section 8). */
export function cardError(error: unknown): AppError {
  if (error instanceof GatewayError) {
    if (error.kind === 'declined') return new AppError(400, 'CARD_DECLINED', 'payments.declined');
    if (error.kind === 'avs')
      return new AppError(400, 'CARD_AVS_MISMATCH', 'payments.declinedAvsMismatch');
    if (error.kind === 'invalid' || error.kind === 'duplicate')
      return new AppError(400, 'CARD_INVALID', 'validation.card.invalid');
    if (error.kind === 'not-found') return appErrors.notFound();
  }
  return new AppError(503, 'PAYMENT_UNAVAILABLE', 'errors.unavailable');
}

/**
 * Cards on file (spec sections 3, 4, 7, 8). The number and CVV go to the gateway and nowhere
 * else; we keep the gateway's ids, brand, last four and expiry. The customer profile id goes to
 * the client with a signature binding it to the account, as the spec's payProfileSignature.
 */
export function createCardsService(deps: {
  cards: CardsRepo;
  secrets: SecretsRepo;
  gateway: PaymentGateway;
  audit: AuditService;
  loginIdOf: (accountId: string) => Promise<string>;
  now?: () => Date;
}): CardsService {
  const now = deps.now ?? (() => new Date());
  let secret: Promise<string> | undefined;
  const key = () => {
    secret ??= deps.secrets.secret('pay-profile-signature', () =>
      randomBytes(32).toString('base64url'),
    );
    return secret;
  };
  const sign = async (accountId: string, profileId: string) =>
    createHmac('sha256', await key())
      .update(`${accountId}:${profileId}`)
      .digest('base64url');

  async function checkSignature(accountId: string, profileId: string, signature: string) {
    const customer = await deps.cards.customerOf(accountId, deps.gateway.name);
    const expected = Buffer.from(await sign(accountId, profileId));
    const given = Buffer.from(signature);
    if (
      customer !== profileId ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    ) {
      throw appErrors.notFound();
    }
  }

  async function list(accountId: string): Promise<UserPaymentProfiles> {
    const customer = await deps.cards.customerOf(accountId, deps.gateway.name);
    const profiles = await deps.cards.listProfiles(accountId, deps.gateway.name);
    return {
      payProfileID: customer ?? null,
      payProfileSignature: customer ? await sign(accountId, customer) : null,
      payProfiles: profiles.map((p) => ({
        card: {
          profileID: p.paymentProfileId,
          cardType: p.brand as CardBrand,
          last4: p.last4,
          expiration: p.expiration,
          paymentProfileValid: p.valid,
        },
      })),
    };
  }

  return {
    list,

    async add(accountId, input, origin) {
      const card = input.card;
      let customer = await deps.cards.customerOf(accountId, deps.gateway.name);
      if (customer) {
        if (input.profileID !== null || input.signature !== null) {
          await checkSignature(accountId, input.profileID ?? '', input.signature ?? '');
        }
      } else {
        try {
          const created = await deps.gateway.createCustomer({
            merchantCustomerId: accountId.replaceAll('-', '').slice(0, 20),
            email: await deps.loginIdOf(accountId),
          });
          customer = created.customerProfileId;
        } catch (error) {
          throw cardError(error);
        }
        await deps.cards.saveCustomer(accountId, deps.gateway.name, customer);
      }
      // The same card twice would be listed twice; a real gateway refuses it too.
      const onFile = await deps.cards.listProfiles(accountId, deps.gateway.name);
      const last4 = card.ccNumber.slice(-4);
      if (onFile.some((p) => p.valid && p.last4 === last4 && p.expiration === card.expiration)) {
        await deps.audit.failed(
          { ...origin, accountId },
          'card.add',
          { accountId },
          { reason: 'already-on-file', last4 },
        );
        throw new AppError(409, 'CARD_ON_FILE', 'payments.cardOnFile');
      }
      const [month = '0', year = '0'] = card.expiration.split('/');
      try {
        const stored = await deps.gateway.addCard(customer, {
          number: card.ccNumber,
          cvv: card.cvv,
          expMonth: Number(month),
          expYear: 2000 + Number(year),
          holderName: card.cardHolderName,
          zip: card.cardZip,
        });
        await deps.cards.insertProfile(accountId, deps.gateway.name, {
          paymentProfileId: stored.paymentProfileId,
          brand: stored.brand,
          last4: stored.last4,
          expiration: stored.expiration,
          holderName: card.cardHolderName,
        });
        await deps.audit.record(
          { ...origin, accountId: accountId },
          'card.add',
          { accountId: accountId },
          { brand: stored.brand, last4: stored.last4 },
        );
      } catch (error) {
        await deps.audit.failed(
          { ...origin, accountId: accountId },
          'card.add',
          { accountId: accountId },
          { reason: error instanceof GatewayError ? error.kind : 'error' },
        );
        throw cardError(error);
      }
      return list(accountId);
    },

    async remove(accountId, input, origin) {
      await checkSignature(accountId, input.profileID, input.signature);
      const profile = await deps.cards.findProfile(accountId, input.paymentID);
      if (!profile) throw appErrors.notFound();
      try {
        await deps.gateway.deleteCard(input.profileID, profile.paymentProfileId);
      } catch (error) {
        if (!(error instanceof GatewayError && error.kind === 'not-found')) throw cardError(error);
      }
      await deps.cards.deleteProfile(profile.id, now());
      await deps.audit.record(
        { ...origin, accountId: accountId },
        'card.delete',
        { accountId: accountId },
        { last4: profile.last4 },
      );
      return list(accountId);
    },
  };
}
