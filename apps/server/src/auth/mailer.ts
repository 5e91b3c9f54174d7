import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/index.js';

/** One mail of the built-in identity provider. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** 'verify', 'reset' or 'registered' (the address already has an account). */
  kind: string;
  /** The one link the mail carries (confirmation or reset); the embedded default prints it on the console. */
  link: string;
}

/** Writes one plain line to the operator's console. */
export type ConsoleLine = (line: string) => void;

/** stdout, beside pino's JSON lines on `npm start`'s console. */
export const stdoutLine: ConsoleLine = (line) => {
  process.stdout.write(`${line}\n`);
};

/** The console line for a mail kept in the outbox: `Confirm pilot@example.com: http://...`. */
export function consoleLineOf(mail: OutgoingMail): string {
  if (mail.kind === 'registered') return `${mail.to} already has an account (someone tried to register it again): ${mail.link}`;
  return mail.kind === 'reset' ? `Reset the password of ${mail.to}: ${mail.link}` : `Confirm ${mail.to}: ${mail.link}`;
}

/** What stands in the stored text for a link once the mail has been sent. */
export const SENT_LINK_PLACEHOLDER = '[link removed after sending]';

/** Log levels at which the console line shows: it counts as a warning (the mail was not sent and someone must act). */
const CONSOLE_LINE_LEVELS: ReadonlySet<string> = new Set(['trace', 'debug', 'info', 'warn']);

/** How an Outbox delivers what it stores. */
export interface OutboxDelivery {
  /** Sender address (MAIL_FROM). */
  from: string;
  /** SMTP (or another transport); undefined keeps mail in the outbox only. */
  transport: MailTransport | undefined;
  /**
   * Where the link of a mail kept in the outbox is printed as one plain line; set only in the
   * embedded default (config/deploymentRules.ts), where the console's reader is the one registering.
   */
  consoleLine: ConsoleLine | undefined;
  /** Why mail without a transport is not sent, for the log: 'SMTP_URL not set' or 'SMTP_URL=disabled'. */
  unsentReason: string;
}

/** Sends mail that has been stored in the outbox; SMTP in production. */
export interface MailTransport {
  send(from: string, mail: OutgoingMail): Promise<void>;
}

/** nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(from, mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * Every mail goes into the `auth_outbox` table first (so it is never lost and tests and operators
 * can read it) and is then handed to the transport when one is configured; sent_at records SMTP's
 * acceptance, and the stored text then loses its link (SENT_LINK_PLACEHOLDER), so the table holds no
 * usable token of a sent mail. A failed send is logged and stays in the outbox unsent. The log names the mail but
 * never holds its text: the confirmation and reset links in it are sign-in tokens. Without a
 * transport, the embedded default prints the link on the console instead (consoleLine).
 */
export class Outbox {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly delivery: OutboxDelivery,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const id = randomUUID();
    await this.db.kysely
      .insertInto('auth_outbox')
      .values({ id, to_address: mail.to, subject: mail.subject, body_text: mail.text, kind: mail.kind, created_at: Date.now(), sent_at: null })
      .execute();
    const { transport, consoleLine } = this.delivery;
    if (transport === undefined) {
      this.log.info({ outbox_id: id, to: mail.to, kind: mail.kind, subject: mail.subject }, `mail kept in the outbox, not sent (${this.delivery.unsentReason})`);
      if (consoleLine !== undefined && CONSOLE_LINE_LEVELS.has(this.log.level)) consoleLine(consoleLineOf(mail));
      return;
    }
    try {
      await transport.send(this.delivery.from, mail);
      // Sent: the stored copy keeps no usable token (issue 26 point 8); the mailbox has the link now.
      const bodyText = mail.text.split(mail.link).join(SENT_LINK_PLACEHOLDER);
      await this.db.kysely.updateTable('auth_outbox').set({ sent_at: Date.now(), body_text: bodyText }).where('id', '=', id).execute();
    } catch (error) {
      this.log.error({ err: error, outbox_id: id, to: mail.to }, 'SMTP send failed; the mail stays in the outbox');
    }
  }
}

/** The mails to one address, newest first (tests and operators). */
export async function outboxFor(db: Database, to: string): Promise<Array<{ subject: string; text: string; kind: string; sent: boolean }>> {
  const rows = await db.kysely
    .selectFrom('auth_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ subject: row.subject, text: row.body_text, kind: row.kind, sent: row.sent_at !== null }));
}
