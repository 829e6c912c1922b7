CREATE TABLE "fhir_uebermittlung" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fhir_uebermittlung_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"betreiber_user_id" integer,
	"grund" text NOT NULL,
	"erstellt_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fhir_uebermittlung" ADD CONSTRAINT "fhir_uebermittlung_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_uebermittlung" ADD CONSTRAINT "fhir_uebermittlung_betreiber_user_id_benutzer_id_fk" FOREIGN KEY ("betreiber_user_id") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_uebermittlung_patient" ON "fhir_uebermittlung" USING btree ("patient_user_id");