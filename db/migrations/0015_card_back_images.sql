-- Cards whose artwork this server draws (they have a generated front) get the generated back too,
-- placed as new catalogs place it: front 0, inside 1, back 2, thumbnail 3. Cards with uploaded
-- images or a back of their own are left as they are, and running it again changes nothing.
INSERT INTO "card_images" ("card_id", "type", "path", "position")
SELECT "c"."id", 'back', '/card-art/' || "c"."slug" || '/back.svg', 2
FROM "cards" AS "c"
JOIN "card_images" AS "front" ON "front"."card_id" = "c"."id" AND "front"."type" = 'front' AND "front"."path" = '/card-art/' || "c"."slug" || '/front.svg'
WHERE NOT EXISTS (SELECT 1 FROM "card_images" AS "b" WHERE "b"."card_id" = "c"."id" AND "b"."type" = 'back')
ON CONFLICT ("card_id", "type") DO NOTHING;
--> statement-breakpoint
UPDATE "card_images" AS "thumb" SET "position" = 3
FROM "cards" AS "c", "card_images" AS "b"
WHERE "thumb"."card_id" = "c"."id"
  AND "thumb"."type" = 'thumbnail'
  AND "thumb"."position" = 2
  AND "thumb"."path" = '/card-art/' || "c"."slug" || '/thumbnail.svg'
  AND "b"."card_id" = "c"."id"
  AND "b"."type" = 'back'
  AND "b"."path" = '/card-art/' || "c"."slug" || '/back.svg';
