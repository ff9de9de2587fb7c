import { redirect } from "next/navigation";
import { landingPath, loadApplicationPage } from "@/app/(portal)/apply/[id]/_lib/page-data";

export const dynamic = "force-dynamic";

// /apply/[id] - sends the person to the form while a draft, to the status page after.
export default async function ApplicationLanding({ params }: { params: Promise<{ id: string }> }) {
  redirect(landingPath(await loadApplicationPage((await params).id)));
}
