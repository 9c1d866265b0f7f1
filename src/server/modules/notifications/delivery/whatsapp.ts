import type { WhatsappConfig } from '../../../config.js';
import { SendFailure, type Outgoing, type Sender } from './message.js';

const REQUEST_TIMEOUT_MS = 20_000;

/** The Cloud API request of one notification: the configured template, its body's {{1}} the title, {{2}} the link. */
export function whatsappRequestOf(message: Outgoing, whatsapp: WhatsappConfig) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.address,
    type: 'template',
    template: {
      name: whatsapp.template,
      language: { code: whatsapp.language },
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
  };
}

/** Answers that a later try may get past: the rate limit, a timeout, the server's own trouble. */
const temporary = (status: number) => status === 408 || status === 429 || status >= 500;

/** Sends template messages through the WhatsApp Business Cloud API (`POST {api}/{phone number id}/messages`). */
export function whatsappSender(whatsapp: WhatsappConfig): Sender {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(`${whatsapp.apiUrl}/${whatsapp.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${whatsapp.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(whatsappRequestOf(message, whatsapp)),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SendFailure(`WhatsApp Cloud API unreachable: ${(error as Error).message}`, false);
      }
      const body = (await response.json().catch(() => ({}))) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      };
      if (response.ok && body.messages?.[0]?.id) return;
      const reason = body.error
        ? `${body.error.code ?? response.status}: ${body.error.message ?? ''}`
        : `HTTP ${response.status} without a message id`;
      throw new SendFailure(
        `WhatsApp Cloud API refused: ${reason}`,
        !response.ok && !temporary(response.status),
      );
    },
    close: () => {},
  };
}
