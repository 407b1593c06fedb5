CREATE INDEX "audit_entries_member_exit_idx" ON "audit_entries" USING btree ("target_id","created_at") WHERE "audit_entries"."action" in ('member.removed', 'member.left') and "audit_entries"."target_type" = 'member';--> statement-breakpoint
CREATE INDEX "notifications_church_created_idx" ON "notifications" USING btree ("church_id","created_at");--> statement-breakpoint
CREATE INDEX "events_church_end_idx" ON "events" USING btree ("church_id","end_time");--> statement-breakpoint
CREATE INDEX "events_church_series_idx" ON "events" USING btree ("church_id","start_time") WHERE "events"."recurrence" is not null;--> statement-breakpoint
CREATE INDEX "live_chat_messages_church_created_idx" ON "live_chat_messages" USING btree ("church_id","created_at");