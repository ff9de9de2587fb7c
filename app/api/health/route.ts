import { NextResponse } from "next/server";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

// GET /api/health - liveness plus a database round trip; 503 names the failing part.
export async function GET() {
  const env = getEnv();
  const health = await checkHealth(env.mode, env.databaseUrl ? "postgres" : "pglite", getDatabase);
  return NextResponse.json(health, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}
