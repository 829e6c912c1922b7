CREATE TABLE "abo_hinweis" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abo_hinweis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"abo_id" integer,
	"text" text NOT NULL,
	"erstellt_am" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abo_paket" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abo_paket_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"trainingsplaene" integer NOT NULL,
	"befundtermine" integer NOT NULL,
	"einzel_termine_pro_quartal" integer NOT NULL,
	"gruppen_termine_pro_quartal" integer NOT NULL,
	"laufzeit_monate" integer NOT NULL,
	"buchung_monate" integer NOT NULL,
	"kosten_pro_quartal_cent" integer NOT NULL,
	"kuendigungsfrist_monate" integer NOT NULL,
	"buchbar" boolean DEFAULT false NOT NULL,
	"aktiv" boolean DEFAULT false NOT NULL,
	CONSTRAINT "abo_paket_counts_nonnegative" CHECK ("abo_paket"."trainingsplaene" >= 0 and "abo_paket"."befundtermine" >= 0 and "abo_paket"."einzel_termine_pro_quartal" >= 0
        and "abo_paket"."gruppen_termine_pro_quartal" >= 0 and "abo_paket"."kosten_pro_quartal_cent" >= 0 and "abo_paket"."kuendigungsfrist_monate" >= 0),
	CONSTRAINT "abo_paket_intervall_teilt_laufzeit" CHECK ("abo_paket"."buchung_monate" > 0 and "abo_paket"."laufzeit_monate" > 0 and "abo_paket"."laufzeit_monate" % "abo_paket"."buchung_monate" = 0)
);
--> statement-breakpoint
CREATE TABLE "abo_periode" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abo_periode_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"abo_id" integer NOT NULL,
	"nr" integer NOT NULL,
	"beginn" date NOT NULL,
	"ende" date NOT NULL,
	"zahlung_id" integer,
	"gutgeschrieben_am" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abo_zahlung" (
	"zahlung_id" integer PRIMARY KEY NOT NULL,
	"abo_id" integer NOT NULL,
	"periode_nr" integer NOT NULL,
	"redirect_url" text NOT NULL,
	"status" text DEFAULT 'OFFEN' NOT NULL,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"abo_paket_id" integer NOT NULL,
	"title" text NOT NULL,
	"trainingsplaene" integer NOT NULL,
	"befundtermine" integer NOT NULL,
	"einzel_termine" integer NOT NULL,
	"gruppen_termine" integer NOT NULL,
	"laufzeit_monate" integer NOT NULL,
	"buchung_monate" integer NOT NULL,
	"kosten_cent" integer NOT NULL,
	"kuendigungsfrist_monate" integer NOT NULL,
	"status" text NOT NULL,
	"bezahlabo" boolean NOT NULL,
	"buchungsdatum" timestamp with time zone NOT NULL,
	"beginn" date,
	"laufzeit_ende" date,
	"letztmoeglicher_kuendigungs_tag" date,
	"vertragsende_datum" date,
	"naechste_periode_nr" integer DEFAULT 0 NOT NULL,
	"naechste_periode" date,
	"zahlungsfrist" date,
	"kuendigung_vorgemerkt" boolean DEFAULT false NOT NULL,
	"kuendigung_betreiber_vorgemerkt" boolean DEFAULT false NOT NULL,
	"widerrufen" boolean DEFAULT false NOT NULL,
	"gekuendigt_am" timestamp with time zone,
	"beendet_am" timestamp with time zone,
	"ende_grund" text,
	"zugewiesen_von" integer
);
--> statement-breakpoint
ALTER TABLE "abo_hinweis" ADD CONSTRAINT "abo_hinweis_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo_hinweis" ADD CONSTRAINT "abo_hinweis_abo_id_abo_id_fk" FOREIGN KEY ("abo_id") REFERENCES "public"."abo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo_periode" ADD CONSTRAINT "abo_periode_abo_id_abo_id_fk" FOREIGN KEY ("abo_id") REFERENCES "public"."abo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo_periode" ADD CONSTRAINT "abo_periode_zahlung_id_zahlung_id_fk" FOREIGN KEY ("zahlung_id") REFERENCES "public"."zahlung"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo_zahlung" ADD CONSTRAINT "abo_zahlung_zahlung_id_zahlung_id_fk" FOREIGN KEY ("zahlung_id") REFERENCES "public"."zahlung"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo_zahlung" ADD CONSTRAINT "abo_zahlung_abo_id_abo_id_fk" FOREIGN KEY ("abo_id") REFERENCES "public"."abo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo" ADD CONSTRAINT "abo_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo" ADD CONSTRAINT "abo_abo_paket_id_abo_paket_id_fk" FOREIGN KEY ("abo_paket_id") REFERENCES "public"."abo_paket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abo" ADD CONSTRAINT "abo_zugewiesen_von_benutzer_id_fk" FOREIGN KEY ("zugewiesen_von") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abo_hinweis_patient" ON "abo_hinweis" USING btree ("patient_user_id","erstellt_am");--> statement-breakpoint
CREATE UNIQUE INDEX "abo_periode_unique" ON "abo_periode" USING btree ("abo_id","nr");--> statement-breakpoint
CREATE INDEX "abo_zahlung_abo" ON "abo_zahlung" USING btree ("abo_id","periode_nr");--> statement-breakpoint
CREATE UNIQUE INDEX "abo_ein_laufendes_pro_patient" ON "abo" USING btree ("patient_user_id") WHERE "abo"."status" in ('INBUCHUNG', 'INBEZAHLUNG', 'AKTIV', 'WARTE_AUF_ABOZAHLUNG');--> statement-breakpoint
CREATE INDEX "abo_patient" ON "abo" USING btree ("patient_user_id");--> statement-breakpoint
CREATE INDEX "abo_faellig" ON "abo" USING btree ("status","naechste_periode");