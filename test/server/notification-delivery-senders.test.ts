import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { emailSender } from '../../src/server/modules/notifications/delivery/email.js';
import { SendFailure, type Outgoing } from '../../src/server/modules/notifications/delivery/message.js';
import { whatsappSender } from '../../src/server/modules/notifications/delivery/whatsapp.js';
import { startCloudApi, type TestCloudApi } from './support/cloud-api-server.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';

const message: Outgoing = {
  sendId: 41,
  address: 'siti@contoh.id',
  name: 'Siti Aminah',
  kind: 'contract.offer',
  title: 'Penawaran baru untuk kontrak #7 "Padi <Musim> Hujan": tanggapi penawarannya',
  url: 'https://tanimitra.id/akun/kontrak/7',
  unsubscribeUrl: 'https://tanimitra.id/api/v1/notifications/unsubscribe?token=abc.def',
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as SendFailure,
  );

describe('the email sender, against a real SMTP server', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  const sender = () => {
    const config = loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(32), SMTP_URL: smtp.url });
    return emailSender({ ...config, publicUrl: 'https://tanimitra.id' }, config.email!);
  };

  it('sends Indonesian text and HTML with the link, the one-click unsubscribe and a Message-ID of the send', async () => {
    const email = sender();
    await email.send(message);
    email.close();
    const mail = smtp.messages.at(-1)!;
    expect(mail.subject).toBe(`[TaniMitra] ${message.title}`);
    expect(mail.to).toMatchObject({ value: [{ address: 'siti@contoh.id', name: 'Siti Aminah' }] });
    expect(mail.from?.value).toEqual([{ address: 'noreply@tanimitra.id', name: 'TaniMitra' }]);
    expect(mail.messageId).toBe('<notification-send-41@tanimitra.id>');
    expect(mail.text).toContain('Halo Siti Aminah,');
    expect(mail.text).toContain(`Buka di TaniMitra: ${message.url}`);
    expect(mail.text).toContain(`Berhenti menerima email jenis ini: ${message.unsubscribeUrl}`);
    expect(mail.html).toContain(`<a href="${message.url}">Buka di TaniMitra</a>`);
    expect(mail.html).toContain('Padi &#60;Musim&#62; Hujan');
    const header = (key: string) =>
      mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${message.unsubscribeUrl}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('reports a 4xx refusal as worth another try and a 5xx one as final', async () => {
    const email = sender();
    smtp.refusing = { code: 451, message: 'Mailbox busy, try later' };
    const busy = await failureOf(email.send(message));
    smtp.refusing = { code: 550, message: 'No such user' };
    const gone = await failureOf(email.send(message));
    smtp.refusing = undefined;
    email.close();
    expect(busy).toBeInstanceOf(SendFailure);
    expect(busy).toMatchObject({ permanent: false, message: expect.stringContaining('451') });
    expect(gone).toMatchObject({ permanent: true, message: expect.stringContaining('550') });
  });
});

describe('the WhatsApp sender, against a local Cloud API', () => {
  let api: TestCloudApi;
  beforeAll(async () => {
    api = await startCloudApi();
  });
  afterAll(() => api.close());

  const sender = (token = api.token) =>
    whatsappSender({
      token,
      phoneNumberId: api.phoneNumberId,
      apiUrl: api.apiUrl,
      template: 'tanimitra_notifikasi',
      language: 'id',
    });
  const phone = { ...message, address: '+6281234567890' };

  it('sends the template with the title and the link to the E.164 number', async () => {
    await sender().send(phone);
    expect(api.messages.at(-1)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+6281234567890',
      type: 'template',
      template: {
        name: 'tanimitra_notifikasi',
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: message.title },
              { type: 'text', text: message.url },
            ],
          },
        ],
      },
    });
  });

  it('retries a rate limit or an outage, not a wrong token or number', async () => {
    api.refusing = { status: 429, code: 130429, message: 'Rate limit hit' };
    const limited = await failureOf(sender().send(phone));
    api.refusing = { status: 503, code: 2, message: 'Service temporarily unavailable' };
    const down = await failureOf(sender().send(phone));
    api.refusing = undefined;
    const badToken = await failureOf(sender('wrong').send(phone));
    const badNumber = await failureOf(sender().send({ ...phone, address: '0812345' }));
    expect(limited).toMatchObject({ permanent: false, message: expect.stringContaining('130429') });
    expect(down).toMatchObject({ permanent: false });
    expect(badToken).toMatchObject({ permanent: true, message: expect.stringContaining('190') });
    expect(badNumber).toMatchObject({ permanent: true, message: expect.stringContaining('131026') });
  });

  it('counts an unreachable API as worth another try', async () => {
    const away = whatsappSender({
      token: 't',
      phoneNumberId: '1',
      apiUrl: 'http://127.0.0.1:9/v21.0',
      template: 'x',
      language: 'id',
    });
    expect(await failureOf(away.send(phone))).toMatchObject({ permanent: false });
  });
});
