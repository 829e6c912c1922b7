CREATE TABLE "warenkorb" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warenkorb_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"status" text DEFAULT 'OFFEN' NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"zahlung_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "warenkorb_betrag" CHECK ("warenkorb"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sitzung_ereignis" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sitzung_ereignis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"termin_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ereignis" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_ausgang" ADD COLUMN "anhaenge" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "termin" ADD COLUMN "sitzung_beendet_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "termin" ADD COLUMN "sitzung_gesperrt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "warenkorb" ADD CONSTRAINT "warenkorb_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warenkorb" ADD CONSTRAINT "warenkorb_created_by_user_id_benutzer_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."benutzer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warenkorb" ADD CONSTRAINT "warenkorb_zahlung_id_zahlung_id_fk" FOREIGN KEY ("zahlung_id") REFERENCES "public"."zahlung"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitzung_ereignis" ADD CONSTRAINT "sitzung_ereignis_termin_id_termin_id_fk" FOREIGN KEY ("termin_id") REFERENCES "public"."termin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitzung_ereignis" ADD CONSTRAINT "sitzung_ereignis_user_id_benutzer_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."benutzer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warenkorb_offen" ON "warenkorb" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "warenkorb_patient" ON "warenkorb" USING btree ("patient_user_id");--> statement-breakpoint
CREATE INDEX "warenkorb_zahlung" ON "warenkorb" USING btree ("zahlung_id");--> statement-breakpoint
CREATE INDEX "sitzung_ereignis_at" ON "sitzung_ereignis" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sitzung_ereignis_user" ON "sitzung_ereignis" USING btree ("user_id");