import { describe } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../../test/harness';
import { describeGatewayContract } from './gateway.contract';
import { createSandboxGateway, sandboxTestCards } from './sandbox-gateway';
import { createSandboxStore } from './sandbox-gateway.repo';

describe.each(databaseKinds)('sandbox gateway on %s', (kind) => {
  describeGatewayContract('sandbox', async () => {
    const { database, dispose } = await openTestDatabase(kind);
    return {
      gateway: createSandboxGateway({ store: createSandboxStore(database.db) }),
      cards: {
        approve: sandboxTestCards.visa,
        decline: sandboxTestCards.decline,
        avs: sandboxTestCards.avs,
      },
      close: dispose,
    };
  });
});
