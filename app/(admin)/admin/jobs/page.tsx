import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { JobFailures, JobQueuesTable } from "@/components/admin/job-queues";
import { EmptyState, PageHeader, Panel } from "@/components/ui/feedback";
import { getJobsOverview } from "@/lib/admin/jobs";
import { adminTitle } from "../_lib/admin-title";

export const generateMetadata = adminTitle("Jobs · Admin");

export default async function AdminJobsPage() {
  await connection();
  const overview = await getJobsOverview(await requireAdminServiceContext());

  return (
    <>
      <PageHeader
        title="Jobs"
        description="Background work on the job queue in the database: what waits, what ran in the last 24 hours, and what failed after its retries."
      />
      <AdminNav />
      {overview.queues.length === 0 ? (
        <EmptyState title="No job queues yet">The queues are created when the server starts its background jobs.</EmptyState>
      ) : (
        <>
          <Panel title="Queues">
            <JobQueuesTable queues={overview.queues} />
          </Panel>
          <Panel title="Recent failures" className="mt-6">
            <JobFailures failures={overview.failures} />
          </Panel>
        </>
      )}
    </>
  );
}
