ALTER TABLE "verwaltung_eintrag" ALTER COLUMN "value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verwaltung_eintrag" ADD COLUMN "cents" integer;--> statement-breakpoint
-- Card prices move from German euro text to integer cents (the rule of parseEuroText in the contract). As the cart
-- read them, the first valid entry of a type counts; the other entries of that type (duplicates, and texts that were
-- never a valid price, so never charged) are removed, since a typed setting exists once.
WITH trimmed AS (
  SELECT "id", "type", regexp_replace("value", '^\s+|\s+$', '', 'g') AS t
  FROM "verwaltung_eintrag"
  WHERE "type" IN ('TERMINPREIS_EINZEL', 'TERMINPREIS_GRUPPE', 'TERMINPREIS_BEFUND', 'TERMINPREIS_ANAMNESE', 'TERMINPREIS_TELEFON')
), parsed AS (
  -- CASE: the casts run only on a text that matched (a WHERE would not fix the order of evaluation)
  SELECT "id", "type",
    CASE WHEN t ~ '^([0-9]{1,3}(\.[0-9]{3})*|[0-9]+)(,[0-9]{1,2})?$' THEN
      replace(split_part(t, ',', 1), '.', '')::numeric * 100 + rpad(coalesce(nullif(split_part(t, ',', 2), ''), '0'), 2, '0')::numeric
    END AS cents
  FROM trimmed
), first_valid AS (
  SELECT DISTINCT ON ("type") "id", cents FROM parsed WHERE cents > 0 AND cents <= 10000000 ORDER BY "type", "id"
)
UPDATE "verwaltung_eintrag" e SET "cents" = f.cents::integer, "value" = NULL FROM first_valid f WHERE e."id" = f."id";--> statement-breakpoint
DELETE FROM "verwaltung_eintrag"
WHERE "cents" IS NULL
  AND "type" IN ('TERMINPREIS_EINZEL', 'TERMINPREIS_GRUPPE', 'TERMINPREIS_BEFUND', 'TERMINPREIS_ANAMNESE', 'TERMINPREIS_TELEFON');--> statement-breakpoint
CREATE UNIQUE INDEX "verwaltung_eintrag_typed_key" ON "verwaltung_eintrag" USING btree ("type") WHERE "verwaltung_eintrag"."cents" is not null;--> statement-breakpoint
ALTER TABLE "verwaltung_eintrag" ADD CONSTRAINT "verwaltung_eintrag_value_or_cents" CHECK (("verwaltung_eintrag"."value" is null) <> ("verwaltung_eintrag"."cents" is null));--> statement-breakpoint
ALTER TABLE "verwaltung_eintrag" ADD CONSTRAINT "verwaltung_eintrag_cents_positive" CHECK ("verwaltung_eintrag"."cents" > 0);