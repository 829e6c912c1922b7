CREATE TYPE "public"."rolle" AS ENUM('BETREIBER', 'THERAPEUT', 'PATIENT');--> statement-breakpoint
CREATE TABLE "firma" (
	"id" serial PRIMARY KEY NOT NULL,
	"bezeichner" text NOT NULL,
	"hat_logo" boolean DEFAULT false NOT NULL,
	"statistik_schreiben" boolean DEFAULT false NOT NULL,
	"logo_path" text,
	"logo_link" text,
	"link_target" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benutzer" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"rolle" "rolle" NOT NULL,
	"privileges" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"second_factor_secret" text,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"firma_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benutzer_email_lower" CHECK ("benutzer"."email" = lower("benutzer"."email")),
	CONSTRAINT "benutzer_failed_logins_nonnegative" CHECK ("benutzer"."failed_logins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seite" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"titel" text NOT NULL,
	"bild" text,
	"inhalt" text DEFAULT '' NOT NULL,
	"statisch" boolean DEFAULT false NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	"oeffentlich" boolean DEFAULT true NOT NULL,
	"firma_id" integer,
	"berechtigte" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"berechtigte_rollen" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"geloescht_am" timestamp with time zone,
	"geaendert_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigation_knoten" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"titel" text NOT NULL,
	"typ" text NOT NULL,
	"seite_id" integer,
	"url_typ" text,
	"ziel" text,
	"params" jsonb,
	CONSTRAINT "navigation_knoten_typ" CHECK ("navigation_knoten"."typ" in ('menue', 'eintrag')),
	CONSTRAINT "navigation_knoten_eintrag_ziel" CHECK ("navigation_knoten"."typ" = 'menue' or "navigation_knoten"."url_typ" is not null)
);
--> statement-breakpoint
ALTER TABLE "benutzer" ADD CONSTRAINT "benutzer_firma_id_firma_id_fk" FOREIGN KEY ("firma_id") REFERENCES "public"."firma"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seite" ADD CONSTRAINT "seite_firma_id_firma_id_fk" FOREIGN KEY ("firma_id") REFERENCES "public"."firma"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_knoten" ADD CONSTRAINT "navigation_knoten_parent_id_navigation_knoten_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."navigation_knoten"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_knoten" ADD CONSTRAINT "navigation_knoten_seite_id_seite_id_fk" FOREIGN KEY ("seite_id") REFERENCES "public"."seite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firma_bezeichner_unique" ON "firma" USING btree (lower("bezeichner"));--> statement-breakpoint
CREATE UNIQUE INDEX "benutzer_email_unique" ON "benutzer" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "seite_url_unique" ON "seite" USING btree (lower("url"));