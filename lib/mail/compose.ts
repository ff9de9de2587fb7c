import "server-only";
import MailComposer from "nodemailer/lib/mail-composer";
import type { RenderedMail } from "@/lib/mail/render";
import { addressOf, merchantNameOf } from "@/lib/mail/settings";

// The message's bytes (MIME): HTML and plain text as alternatives, a Message-ID that names the outbox row, so a
// message the server saw twice is recognisable, and no header that says more than delivery needs.

export function messageIdOf(outboxId: string, from: string): string {
  return `<${outboxId}@${addressOf(from).split("@")[1] ?? "portal.invalid"}>`;
}

export async function composeMail(input: {
  outboxId: string;
  from: string;
  to: string;
  rendered: RenderedMail;
  date: Date;
}): Promise<Buffer> {
  const composer = new MailComposer({
    // Name and address apart: a name like "Card portal (sandbox)" would otherwise be read as a comment and cut.
    from: { name: merchantNameOf(input.from), address: addressOf(input.from) },
    to: input.to,
    subject: input.rendered.subject,
    text: input.rendered.text,
    html: input.rendered.html,
    date: input.date,
    messageId: messageIdOf(input.outboxId, input.from),
    headers: { "X-Portal-Mail-Id": input.outboxId, "Auto-Submitted": "auto-generated" },
  });
  return composer.compile().build();
}
