-- Snowfall Greetings was a second starry navy night beside Birthday Under the Stars: the same
-- palette and the same scatter around one label (lib/cards/artwork/distinct-fronts.test.ts found
-- them alike). It moves to the pale frost palette. As in 0016, a column moves only while it still
-- holds exactly what the catalog seeded, so an admin's edit is kept, and a second run changes nothing.
UPDATE "cards" SET
  "artwork" = CASE WHEN "artwork" = '{"motif":"snowflakes","palette":{"background":"#1D2545","primary":"#F4D35E","secondary":"#EE964B","accent":"#7FB7BE","ink":"#FDF6E3","surface":"#FFFBEF"},"headline":"Season''s Greetings","greeting":"Warm wishes for a peaceful holiday and a happy new year.","typeface":"serif"}'
    THEN '{"motif":"snowflakes","palette":{"background":"#E8F1F8","primary":"#5B8DB8","secondary":"#A9CCE3","accent":"#1B3A5C","ink":"#1B3A5C","surface":"#FFFFFF"},"headline":"Season''s Greetings","greeting":"Warm wishes for a peaceful holiday and a happy new year.","typeface":"serif"}'
    ELSE "artwork" END,
  "description" = CASE WHEN "description" = 'Hand-drawn snowflakes drifting over a deep winter sky. A 7 x 5 folded card on heavy matte stock, with a white envelope.'
    THEN 'Hand-drawn snowflakes drifting across a pale winter sky. A 7 x 5 folded card on heavy matte stock, with a white envelope.'
    ELSE "description" END,
  "updated_at" = now()
WHERE "slug" = 'snowfall-greetings'
  AND ("artwork" = '{"motif":"snowflakes","palette":{"background":"#1D2545","primary":"#F4D35E","secondary":"#EE964B","accent":"#7FB7BE","ink":"#FDF6E3","surface":"#FFFBEF"},"headline":"Season''s Greetings","greeting":"Warm wishes for a peaceful holiday and a happy new year.","typeface":"serif"}'
    OR "description" = 'Hand-drawn snowflakes drifting over a deep winter sky. A 7 x 5 folded card on heavy matte stock, with a white envelope.');
