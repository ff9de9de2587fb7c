import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";

// GET /api/open/v1/common/cities?country= (4) - shape not shown: an array of objects, passed through.
export async function listCities(client: IssuerClient, country: string): Promise<Array<Record<string, unknown>>> {
  return client.call({
    method: "GET",
    path: "/api/open/v1/common/cities",
    query: { country },
    schema: z.array(z.record(z.string(), z.unknown())),
  });
}
