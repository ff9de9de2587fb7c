import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// An SMTP server for the exactly-once tests and bench/mail.mjs: counts what it took per X-Portal-Mail-Id, without
// a database, and lets a test stop it at a point of the protocol (to kill the sender there) before it answers.

/** `mail`: the n-th MAIL FROM (a message claimed, nothing committed); `dot`: the n-th message arrived in full. */
export type CatcherPoint = { at: "mail"; n: number } | { at: "dot"; n: number; id: string };

export type CountingCatcher = {
  url: string;
  /** Deliveries per outbox id: a message counts once its final "." arrived, whatever happens to the answer. */
  counts: Map<string, number>;
  delivered: () => number;
  /** Messages whose data started but never ended (the sender went away mid-message): the server drops them. */
  abandoned: () => number;
  /** Answers only once the promise it returns settles; undefined answers at once. */
  hold: (point: CatcherPoint) => Promise<void> | undefined;
  close: () => Promise<void>;
};

const ID_HEADER = /^X-Portal-Mail-Id:\s*(\S+)/im;

export async function countingCatcher(): Promise<CountingCatcher> {
  let mails = 0;
  let dots = 0;
  let abandoned = 0;
  const catcher: CountingCatcher = {
    url: "",
    counts: new Map(),
    delivered: () => dots,
    abandoned: () => abandoned,
    hold: () => undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const answerAfter = (point: CatcherPoint, answer: () => void) => {
    const held = catcher.hold(point);
    if (held) void held.then(answer, answer);
    else answer();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      answerAfter({ at: "mail", n: ++mails }, () => callback());
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", () => undefined);
      stream.on("close", () => {
        if (!stream.readableEnded) abandoned++;
      });
      stream.on("end", () => {
        const id = ID_HEADER.exec(Buffer.concat(chunks).toString("latin1"))?.[1] ?? "(none)";
        catcher.counts.set(id, (catcher.counts.get(id) ?? 0) + 1);
        answerAfter({ at: "dot", n: ++dots, id }, () => callback());
      });
    },
  });
  // A sender killed mid-conversation resets its connection: not the catcher's failure.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  catcher.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return catcher;
}
