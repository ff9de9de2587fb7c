import { NextResponse } from "next/server";
import type { z } from "zod";
import type { healthAnswer } from "@/lib/api/schemas/applicant";
import { processHealth } from "@/lib/health";
import { API_HEADERS } from "@/lib/http/security-headers";

export const dynamic = "force-dynamic";

// GET /api/health - liveness plus a database round trip; 503 names the failing part.
export async function GET() {
  const health: z.infer<typeof healthAnswer> = await processHealth();
  return NextResponse.json(health, { status: health.ok ? 200 : 503, headers: API_HEADERS });
}
