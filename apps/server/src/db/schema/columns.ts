import { timestamp } from 'drizzle-orm/pg-core';

/** The creation and last-change times most tables carry (`updatedAt` set again by every update). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
