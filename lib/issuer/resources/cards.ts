import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";

export type CreateCardInput = { cardholderId: string; productId: string; rechargeAmount: number; label?: string; outId?: string };

// POST /api/open/v2/issuing/cards (11) - answers the card id (and the sandbox's status when given).
export async function createCard(
  client: IssuerClient,
  input: CreateCardInput,
  requestId: string,
): Promise<{ id: string; status: string | undefined }> {
  const data = await client.call({
    method: "POST",
    path: "/api/open/v2/issuing/cards",
    requestId,
    json: {
      cardholder_id: input.cardholderId,
      card_product_id: input.productId,
      recharge_amount: input.rechargeAmount,
      ...(input.label ? { label: input.label } : {}),
      ...(input.outId ? { out_id: input.outId } : {}),
    },
    schema: z.object({ id: z.string().min(1), status: z.string().optional() }).passthrough(),
  });
  return { id: data.id, status: data.status };
}
