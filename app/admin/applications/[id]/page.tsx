import { notFound } from "next/navigation";
import { ActionsPanel } from "@/app/admin/applications/[id]/_components/actions-panel";
import { requireStaffPage } from "@/lib/auth/staff";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

// /admin/applications/[id] - MINIMAL stand-in for the application page (replaced at merge): its id and the actions.
export default async function ApplicationPage({ params }: Props) {
  const staff = await requireStaffPage("read");
  const { id } = await params;
  if (!/^app_[A-Za-z0-9_-]{22}$/.test(id)) notFound();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="break-all font-mono text-2xl font-bold">{id}</h1>
      <ActionsPanel applicationId={id} staff={staff} />
    </div>
  );
}
