import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A merchant's endpoint for the tests, on loopback HTTP: it verifies each post with the Standard Webhooks library
// (with whichever secrets it is given) and counts, per `webhook-id`, the posts and the 2xx it answered.

export type Answer = number | "hang";
export type Received = {
  id: string;
  type: string;
  applicationId: string | null;
  body: string;
  /** The Standard Webhooks headers as received (a test can verify again with another secret). */
  headers: Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string>;
  signatures: number;
  answered: Answer;
  /** When it arrived (ms since the epoch): the bench's delay from the change to the delivery. */
  at: number;
};

export type Receiver = {
  url: string;
  /** The secrets it verifies with (any one is enough); a post none verifies is answered 401. */
  secrets: string[];
  /** What to answer the n-th post (1-based) of an event id, verified; default 200. */
  answer: (n: number, id: string) => Answer;
  received: Received[];
  /** Event ids in the order they were answered 2xx. */
  delivered: () => string[];
  /** Ids answered 2xx more than once: must stay empty. */
  deliveredTwice: () => string[];
  close: () => Promise<void>;
};

const header = (h: IncomingHttpHeaders, name: string) => String(h[name] ?? "");

export async function startReceiver(secrets: string[]): Promise<Receiver> {
  const counts = new Map<string, number>();
  const hanging = new Set<() => void>();
  const receiver: Receiver = {
    url: "",
    secrets,
    answer: () => 200,
    received: [],
    delivered: () => receiver.received.filter((r) => typeof r.answered === "number" && r.answered < 300).map((r) => r.id),
    deliveredTwice: () => {
      const ids = receiver.delivered();
      return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    },
    close: async () => {
      for (const end of hanging) end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": header(req.headers, "webhook-id"),
        "webhook-timestamp": header(req.headers, "webhook-timestamp"),
        "webhook-signature": header(req.headers, "webhook-signature"),
      };
      const verified = receiver.secrets.some((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const id = headers["webhook-id"];
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      const answered: Answer = verified ? receiver.answer(n, id) : 401;
      const parsed = JSON.parse(body) as { type: string; data: { application_id?: string | null } };
      const signatures = headers["webhook-signature"].split(" ").length;
      receiver.received.push({
        id,
        type: parsed.type,
        applicationId: parsed.data.application_id ?? null,
        body,
        headers,
        signatures,
        answered,
        at: Date.now(),
      });
      if (answered === "hang") {
        // Never answered: the sender gives up (its timeout, or it dies); the connection closes with the server.
        hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(answered, { "content-type": "text/plain" }).end(`answer ${answered} ${"x".repeat(2_000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
