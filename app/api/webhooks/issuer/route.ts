import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { receiveWebhook } from "@/lib/webhooks/receive";
import { wakeWebhookProcessor } from "@/lib/webhooks/worker";

export const dynamic = "force-dynamic";

// POST /api/webhooks/issuer - verifies, stores and acknowledges an issuer event; a processor applies it later.
export async function POST(request: Request) {
  const env = getEnv();
  return receiveWebhook(request, {
    db: await getDb(),
    secrets: [env.webhook.secret, env.webhook.previousSecret],
    now: () => new Date(),
    notify: wakeWebhookProcessor,
  });
}
