CREATE TABLE "sitzung" (
	"id" text PRIMARY KEY NOT NULL,
	"benutzer_id" integer NOT NULL,
	"jti" text NOT NULL,
	"ausgestellt_am" timestamp with time zone NOT NULL,
	"gueltig_bis" timestamp with time zone NOT NULL,
	"angemeldet_am" timestamp with time zone NOT NULL,
	"letzte_aktivitaet" timestamp with time zone NOT NULL,
	"geraet" text NOT NULL,
	"browser" text NOT NULL,
	"adresse" text NOT NULL,
	"geraet_kennung" text NOT NULL,
	"beendet_am" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sitzung" ADD CONSTRAINT "sitzung_benutzer_id_benutzer_id_fk" FOREIGN KEY ("benutzer_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sitzung_benutzer" ON "sitzung" USING btree ("benutzer_id","geraet_kennung");--> statement-breakpoint
CREATE INDEX "sitzung_gueltig_bis" ON "sitzung" USING btree ("gueltig_bis");