CREATE TABLE "video_firma" (
	"video_id" integer NOT NULL,
	"firma_id" integer NOT NULL,
	CONSTRAINT "video_firma_video_id_firma_id_pk" PRIMARY KEY("video_id","firma_id")
);
--> statement-breakpoint
CREATE TABLE "video" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titel" text NOT NULL,
	"kurzbeschreibung" text NOT NULL,
	"vimeolink" text NOT NULL,
	"vorschau_bild" text,
	"langtext" text DEFAULT '' NOT NULL,
	"datum" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_firma" ADD CONSTRAINT "video_firma_video_id_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_firma" ADD CONSTRAINT "video_firma_firma_id_firma_id_fk" FOREIGN KEY ("firma_id") REFERENCES "public"."firma"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_firma_firma" ON "video_firma" USING btree ("firma_id");