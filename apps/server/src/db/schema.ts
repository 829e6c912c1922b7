// Every table of every module, for Drizzle's relational queries and for drizzle-kit.
export * from '../modules/firma/firma.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/inhalt/inhalt.table.ts';
export * from '../modules/navigation/navigation.table.ts';
