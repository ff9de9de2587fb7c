import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import builtIn from "@/lib/sandbox/data/products.json";
import { loadProducts, productNeedsKyc, type SandboxProduct } from "@/lib/sandbox/products";

describe("the sandbox product catalog", () => {
  it("loads the built-in data file, validated", () => {
    const products = loadProducts(undefined);
    expect(products.map((p) => p.id)).toEqual((builtIn as SandboxProduct[]).map((p) => p.id));
    expect(products.filter((p) => p.status === "ENABLED")).toHaveLength(3);
  });

  it("is replaced whole by SANDBOX_PRODUCTS_FILE, and a malformed file is refused with its name", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "portal-products-"));
    const own = path.join(dir, "own.json");
    const one = { ...(builtIn as SandboxProduct[])[0], id: "prod_mine", name: "Mine" };
    await writeFile(own, JSON.stringify([one]));
    expect(loadProducts(own).map((p) => p.id)).toEqual(["prod_mine"]);

    const bad = path.join(dir, "bad.json");
    await writeFile(bad, JSON.stringify([{ id: "x" }]));
    expect(() => loadProducts(bad)).toThrow(/bad\.json is not a valid product catalog/);
  });

  it("knows which products need KYC (spec: Standard/Enhanced, or KYC fields asked)", () => {
    const [simplified, standard] = loadProducts(undefined) as [SandboxProduct, SandboxProduct];
    expect(productNeedsKyc(simplified)).toBe(false);
    expect(productNeedsKyc(standard)).toBe(true);
    const asksIdentity = { ...simplified, cardholder_required_fields: [{ name: "identity", type: "object", required: true, fields: [] }] };
    expect(productNeedsKyc(asksIdentity)).toBe(true);
  });
});
