-- The trigram index of contacts gathers new entries in a pending list and merges it into the
-- index when it fills. Migration 0020 made that list 256 kB so that the embedded database,
-- which runs in the server's own thread, never pauses long on a merge. PostgreSQL merges in its
-- own process: there a list of 2 MB holds what a bulk write of 1,000 contacts adds, merged in
-- one pass instead of about ten, which takes a write of 1,000 new contacts from about 200 ms of
-- index work to about 110 ms. A search reads the list as well as the index: a few milliseconds
-- at most.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER INDEX "contacts_search_trgm_idx" SET (gin_pending_list_limit = 2048);
  END IF;
END
$$;
