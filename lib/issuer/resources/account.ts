import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";

// GET /api/open/v1/account/issuing/balance (2) - shape not shown by the spec: kept as the upstream sends it.
export async function getBalance(client: IssuerClient): Promise<unknown> {
  return client.call({ method: "GET", path: "/api/open/v1/account/issuing/balance", schema: z.unknown() });
}
