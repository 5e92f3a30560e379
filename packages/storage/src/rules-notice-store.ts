import type { Kysely } from "kysely";
import type { DatabaseSchema } from "./database-schema";

/** The rules version receivers were last told about (`cartax notify --rules`). */
export interface RulesNotice {
  readonly rulesVersion: string;
  readonly notifiedAt: string;
}

const ROW_ID = "rules";

/** One row: the rules version last notified to webhook receivers, and when. */
export class RulesNoticeStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async lastNotified(): Promise<RulesNotice | undefined> {
    const row = await this.db
      .selectFrom("rules_notices")
      .select(["rules_version", "notified_at"])
      .where("id", "=", ROW_ID)
      .executeTakeFirst();
    return row && { rulesVersion: row.rules_version, notifiedAt: row.notified_at };
  }

  /** Records `version` as notified (now). */
  async record(version: string): Promise<RulesNotice> {
    const notice = { rulesVersion: version, notifiedAt: new Date().toISOString() };
    await this.db
      .insertInto("rules_notices")
      .values({ id: ROW_ID, rules_version: version, notified_at: notice.notifiedAt })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({ rules_version: version, notified_at: notice.notifiedAt }),
      )
      .execute();
    return notice;
  }

  /**
   * The last notified version; on a database that has none yet, records `version` first (a new
   * database has no receiver that saw older rules), so the first release after it is noticed.
   */
  async baseline(version: string): Promise<RulesNotice> {
    await this.db
      .insertInto("rules_notices")
      .values({ id: ROW_ID, rules_version: version, notified_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    const notice = await this.lastNotified();
    if (!notice) throw new Error("the notified rules version could not be recorded");
    return notice;
  }
}
