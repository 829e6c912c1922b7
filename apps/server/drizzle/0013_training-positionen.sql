-- Positions of a plan set and of a template are unique; checked at commit, so a renumbering inside one
-- transaction may pass through duplicates (training.repository.ts renumbers with one UPDATE).
ALTER TABLE "trainingsplan_eintrag" ADD CONSTRAINT "trainingsplan_eintrag_set_position" UNIQUE ("set_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "trainingsplan_vorlage_uebung" ADD CONSTRAINT "trainingsplan_vorlage_uebung_position" UNIQUE ("vorlage_id", "position") DEFERRABLE INITIALLY DEFERRED;
