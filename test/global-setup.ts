import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

/**
 * With DATABASE_URL (PostgreSQL), migrates one template database for this run; every test
 * file then clones it into a database of its own and drops that when it ends.
 * Without it, migrates one in-memory PGlite and dumps its data folder; every test file then
 * opens its own in-memory PGlite from that dump, skipping initdb and the migrations.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) return dumpPgliteTemplate(project);
  const template = `cardmail_tpl_${process.pid}_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${template}"`);
  await admin.end();
  const templateUrl = withDatabase(url, template);
  const { openDatabase } = await import("../db/client");
  const handle = await openDatabase({ url: templateUrl });
  await handle.close();
  project.provide("pgAdminUrl", url);
  project.provide("pgTemplate", template);
  return async function teardown() {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists "${template}" with (force)`);
    await sql.end();
  };
}

async function dumpPgliteTemplate(project: TestProject) {
  const { dumpMigratedInMemoryDatabase } = await import("../db/client");
  const dump = await dumpMigratedInMemoryDatabase();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-test-template-"));
  const file = path.join(folder, "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return function teardown() {
    fs.rmSync(folder, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
