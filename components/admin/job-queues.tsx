import { Time } from "@/components/ui/time";
import type { JobFailure, JobQueueStats } from "@/lib/admin/jobs";


const count = (value: number) => value.toLocaleString("en-US");

const COLUMNS = ["Waiting", "Retrying", "Running", "Completed (24 h)", "Failed (24 h)"] as const;

/** Each queue with its depth and the last day's outcomes; scrolls sideways on a phone. */
export function JobQueuesTable({ queues }: { queues: JobQueueStats[] }) {
  return (
    <div className="-mx-5 overflow-x-auto px-5" role="region" aria-label="Job queues" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Job queues: jobs waiting, retrying and running now, and jobs completed and failed in the last 24 hours</caption>
        <thead>
          <tr className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Queue
            </th>
            {COLUMNS.map((label) => (
              <th key={label} scope="col" className="py-2 pl-3 text-right font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {queues.map((queue) => (
            <tr key={queue.name}>
              <th scope="row" className="py-3 pr-4 align-top font-normal">
                <span className="block font-mono text-sm font-medium text-stone-900">{queue.name}</span>
                {queue.description ? <span className="mt-0.5 block max-w-sm text-xs text-stone-600">{queue.description}</span> : null}
              </th>
              {[queue.created, queue.retry, queue.active, queue.completedLastDay].map((value, index) => (
                <td key={COLUMNS[index]} className="py-3 pl-3 text-right align-top tabular-nums text-stone-700">
                  {count(value)}
                </td>
              ))}
              <td className={`py-3 pl-3 text-right align-top tabular-nums ${queue.failedLastDay > 0 ? "font-semibold text-red-700" : "text-stone-700"}`}>
                {count(queue.failedLastDay)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The latest jobs that failed after their last retry: queue, time and the error's message. */
export function JobFailures({ failures }: { failures: JobFailure[] }) {
  if (failures.length === 0) return <p className="text-sm text-stone-600">No job has failed. A job that fails after its retries shows here with its error.</p>;
  return (
    <ul className="divide-y divide-stone-100" aria-label="Failed jobs, newest first">
      {failures.map((failure) => (
        <li key={failure.id} className="py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 className="font-mono text-sm font-medium text-stone-900">{failure.queue}</h3>
            <p className="text-xs text-stone-600">
              <Time value={failure.failedAt} />
              {" · "}
              {failure.attempts === 1 ? "1 attempt" : `${failure.attempts} attempts`}
            </p>
          </div>
          <p className="mt-1 text-sm break-words text-red-800">{failure.message}</p>
        </li>
      ))}
    </ul>
  );
}
