import { createServer, type Socket } from 'node:net';

/** One message as an SMTP server received it: the envelope, the raw message and its headers (unfolded, by lower-case name). */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string[]>;
}

/** A message's header section, unfolded (RFC 5322 §2.2.3), each name in lower case with its values in order. */
export function parseHeaders(raw: string): Map<string, string[]> {
  const end = raw.indexOf('\r\n\r\n');
  const section = (end === -1 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of section.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

/**
 * A plain SMTP server on loopback that accepts every message and keeps it (RFC 5321's commands a
 * client sends without TLS or authentication): what the API's real SMTP transport talks to in tests.
 */
export async function startSmtpStub(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | null = null;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') return reply('250-stub.local\r\n250-8BITMIME\r\n250 SMTPUTF8');
      if (verb === 'HELO') return reply('250 stub.local');
      if (verb === 'MAIL') {
        envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
        return reply('250 OK');
      }
      if (verb === 'RCPT') {
        envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        return reply('250 OK');
      }
      if (verb === 'DATA') {
        data = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'QUIT') {
        reply('221 Bye');
        return socket.end();
      }
      return reply(verb === 'RSET' || verb === 'NOOP' ? '250 OK' : '502 Command not implemented');
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (!data) {
          command(line);
          continue;
        }
        if (line !== '.') {
          // Dot-stuffing (RFC 5321 §4.5.2): a line the client began with a dot has one more.
          data.push(line.startsWith('.') ? line.slice(1) : line);
          continue;
        }
        const raw = `${data.join('\r\n')}\r\n`;
        received.push({ ...envelope, raw, headers: parseHeaders(raw) });
        data = null;
        reply('250 OK: queued');
      }
    });
    reply('220 stub.local ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
