import "server-only";
import type postgres from "postgres";

type PostgresClient = postgres.Sql;
type PostgresFactory = typeof postgres;
/** What postgres.js keeps on a query until it is answered. */
type QueryInternals = { resolve(value: unknown): void; reject(error: unknown): void };

/**
 * Whether an error (or its cause, as drizzle wraps the driver's) says the connection it ran on
 * is gone: closed, reset or refused, or its server process terminated or shutting down.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (CONNECTION_LOST_CODES.has(code) || code.startsWith("08")) return true;
  }
  return false;
}

/** postgres.js's own codes, Node's socket errors, and SQLSTATEs 57P01-57P03 (class 08 too, above). */
const CONNECTION_LOST_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
]);

export type PoolOptions = {
  /** The most connections open at once. */
  size: number;
  /** Whether a statement is sent prepared; absent, postgres.js's `prepare` setting decides. */
  prepareStatement?: (query: string) => boolean;
};

/** After a retired member's client ended: by then its reconnection (at most 1 s late, plus the connect) is open. */
const REOPENED_CLOSE_MS = 3_000;

/** How long a connection serves before it is replaced: 30 to 60 minutes, as postgres.js's `max_lifetime`. */
const lifetimeMs = () => 60_000 * (30 + Math.random() * 30);

/** One postgres.js client of one connection, dropped with that connection. */
type Member = {
  sql: PostgresClient;
  slot: number;
  /** Statements sent through the pool and not yet answered. */
  running: number;
  /** Open transactions (and reserved connections), and ones waiting for the connection. */
  transactions: number;
  /** Its connection closed. */
  lost: boolean;
  /** Past this, it takes no more work and ends once its work is done. */
  expiresAt: number;
  draining: boolean;
};

/**
 * A pool of PostgreSQL connections in which a connection that closed (its server process
 * terminated, the network cut, PgBouncer restarted) is dropped, never used again: each is a
 * postgres.js client of its own (`max: 1`), replaced by a new one when its connection closes.
 *
 * postgres.js 3.4.9 reopens a closed connection with what the old one left: a write still
 * queued (the new connection never sends its start-up message and every statement routed to it
 * waits for the 30 s connect timeout), the old server's last error (the first statement on the
 * new connection fails with it), the statement that was running (while the database refuses
 * connections, a statement waits until it accepts them again instead of failing). And it writes
 * to a connection it has dropped when a transaction or a reserved connection goes on using it
 * (porsager/postgres#1199, #1208): an uncaughtException, `Cannot read properties of null (reading
 * 'write')`. So: a client whose connection closed is never used again, a transaction (or
 * reserved connection) whose connection is lost sends nothing more (its statements are refused;
 * postgres.js's closing `commit` or `rollback` is never reached; its promise fails with
 * CONNECTION_CLOSED), and db/client.ts reserves no connection (locks and multi-statement text
 * run in transactions).
 *
 * The object has the parts of postgres.js's `Sql` that drizzle, pg-boss's executor and this
 * project use: `unsafe`, `begin` (transactions, with `savepoint` inside), `listen`, `reserve`
 * (the benchmarks), `options` and `end`.
 */
