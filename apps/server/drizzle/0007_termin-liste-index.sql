CREATE INDEX "termin_datum_id" ON "termin" USING btree ("datum","id");--> statement-breakpoint
CREATE INDEX "termin_befund_datum" ON "termin" USING btree ("befund","datum");