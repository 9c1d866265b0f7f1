import net from 'node:net';
import type { TestContext } from './app.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `text` as it is to the test server over a plain socket (for what fetch cannot send: an unknown method,
 * a body that stops short of its Content-Length) and reads the answer until the server closes the connection:
 * the promise settles only once it has.
 */
export function rawRequest(ctx: TestContext, text: string): Promise<RawAnswer> {
  const { port } = new URL(ctx.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(text);
  });
}
