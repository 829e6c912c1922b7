import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedAttachment {
  filename: string;
  mimeType: string;
  /** Decoded as UTF-8 text. */
  content: string;
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  attachments: CapturedAttachment[];
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:{port} for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first mail (already received or arriving within the timeout) that matches. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process that keeps every mail it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            const to = parsed.to?.[0]?.address ?? '';
            const attachments = parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              mimeType: a.mimeType,
              content: typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content),
            }));
            mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', attachments });
            waiters.forEach((wake) => wake());
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('Keine passende Mail empfangen'));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
