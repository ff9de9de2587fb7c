import { z } from "zod";

/** Route params of /api/applications/[id]/...: anything else than an application id is simply not found. */
export const applicationParams = z.object({ id: z.string().regex(/^app_[A-Za-z0-9_-]{22}$/) });
