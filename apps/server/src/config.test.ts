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
    expect(loadConfig({}).inbox).toEqual({
      smtpPort: undefined,
      smtpHost: 'localhost',
      domain: 'inbox.apothecall.test',
      maxBytes: 25 * 1024 * 1024,
      tls: undefined,
    });
    const on = loadConfig({
      INBOUND_SMTP_PORT: '2525',
      HOST: '0.0.0.0',
      INBOUND_MAIL_DOMAIN: 'Mail.Example.COM',
    }).inbox;
    expect(on).toMatchObject({ smtpPort: 2525, smtpHost: '0.0.0.0', domain: 'mail.example.com' });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '0' })).toThrow(/INBOUND_SMTP_PORT/);
    expect(() => loadConfig({ INBOUND_MAIL_DOMAIN: 'not a domain' })).toThrow(
      /INBOUND_MAIL_DOMAIN/,
    );
    expect(() => loadConfig({ INBOUND_SMTP_TLS_KEY_FILE: 'key.pem' })).toThrow(
      /INBOUND_SMTP_TLS_KEY_FILE/,
    );
  });
});
