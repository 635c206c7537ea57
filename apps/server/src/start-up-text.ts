import { inboxAddressFor } from '@apothecall/domain/inbox/inbox.rules';

/**
 * The start-up text's lines about the pharmacies' inbound e-mail: where
 * the SMTP endpoint listens and, on the demo, the demo pharmacy's address with a command that
 * mails it (curl speaks SMTP; nothing else to install).
 */
export function inboxLines(input: {
  /** The interface the endpoint listens on, and its port. */
  host: string;
  port: number;
  domain: string;
  /** The demo pharmacy whose address is shown, and who reads it; absent without demo data. */
  demo?: { organizationId: string; name: string; reader: string } | undefined;
}): string[] {
  // An IPv6 address goes in brackets in a URL.
  const withPort = (host: string) => `${host.includes(':') ? `[${host}]` : host}:${input.port}`;
  const address = input.demo ? inboxAddressFor(input.demo.organizationId, input.domain) : null;
  if (!input.demo || !address) {
    return [
      `Pharmacy inboxes: SMTP on ${withPort(input.host)} for <organisation id>@${input.domain}`,
    ];
  }
  // The command reaches a wildcard interface on loopback.
  const hostPort = withPort(
    input.host === '0.0.0.0' ? '127.0.0.1' : input.host === '::' ? '::1' : input.host,
  );
  return [
    `Pharmacy inbox: mail to ${address} (SMTP on ${hostPort}) reaches ${input.demo.name}'s Inbox (${input.demo.reader}); try`,
    `  printf 'Subject: Hello\\n\\nIs my refill ready?\\n' | curl -sS smtp://${hostPort} --mail-from patient@example.test --mail-rcpt ${address} -T -`,
  ];
}
