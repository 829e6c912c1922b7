CREATE TABLE "termin_teilnahme" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "termin_teilnahme_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"termin_id" integer NOT NULL,
	"patient_user_id" integer NOT NULL,
	"status" text NOT NULL,
	"zahlungsart" text NOT NULL,
	"credit_kind" text,
	"cart_id" integer,
	"teilgenommen" boolean DEFAULT false NOT NULL,
	"beigetreten" boolean DEFAULT false NOT NULL,
	"herausgeworfen" boolean DEFAULT false NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"storniert_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "termin" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "termin_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"datum" timestamp with time zone NOT NULL,
	"dauer" integer NOT NULL,
	"termintyp" text NOT NULL,
	"befund" text NOT NULL,
	"details" text NOT NULL,
	"therapeut_user_id" integer NOT NULL,
	"max_teilnehmer" integer NOT NULL,
	"anzahl_teilnehmer" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PLANUNG' NOT NULL,
	"ist_firmentermin" boolean DEFAULT false NOT NULL,
	"firma_id" integer,
	"everyone_view" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "termin_kapazitaet" CHECK ("termin"."anzahl_teilnehmer" between 0 and "termin"."max_teilnehmer"),
	CONSTRAINT "termin_max_positiv" CHECK ("termin"."max_teilnehmer" >= 1),
	CONSTRAINT "termin_einzel_einer" CHECK ("termin"."termintyp" <> 'EINZEL' or "termin"."max_teilnehmer" = 1),
	CONSTRAINT "termin_dauer_positiv" CHECK ("termin"."dauer" > 0)
);
--> statement-breakpoint
CREATE TABLE "verwaltung_eintrag" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verwaltung_eintrag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "termin_teilnahme" ADD CONSTRAINT "termin_teilnahme_termin_id_termin_id_fk" FOREIGN KEY ("termin_id") REFERENCES "public"."termin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termin_teilnahme" ADD CONSTRAINT "termin_teilnahme_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termin" ADD CONSTRAINT "termin_therapeut_user_id_benutzer_id_fk" FOREIGN KEY ("therapeut_user_id") REFERENCES "public"."benutzer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termin" ADD CONSTRAINT "termin_firma_id_firma_id_fk" FOREIGN KEY ("firma_id") REFERENCES "public"."firma"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "termin_teilnahme_einmal" ON "termin_teilnahme" USING btree ("termin_id","patient_user_id") WHERE "termin_teilnahme"."status" <> 'STORNIERT';--> statement-breakpoint
CREATE INDEX "termin_teilnahme_patient" ON "termin_teilnahme" USING btree ("patient_user_id","status");--> statement-breakpoint
CREATE INDEX "termin_teilnahme_cart" ON "termin_teilnahme" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "termin_status_datum" ON "termin" USING btree ("status","datum");--> statement-breakpoint
CREATE INDEX "termin_therapeut_datum" ON "termin" USING btree ("therapeut_user_id","datum");--> statement-breakpoint
CREATE INDEX "termin_firma" ON "termin" USING btree ("firma_id");--> statement-breakpoint
CREATE INDEX "verwaltung_eintrag_type" ON "verwaltung_eintrag" USING btree ("type");