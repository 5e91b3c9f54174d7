import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.js';

/** One mail of the built-in identity provider. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** 'verify' or 'reset'. */
  kind: string;
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
 * can read it), is logged, and is then handed to the transport when one is configured; sent_at
 * records SMTP's acceptance. A failed send is logged and stays in the outbox unsent.
 */
export class Outbox {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    private readonly transport: MailTransport | undefined,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const id = randomUUID();
    await this.db.kysely
      .insertInto('auth_outbox')
      .values({ id, to_address: mail.to, subject: mail.subject, body_text: mail.text, kind: mail.kind, created_at: Date.now(), sent_at: null })
      .execute();
    if (this.transport === undefined) {
      this.log.info({ outbox_id: id, to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox (SMTP_URL not set)');
      return;
    }
    try {
      await this.transport.send(this.from, mail);
      await this.db.kysely.updateTable('auth_outbox').set({ sent_at: Date.now() }).where('id', '=', id).execute();
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
