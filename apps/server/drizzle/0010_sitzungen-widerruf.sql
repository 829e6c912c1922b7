CREATE TABLE "sitzung_widerruf" (
	"jti" text PRIMARY KEY NOT NULL,
	"gueltig_bis" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sitzung_widerruf_gueltig_bis" ON "sitzung_widerruf" USING btree ("gueltig_bis");