import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { configProblems } from './support/config-problems.js';

const base = { DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(32) };
const problemsOf = (env: NodeJS.ProcessEnv) => configProblems(base, env);

describe('the notification channels in the configuration', () => {
  it('are off by default, with 8 tries from 30 s', () => {
    expect(loadConfig(base)).toMatchObject({
      email: undefined,
      whatsapp: undefined,
      delivery: { maxTries: 8, retryDelaySeconds: 30 },
    });
  });

  it('email with SMTP_URL, WhatsApp with its token and number id, the Graph API by default', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtp://user:pass@mail.contoh.id:587',
      MAIL_FROM: 'Notifikasi <notifikasi@contoh.id>',
      WHATSAPP_TOKEN: 'EAAG123',
      WHATSAPP_PHONE_NUMBER_ID: '1065403522',
    });
    expect(config.email).toEqual({
      smtpUrl: 'smtp://user:pass@mail.contoh.id:587',
      from: 'Notifikasi <notifikasi@contoh.id>',
    });
    expect(config.whatsapp).toEqual({
      token: 'EAAG123',
      phoneNumberId: '1065403522',
      apiUrl: 'https://graph.facebook.com/v21.0',
      template: 'tanimitra_notifikasi',
      language: 'id',
    });
  });

  it('reports every bad setting at once', () => {
    expect(
      problemsOf({
        SMTP_URL: 'http://mail.contoh.id',
        MAIL_FROM: 'nobody',
        WHATSAPP_TOKEN: 'EAAG123',
        WHATSAPP_API_URL: 'graph.facebook.com/',
        NOTIFY_MAX_TRIES: '0',
        NOTIFY_RETRY_DELAY_SECONDS: '1.5',
      }),
    ).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587',
      'MAIL_FROM must be an address, e.g. "TaniMitra <noreply@tanimitra.id>" (got "nobody")',
      'WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID must be set together (or neither)',
      'WHATSAPP_API_URL must be an http:// or https:// URL without a trailing slash (got "graph.facebook.com/")',
      'NOTIFY_MAX_TRIES must be a whole number from 1 to 50 (got "0")',
      'NOTIFY_RETRY_DELAY_SECONDS must be a whole number from 1 to 3600 (got "1.5")',
    ]);
    expect(problemsOf({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '+62 812' })).toEqual([
      `WHATSAPP_PHONE_NUMBER_ID must be the digits of the sender's number id (got "+62 812")`,
    ]);
  });
});
