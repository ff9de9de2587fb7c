import "server-only";
import { simpleParser, type AddressObject } from "mailparser";
import { getDb } from "@/lib/db";
import type { Database } from "@/lib/db/types";
import { findCaughtMail, listCaughtMail, type CaughtMailRow } from "@/lib/sandbox/store/mail";

// What /sandbox/mail shows: the catcher's inbox, and one message parsed as a mail client would read it.

export const INBOX_PAGE = 50;

export type InboxPage = { rows: CaughtMailRow[]; older: number | undefined };

/** Newest first, INBOX_PAGE at a time (`before`: the id the previous page ended at), optionally to one address. */
export async function readInbox(to: string | undefined, before: number | undefined, db?: Database): Promise<InboxPage> {
  const rows = await listCaughtMail(db ?? (await getDb()), to?.trim() || undefined, INBOX_PAGE + 1, before);
  return { rows: rows.slice(0, INBOX_PAGE), older: rows.length > INBOX_PAGE ? rows[INBOX_PAGE - 1]?.id : undefined };
}

export type CaughtMessage = {
  id: number;
  from: string;
  to: string;
  subject: string;
  date: Date;
  html: string | undefined;
  text: string;
  /** Every distinct link of the message (the HTML's, else the plain text's), in order: what a person can follow. */
  links: string[];
  language: string | undefined;
};

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(", ");

export async function readCaughtMessage(db: Database | undefined, id: number): Promise<CaughtMessage | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const row = await findCaughtMail(db ?? (await getDb()), id);
  if (!row) return undefined;
  const parsed = await simpleParser(row.raw);
  const html = typeof parsed.html === "string" ? parsed.html : undefined;
  const fromHtml = html ? [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")) : [];
  const fromText = [...(parsed.text ?? "").matchAll(/https?:\/\/[^\s<>\]]+/g)].map((m) => m[0]);
  return {
    id: row.id,
    from: addresses(parsed.from),
    to: addresses(parsed.to) || row.rcptTo.join(", "),
    subject: parsed.subject ?? row.subject,
    date: parsed.date ?? row.receivedAt,
    html,
    text: parsed.text ?? "",
    links: [...new Set(fromHtml.length > 0 ? fromHtml : fromText)],
    language: html ? /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] : undefined,
  };
}
