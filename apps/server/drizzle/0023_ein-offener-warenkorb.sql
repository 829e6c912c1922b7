-- A database of the first wave may hold two OFFEN carts of one patient, which the unique index cannot take. Releasing
-- them needs the refund rules of the cart module, not SQL: the old version's cart job releases every cart after
-- CART_TIMEOUT_MINUTES, so the update stops here with instructions instead of a bare unique violation.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "warenkorb"
    WHERE "status" = 'OFFEN' AND "created_by_user_id" = "patient_user_id"
    GROUP BY "patient_user_id" HAVING count(*) > 1
  ) THEN
    RAISE EXCEPTION 'Update angehalten: Patienten haben mehrere offene Warenkörbe. Bitte die bisherige Version weiterlaufen lassen, bis ihre Reservierungen abgelaufen sind (CART_TIMEOUT_MINUTES), dann erneut starten.';
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "warenkorb_ein_offener" ON "warenkorb" USING btree ("patient_user_id") WHERE "warenkorb"."status" = 'OFFEN' and "warenkorb"."created_by_user_id" = "warenkorb"."patient_user_id";
