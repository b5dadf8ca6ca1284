// The admin audit log (beyond the spec): every admin action writes one entry (who, what, target, when) in the same
// batch as the change itself, so an action is never without its entry. The table is append-only (triggers in
// migration 0011 refuse UPDATE and DELETE).
import { sql, type SQL } from 'drizzle-orm';
import { adminAuditLog } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import type { UserRow } from './sessions.ts';

export interface AuditTarget {
  type: 'spa' | 'user' | 'chat_report' | 'review_report' | 'red_flag_dispute' | 'licence';
  /** The target's id, or an SQL expression of it (the row a batch has just inserted). */
  id: number | SQL | null;
  label?: string | null;
  detail?: Record<string, unknown> | null;
}

export function auditEntry(db: Database, actor: Pick<UserRow, 'id' | 'name'>, action: string, target: AuditTarget) {
  return db.insert(adminAuditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action,
    targetType: target.type,
    targetId: target.id,
    targetLabel: target.label ?? null,
    detail: target.detail ? JSON.stringify(target.detail) : null,
    createdAt: Date.now(),
  });
}

/**
 * An entry written only when its target exists, labelled from it: `labelOf` selects one `label` column (a
 * spa's name). For writes that name a row by id in the same batch, so a missing row leaves no entry.
 */
export function auditEntryIfFound(
  db: Database,
  actor: Pick<UserRow, 'id' | 'name'>,
  action: string,
  target: AuditTarget,
  labelOf: SQL,
) {
  return db.run(sql`
    insert into admin_audit_log (actor_id, actor_name, action, target_type, target_id, target_label, detail, created_at)
    select ${actor.id}, ${actor.name}, ${action}, ${target.type}, ${target.id}, found.label,
      ${target.detail ? JSON.stringify(target.detail) : null}, ${Date.now()}
    from (${labelOf}) as found`);
}
