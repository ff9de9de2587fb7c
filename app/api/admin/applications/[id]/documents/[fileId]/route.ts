import { viewDocument } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { documentParams } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

const params = applicationParams.extend(documentParams.shape);

// GET /api/admin/applications/[id]/documents/[fileId] - a document from the issuer, shown inline and never stored
// (agents and admins: an identity document is an identity value; each view audited).
export const GET = staffRoute("reveal", { params }, async ({ params, staff }) => {
  const doc = await viewDocument(staff, params.id, params.fileId);
  return new Response(new Uint8Array(doc.bytes), {
    headers: {
      "content-type": doc.contentType,
      "content-length": String(doc.bytes.byteLength),
      "content-disposition": `inline; filename="${doc.name}"`,
      "cache-control": "no-store",
    },
  });
});