export function createPool(factory: PostgresFactory, url: string, settings: postgres.Options<Record<string, postgres.PostgresType>>, options: PoolOptions): PostgresClient {
  const { size, prepareStatement } = options;
  // Parsed once; every member is made from the parsed options (as postgres.js makes its own
  // LISTEN connection), so they share the type parsers drizzle sets on `options`. It holds the
  // LISTEN connection too, and never opens one of its own.
  const template = factory(url, { ...settings, max: 1 });
  const members: (Member | undefined)[] = new Array(size).fill(undefined);
  const retiring = new Set<PostgresClient>();
  let ending = false;
  /**
   * Once a statement was answered, the array types postgres.js reads on a new connection are in
   * the options every member shares: later members skip that query. (A connection cut while it
   * runs fails it as an unhandled rejection inside postgres.js.)
   */
  let typesRead = false;

  function create(slot: number): Member {
    const member: Member = {
      sql: undefined as unknown as PostgresClient,
      slot,
      running: 0,
      transactions: 0,
      lost: false,
      expiresAt: Date.now() + lifetimeMs(),
      draining: false,
    };
    const memberOptions = {
      ...(template.options as object),
      max: 1,
      fetch_types: template.options.fetch_types && !typesRead,
      // postgres.js would end the connection while statements wait for it, which would fail
      // them: the pool replaces it once it is idle instead (drain).
      max_lifetime: null,
      onclose: () => retire(member),
    };
    member.sql = factory(memberOptions as never);
    members[slot] = member;
    return member;
  }

  /** Its connection closed: the next statement for its slot gets a new client. */
  function retire(member: Member) {
    if (member.lost) return;
    member.lost = true;
    if (members[member.slot] === member) members[member.slot] = undefined;
    if (ending) return;
    wake();
    // What was still queued on it (sent to it while it was dying, or waiting behind its
    // transaction) fails now, with CONNECTION_DESTROYED, rather than wait for postgres.js to
    // reopen the connection with the old one's state.
    retiring.add(member.sql);
    void member.sql
      .end({ timeout: 0 })
      .catch(() => {})
      .finally(() => {
        retiring.delete(member.sql);
        // postgres.js may have scheduled one more connection before it learnt it was ending
        // (to run what was queued, which end() has failed meanwhile): idle, it is closed here.
        const { close } = member.sql as unknown as { close(): Promise<void> };
        setTimeout(() => void close().catch(() => {}), REOPENED_CLOSE_MS).unref();
      });
  }

  /** Past its lifetime: a new member takes its slot; it ends once what runs on it is done. */
  function drain(member: Member) {
    member.draining = true;
    if (members[member.slot] === member) members[member.slot] = undefined;
    retiring.add(member.sql);
    endIfIdle(member);
    wake();
  }

  function endIfIdle(member: Member) {
    if (!member.draining || member.lost || member.running > 0 || member.transactions > 0) return;
    member.lost = true;
    void member.sql
      .end({ timeout: 5 })
      .catch(() => {})
      .finally(() => retiring.delete(member.sql));
  }

  /**
   * A member without a transaction (or reserved connection), the least busy: statements
   * pipeline on its connection. None while every connection holds a transaction.
   */
  function freeMember(): Member | undefined {
    let best: Member | undefined;
    const now = Date.now();
    for (let slot = 0; slot < size; slot++) {
      const current = members[slot];
      if (current && current.expiresAt < now) drain(current);
      const member = members[slot] ?? create(slot);
      if (member.transactions === 0 && (!best || member.running < best.running)) best = member;
    }
    return best;
  }

  /**
   * Waits for a member without a transaction, as postgres.js's own pool waits for a free
   * connection: queued behind a transaction, a statement the transaction's body waits for would
   * never run. `forTransaction` claims the member at once.
   */
  const waiters: { forTransaction: boolean; resolve(member: Member): void }[] = [];

  function acquire(forTransaction: boolean): Member | Promise<Member> {
    const member = waiters.length === 0 ? freeMember() : undefined;
    if (member) {
      if (forTransaction) member.transactions++;
      return member;
    }
    return new Promise((resolve) => waiters.push({ forTransaction, resolve }));
  }

  /** A member's transaction ended, or a slot emptied: waiters get the free members. */
  function wake() {
    while (waiters.length > 0 && !ending) {
      const member = freeMember();
      if (!member) return;
      const waiter = waiters.shift()!;
      if (waiter.forTransaction) member.transactions++;
      waiter.resolve(member);
    }
  }

  function transactionDone(member: Member) {
    member.transactions--;
    endIfIdle(member);
    wake();
  }

  function statementOptions(query: string, given?: postgres.UnsafeQueryOptions): postgres.UnsafeQueryOptions | undefined {
    return prepareStatement && template.options.prepare ? { ...given, prepare: prepareStatement(query) } : given;
  }

  /** Counts the statement as running on `member` until it is answered (drizzle awaits every one). */
  function tracked<Q>(member: Member, query: Q): Q {
    const internals = query as unknown as QueryInternals;
    const { resolve, reject } = internals;
    let running = true;
    member.running++;
    const done = () => {
      if (running) member.running--;
      running = false;
      endIfIdle(member);
    };
    internals.resolve = (value) => (done(), (typesRead = true), resolve(value));
    internals.reject = (error) => (done(), reject(error));
    return query;
  }

  function send(member: Member, query: string, params: unknown[] | undefined, given: postgres.UnsafeQueryOptions | undefined) {
    return tracked(member, member.sql.unsafe(query, params as never, statementOptions(query, given)));
  }

  const pool = {
    get options() {
      return template.options;
    },
    unsafe(query: string, params?: unknown[], given?: postgres.UnsafeQueryOptions) {
      const member = acquire(false);
      if (!(member instanceof Promise)) return send(member, query, params, given);
      return deferredQuery(
        member.then((woken) => (mode: ResultMode) => {
          // Another waiter may have opened a transaction on it meanwhile.
          const free = woken.transactions === 0 && !woken.lost ? woken : (freeMember() ?? woken);
          return modeOf(send(free, query, params, given), mode);
        }),
      );
    },
    async begin(...args: unknown[]) {
      const fn = args.pop() as (tx: PostgresClient) => unknown;
      const member = await acquire(true);
      const open = member.sql.begin as unknown as (...a: unknown[]) => Promise<unknown>;
      // The member's one connection is the transaction's: once it closes (member.lost, set as
      // postgres.js learns it), nothing more is sent.
      const result = open.call(member.sql, ...args, (tx: PostgresClient) => runGuarded(member, () => fn(guardedTransaction(tx, member, statementOptions))));
      const done = () => transactionDone(member);
      result.then(done, done);
      return result;
    },
    async reserve() {
      const member = await acquire(true);
      try {
        const reserved = await member.sql.reserve();
        const release = reserved.release.bind(reserved);
        // Its statements are refused once its connection closed (member.lost), and sent as
        // asked (the benchmarks' own statements); released, a closed connection stays out of its
        // client, which has ended.
        return Object.assign(guardedTransaction(reserved, member, (_query, given) => given), {
          release() {
            if (!member.lost) release();
            transactionDone(member);
          },
        });
      } catch (error) {
        transactionDone(member);
        throw error;
      }
    },
    listen(...args: Parameters<PostgresClient["listen"]>) {
      return template.listen(...args);
    },
    async end(endOptions?: { timeout?: number }) {
      ending = true;
      const clients = [template, ...members.flatMap((member) => (member ? [member.sql] : [])), ...retiring];
      await Promise.all(clients.map((client) => client.end(endOptions)));
    },
  };
  return pool as unknown as PostgresClient;
}

