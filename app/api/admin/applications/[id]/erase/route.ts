import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { erasureSchema } from "@/lib/privacy/erase";
import { eraseSubjectData } from "@/lib/privacy/service";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/erase - erases the data of the person of this application (every application with
// its email or identity number, all or nothing) on request, typed confirmation (admins only; audited).
export const POST = staffRoute(
  "privacy",
  { params: applicationParams, body: erasureSchema, answer: staffAnswers.erased },
  async ({ params, body, staff }) => {
    const erased = await eraseSubjectData(staff, params.id, body);
    return { ...erased, erasedAt: erased.erasedAt.toISOString() };
  },
);
