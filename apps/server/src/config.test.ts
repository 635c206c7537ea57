import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.session.idleSeconds).toBe(900);
    expect(config.demoSeed).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      'Invalid environment variable PORT: must be a port number from 0 to 65535',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_IDLE_SECONDS: '0' })).toThrow(/SESSION_IDLE_SECONDS/);
  });

  it('leaves /metrics off unless METRICS_TOKEN is set, and refuses a weak token (issue 34)', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid environment variable METRICS_TOKEN: must be at least 16 characters',
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${token} x` })).toThrow(/METRICS_TOKEN/);
  });

  it('leaves tracing off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (issue 34)', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).tracing,
    ).toEqual({ endpoint: 'http://collector:4318', serviceName: 'apothecall', sampleRatio: 0.25 });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('leaves the inbound SMTP endpoint off unless its port is set (issue 20)', () => {
    const database = 'postgres://db.example/apothecall';
    expect(loadConfig({ DATABASE_URL: database }).inbox).toEqual({
      smtpPort: undefined,
      smtpHost: 'localhost',
      smtpTryOut: false,
      domain: 'inbox.apothecall.test',
      maxBytes: 25 * 1024 * 1024,
      tls: undefined,
    });
    expect(loadConfig({ DATABASE_URL: database, INBOUND_SMTP_PORT: '25' }).inbox).toMatchObject({
      smtpPort: 25,
      smtpTryOut: false,
    });
    const on = loadConfig({
      INBOUND_SMTP_PORT: '2525',
      HOST: '0.0.0.0',
      INBOUND_MAIL_DOMAIN: 'Mail.Example.COM',
    }).inbox;
    expect(on).toMatchObject({ smtpPort: 2525, smtpHost: '0.0.0.0', domain: 'mail.example.com' });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '0' })).toThrow(
      'Invalid environment variable INBOUND_SMTP_PORT: must be a port number from 1 to 65535, or off',
    );
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '25x' })).toThrow(/INBOUND_SMTP_PORT/);
    expect(() => loadConfig({ INBOUND_MAIL_DOMAIN: 'not a domain' })).toThrow(
      /INBOUND_MAIL_DOMAIN/,
    );
    expect(() => loadConfig({ INBOUND_SMTP_TLS_KEY_FILE: 'key.pem' })).toThrow(
      /INBOUND_SMTP_TLS_KEY_FILE/,
    );
  });

  it('takes the SMS sender number only in E.164, as Twilio sends from it (issue 34)', () => {
    expect(loadConfig({}).sms.from).toBe('+15005550006');
    expect(loadConfig({ SMS_FROM: '+13055550100' }).sms.from).toBe('+13055550100');
    for (const from of ['305-555-0100', '+1 305 555 0100', '13055550100', '+0123', 'Apothecall']) {
      expect(() => loadConfig({ SMS_FROM: from })).toThrow(
        'Invalid environment variable SMS_FROM: must be the sender number in E.164, such as +13055550100',
      );
    }
  });

  it('on the embedded demo, without a port, opens the inbound endpoint on loopback 2525 (issue 34)', () => {
    expect(loadConfig({}).inbox).toMatchObject({
      smtpPort: 2525,
      smtpHost: '127.0.0.1',
      smtpTryOut: true,
    });
    // HOST is the web server's; the try-out endpoint stays on loopback unless told otherwise.
    expect(loadConfig({ HOST: '0.0.0.0' }).inbox.smtpHost).toBe('127.0.0.1');
    expect(loadConfig({ INBOUND_SMTP_HOST: '::1' }).inbox.smtpHost).toBe('::1');
    // A port that is set is the operator's: taken means a failed start, as before.
    expect(loadConfig({ INBOUND_SMTP_PORT: '2600' }).inbox).toMatchObject({
      smtpPort: 2600,
      smtpTryOut: false,
    });
    // off, PostgreSQL, or no demo data: off.
    for (const env of [
      { INBOUND_SMTP_PORT: 'off' },
      { DATABASE_URL: 'postgres://db.example/apothecall' },
      { DEMO_SEED: 'false' },
    ]) {
      expect(loadConfig(env).inbox, JSON.stringify(env)).toMatchObject({
        smtpPort: undefined,
        smtpTryOut: false,
      });
    }
  });
});
