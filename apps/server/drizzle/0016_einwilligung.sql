CREATE TABLE "einwilligung_fassung" (
	"id" serial PRIMARY KEY NOT NULL,
	"seite_url" text NOT NULL,
	"fassung" text NOT NULL,
	"titel" text NOT NULL,
	"inhalt" text NOT NULL,
	"stand" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einwilligung" (
	"id" serial PRIMARY KEY NOT NULL,
	"benutzer_id" integer NOT NULL,
	"fassung_id" integer NOT NULL,
	"anlass" text NOT NULL,
	"erteilt_am" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "einwilligung" ADD CONSTRAINT "einwilligung_benutzer_id_benutzer_id_fk" FOREIGN KEY ("benutzer_id") REFERENCES "public"."benutzer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einwilligung" ADD CONSTRAINT "einwilligung_fassung_id_einwilligung_fassung_id_fk" FOREIGN KEY ("fassung_id") REFERENCES "public"."einwilligung_fassung"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einwilligung_fassung_unique" ON "einwilligung_fassung" USING btree ("seite_url","fassung");--> statement-breakpoint
CREATE INDEX "einwilligung_benutzer" ON "einwilligung" USING btree ("benutzer_id");