type ResultMode = "values" | "raw" | undefined;

function modeOf(query: { values(): PromiseLike<unknown>; raw(): PromiseLike<unknown> } & PromiseLike<unknown>, mode: ResultMode): PromiseLike<unknown> {
  return mode === "values" ? query.values() : mode === "raw" ? query.raw() : query;
}

/**
 * A statement to be sent once a connection is free: a promise of its rows that, like
 * postgres.js's queries, takes `.values()` or `.raw()` before it is awaited.
 */
function deferredQuery(sendWhenFree: Promise<(mode: ResultMode) => PromiseLike<unknown>>) {
  let mode: ResultMode;
  let answer: Promise<unknown> | undefined;
  const start = () => (answer ??= sendWhenFree.then((send) => send(mode)));
  const query = {
    values() {
      mode = "values";
      return query;
    },
    raw() {
      mode = "raw";
      return query;
    },
    then<A = unknown, B = never>(onAnswer?: ((rows: unknown) => A | PromiseLike<A>) | null, onError?: ((error: unknown) => B | PromiseLike<B>) | null) {
      return start().then(onAnswer, onError);
    },
    catch<B = never>(onError?: ((error: unknown) => B | PromiseLike<B>) | null) {
      return start().catch(onError);
    },
    finally(onFinally?: (() => void) | null) {
      return start().finally(onFinally);
    },
  };
  return query;
}

/**
 * A transaction (or savepoint, or reserved connection) of a pool member, whose statements are
 * refused once its connection is lost (`state.lost`): postgres.js would write them to a socket it
 * has dropped.
 */
function guardedTransaction<S extends PostgresClient>(
  tx: S,
  state: { lost: boolean },
  statementOptions: (query: string, given?: postgres.UnsafeQueryOptions) => postgres.UnsafeQueryOptions | undefined,
): S {
  return new Proxy(tx, {
    apply(target, thisArg, args) {
      return state.lost ? refusedQuery() : Reflect.apply(target, thisArg, args);
    },
    get(target, property) {
      if (property === "unsafe") {
        return (query: string, params?: unknown[], given?: postgres.UnsafeQueryOptions) =>
          state.lost ? refusedQuery() : target.unsafe(query, params as never, statementOptions(query, given));
      }
      if (property === "savepoint") {
        return (...args: unknown[]) => {
          if (state.lost) return Promise.reject(connectionLostError());
          const fn = args.pop() as (sp: PostgresClient) => unknown;
          const open = (target as unknown as { savepoint: (...a: unknown[]) => Promise<unknown> }).savepoint;
          return open.call(target, ...args, (sp: PostgresClient) => runGuarded(state, () => fn(guardedTransaction(sp, state, statementOptions))));
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Runs a transaction's (or savepoint's) body for postgres.js, which then sends `commit` or
 * `rollback` on the transaction's connection: never when that connection is lost (postgres.js
 * has no socket for it any more), so the body's promise is left pending.
 */
async function runGuarded<T>(state: { lost: boolean }, fn: () => T | Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await fn();
  } catch (error) {
    if (state.lost) return never();
    throw error;
  }
  if (state.lost) return never();
  return result;
}

const never = () => new Promise<never>(() => {});

function connectionLostError(): Error {
  return Object.assign(new Error("The transaction's database connection was lost: the statement was not sent."), { code: "CONNECTION_CLOSED" });
}

/** A statement refused without being sent, in the shapes drizzle uses (`await`, `.values()`). */
function refusedQuery() {
  const refused = Promise.reject(connectionLostError());
  refused.catch(() => {});
  return Object.assign(refused, { values: () => refused, raw: () => refused });
}
