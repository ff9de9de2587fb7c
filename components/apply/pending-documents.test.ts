import { describe, expect, it } from "vitest";
import { settlePending, type PendingDocument } from "@/components/apply/pending-documents";

const uploading = (done: Promise<boolean>): PendingDocument => ({ kind: "uploading", done });

describe("settlePending", () => {
  it("lets a save go on at once when nothing is pending", async () => {
    const waits: boolean[] = [];
    expect(await settlePending([], (w) => waits.push(w))).toEqual({ ready: true });
    expect(waits).toEqual([]);
  });

  it("waits for every upload, saying so, then lets the save go on", async () => {
    const waits: boolean[] = [];
    let finish: (ok: boolean) => void = () => undefined;
    const first = new Promise<boolean>((resolve) => (finish = resolve));
    const outcome = settlePending(
      [
        ["identity.front_file_id", uploading(first)],
        ["identity.back_file_id", uploading(Promise.resolve(true))],
      ],
      (w) => waits.push(w),
    );
    await Promise.resolve();
    expect(waits).toEqual([true]); // still waiting: the front is on its way
    finish(true);
    expect(await outcome).toEqual({ ready: true });
    expect(waits).toEqual([true, false]);
  });

  it("stops the save when an upload failed (its field shows why)", async () => {
    const outcome = await settlePending([["identity.front_file_id", uploading(Promise.resolve(false))]], () => undefined);
    expect(outcome).toEqual({ ready: false, unchosen: [] });
  });

  it("stops it, naming the fields, while a photo waits for Use or Retake or is being checked", async () => {
    const waits: boolean[] = [];
    const outcome = await settlePending(
      [
        ["identity.front_file_id", { kind: "choosing" }],
        ["identity.back_file_id", { kind: "checking" }],
        ["other", uploading(new Promise<boolean>(() => undefined))], // never waited for: the person must choose first
      ],
      (w) => waits.push(w),
    );
    expect(outcome).toEqual({ ready: false, unchosen: ["identity.front_file_id", "identity.back_file_id"] });
    expect(waits).toEqual([]);
  });
});
