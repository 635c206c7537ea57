import { describe, expect, it } from 'vitest';
import { inboxLines } from './start-up-text';

const demo = { organizationId: 'sunrise-pharmacy', name: 'Sunrise', reader: 'pharmacist@x.test' };

describe('the start-up text about inbound e-mail', () => {
  it("names the demo pharmacy's address, the endpoint, who reads it and a command that mails it", () => {
    const [about, command] = inboxLines({
      host: '127.0.0.1',
      port: 2525,
      domain: 'inbox.apothecall.test',
      demo,
    });
    expect(about).toContain('sunrise-pharmacy@inbox.apothecall.test');
    expect(about).toContain('127.0.0.1:2525');
    expect(about).toContain('pharmacist@x.test');
    expect(command).toContain(
      'curl -sS smtp://127.0.0.1:2525 --mail-from patient@example.test --mail-rcpt sunrise-pharmacy@inbox.apothecall.test -T -',
    );
  });

  it('gives a wildcard interface as loopback, and an IPv6 address in brackets', () => {
    const at = (host: string) =>
      inboxLines({ host, port: 25, domain: 'mail.example.com', demo }).join('\n');
    expect(at('0.0.0.0')).toContain('smtp://127.0.0.1:25 ');
    expect(at('::')).toContain('smtp://[::1]:25 ');
    expect(at('::1')).toContain('smtp://[::1]:25 ');
  });

  it('without demo data, says where mail is taken and for which addresses', () => {
    expect(inboxLines({ host: '0.0.0.0', port: 25, domain: 'mail.example.com' })).toEqual([
      'Pharmacy inboxes: SMTP on 0.0.0.0:25 for <organisation id>@mail.example.com',
    ]);
  });
});
