CREATE TABLE "zahlung_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zahlung_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"zahlung_id" integer,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zahlung" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zahlung_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"reference_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider" text,
	"checkout_token" text NOT NULL,
	"provider_ref" text,
	"transaction_id" text,
	"return_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zahlung_amount_positive" CHECK ("zahlung"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "guthaben_angebot" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guthaben_angebot_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titel" text NOT NULL,
	"cent_preis" integer NOT NULL,
	"buchbar" boolean DEFAULT true NOT NULL,
	"einzel_termine" integer DEFAULT 0 NOT NULL,
	"gruppen_termine" integer DEFAULT 0 NOT NULL,
	"telefon_termine" integer DEFAULT 0 NOT NULL,
	"anamnese" integer DEFAULT 0 NOT NULL,
	"befunde" integer DEFAULT 0 NOT NULL,
	"sortierung" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "guthaben_angebot_preis_positive" CHECK ("guthaben_angebot"."cent_preis" > 0),
	CONSTRAINT "guthaben_angebot_counts_nonnegative" CHECK ("guthaben_angebot"."einzel_termine" >= 0 and "guthaben_angebot"."gruppen_termine" >= 0 and "guthaben_angebot"."telefon_termine" >= 0 and "guthaben_angebot"."anamnese" >= 0 and "guthaben_angebot"."befunde" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guthaben_bestellung" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guthaben_bestellung_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"angebot_id" integer,
	"titel" text NOT NULL,
	"cent_preis" integer NOT NULL,
	"einzel_termine" integer NOT NULL,
	"gruppen_termine" integer NOT NULL,
	"telefon_termine" integer NOT NULL,
	"anamnese" integer NOT NULL,
	"befunde" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"zahlung_id" integer,
	"transaction_id" text,
	"buchungsdatum" timestamp with time zone DEFAULT now() NOT NULL,
	"stornodatum" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guthaben_buchung" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guthaben_buchung_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"author_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guthaben_buchung_delta_nonzero" CHECK ("guthaben_buchung"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "guthaben_schuld" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guthaben_schuld_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guthaben_schuld_amount_positive" CHECK ("guthaben_schuld"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "zahlung_event" ADD CONSTRAINT "zahlung_event_zahlung_id_zahlung_id_fk" FOREIGN KEY ("zahlung_id") REFERENCES "public"."zahlung"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zahlung" ADD CONSTRAINT "zahlung_user_id_benutzer_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guthaben_bestellung" ADD CONSTRAINT "guthaben_bestellung_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guthaben_bestellung" ADD CONSTRAINT "guthaben_bestellung_angebot_id_guthaben_angebot_id_fk" FOREIGN KEY ("angebot_id") REFERENCES "public"."guthaben_angebot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guthaben_bestellung" ADD CONSTRAINT "guthaben_bestellung_zahlung_id_zahlung_id_fk" FOREIGN KEY ("zahlung_id") REFERENCES "public"."zahlung"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guthaben_buchung" ADD CONSTRAINT "guthaben_buchung_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guthaben_buchung" ADD CONSTRAINT "guthaben_buchung_author_user_id_benutzer_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."benutzer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guthaben_schuld" ADD CONSTRAINT "guthaben_schuld_patient_user_id_benutzer_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zahlung_event_unique" ON "zahlung_event" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE INDEX "zahlung_user" ON "zahlung" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "zahlung_purpose" ON "zahlung" USING btree ("purpose","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zahlung_provider_ref_unique" ON "zahlung" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "zahlung_checkout_token_unique" ON "zahlung" USING btree ("checkout_token");--> statement-breakpoint
CREATE INDEX "guthaben_bestellung_patient" ON "guthaben_bestellung" USING btree ("patient_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guthaben_buchung_key_kind_unique" ON "guthaben_buchung" USING btree ("idempotency_key","kind");--> statement-breakpoint
CREATE INDEX "guthaben_buchung_patient" ON "guthaben_buchung" USING btree ("patient_user_id","kind");--> statement-breakpoint
CREATE INDEX "guthaben_buchung_reference" ON "guthaben_buchung" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "guthaben_schuld_key_kind_unique" ON "guthaben_schuld" USING btree ("idempotency_key","kind");--> statement-breakpoint
CREATE INDEX "guthaben_schuld_patient" ON "guthaben_schuld" USING btree ("patient_user_id");