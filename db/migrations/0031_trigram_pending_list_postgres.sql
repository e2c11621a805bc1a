-- The trigram index of contacts gathers new entries in a pending list and merges it into the
-- index when it fills. Migration 0020 made that list 256 kB so that the embedded database,
-- which runs in the server's own thread, never pauses long on a merge. PostgreSQL merges in its
-- own process: there a list of 2 MB holds about what a bulk write of 1,000 contacts adds, merged
-- in one pass instead of about ten. Measured on 100,000 contacts on a busy 2-core machine, one
-- statement inserting 1,000 contacts: about 285 ms with 256 kB, 135 ms with 2 MB, 80 ms without
-- the index. A search reads the list as well as the index: a few milliseconds at most.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER INDEX "contacts_search_trgm_idx" SET (gin_pending_list_limit = 2048);
  END IF;
END
$$;
