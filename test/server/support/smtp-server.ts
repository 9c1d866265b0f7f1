import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP server on loopback that keeps every message it accepted, parsed (`mailparser`). */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for `SMTP_URL`. */
  url: string;
  /** Messages accepted (250 after DATA), in order. */
  messages: ParsedMail[];
  /** Every RCPT TO it was given, accepted or not. */
  attempts: number;
  /** While set, each recipient is refused with this reply (e.g. 451 for "try again later"). */
  refusing: { code: number; message: string } | undefined;
  /** Once this many were accepted, further messages are received but not answered (kept in `held`). */
  holdAfter: number | undefined;
  /** The unanswered messages' callbacks: call one with an error to refuse it. */
  held: ((error?: Error) => void)[];
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    messages: [],
    attempts: 0,
    refusing: undefined,
    holdAfter: undefined,
    held: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      state.attempts++;
      const refusing = state.refusing;
      if (!refusing) return callback();
      callback(Object.assign(new Error(refusing.message), { responseCode: refusing.code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.holdAfter !== undefined && state.messages.length >= state.holdAfter)
            return state.held.push(callback);
          state.messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
