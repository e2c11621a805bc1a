import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { CardThumb } from "@/components/projects/card-thumb";
import { plural } from "@/components/ui/format";
import { Time } from "@/components/ui/time";
import { ProjectStatus } from "@/components/projects/project-status";
import { ButtonLink } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader } from "@/components/ui/feedback";
import { AppError } from "@/lib/errors";
import { getProjectSummaries } from "@/lib/projects/overview";
import { listProjects, type ProjectPage } from "@/lib/projects/service";
import { projectThumbnail } from "@/lib/projects/thumbnail";

export const metadata: Metadata = { title: "Projects" };

const PROJECTS_PER_PAGE = 20;

export default async function ProjectsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const ctx = await requireServiceContext();
  const { cursor: rawCursor } = await searchParams;
  const cursor = typeof rawCursor === "string" && rawCursor !== "" ? rawCursor : undefined;

  let page: ProjectPage;
  let staleLink = false;
  try {
    page = await listProjects(ctx, { cursor, per_page: PROJECTS_PER_PAGE });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "validation") throw error;
    staleLink = true;
    page = await listProjects(ctx, { per_page: PROJECTS_PER_PAGE });
  }
  const summaries = await getProjectSummaries(
    ctx,
    page.projects.map((project) => project.id),
  );

  return (
    <>
      <PageHeader
        title="Projects"
        description="A project is one card and one message, mailed to as many people as you like."
        actions={<ButtonLink href="/cards">New project</ButtonLink>}
      />
      {staleLink ? <Alert tone="info" className="mb-6">That page of projects is no longer available, so here are your newest.</Alert> : null}
      {page.projects.length === 0 && !cursor ? (
        <EmptyState title="No projects yet" action={<ButtonLink href="/cards">Choose a card</ButtonLink>}>
          Start by choosing a card: you&apos;ll write your message, add recipients from your contacts, a group or a spreadsheet, and check out with your credit.
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm" aria-label="Projects">
            {page.projects.map((project) => {
              const summary = summaries.get(project.id);
              return (
                <li key={project.id} className="relative flex items-center gap-4 p-4 hover:bg-stone-50">
                  <CardThumb src={projectThumbnail(project)} alt="" />
                  <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-6">
                    <div className="min-w-0 flex-1">
                      <h2 className="line-clamp-2 text-base font-semibold break-words text-stone-900">
                        <Link
                          href={`/projects/${project.id}`}
                          className="after:absolute after:inset-0 after:content-[''] hover:text-rose-800 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-rose-600"
                        >
                          {project.name}
                        </Link>
                      </h2>
                      <p className="truncate text-sm text-stone-600">{summary?.cardName ?? "Card"}</p>
                      <p className="mt-1 text-xs text-stone-500">
                        Created <Time value={project.createdAt} style="date" /> · {plural(summary?.recipientsCount ?? 0, "recipient")}
                      </p>
                    </div>
                    <div className="mt-2 sm:mt-0 sm:shrink-0">
                      <ProjectStatus recipients={summary?.recipientsCount ?? 0} ordered={summary?.orderedCount ?? 0} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          <nav aria-label="More projects" className="mt-6 flex flex-wrap justify-between gap-3">
            {cursor && !staleLink ? (
              <ButtonLink href="/projects" variant="ghost">
                ← Newest projects
              </ButtonLink>
            ) : (
              <span />
            )}
            {page.nextCursor ? (
              <ButtonLink href={`/projects?cursor=${encodeURIComponent(page.nextCursor)}`} variant="secondary">
                Older projects →
              </ButtonLink>
            ) : null}
          </nav>
        </>
      )}
    </>
  );
}
