DROP INDEX "rezept_status";--> statement-breakpoint
CREATE INDEX "rezept_eingereicht" ON "rezept" USING btree ("eingereicht","id");--> statement-breakpoint
CREATE INDEX "rezept_status" ON "rezept" USING btree ("status","eingereicht","id");