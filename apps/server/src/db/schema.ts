// Every table of every module, for Drizzle's relational queries and for drizzle-kit.
export * from '../modules/firma/firma.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/users/sessions.table.ts';
export * from '../modules/inhalt/inhalt.table.ts';
export * from '../modules/navigation/navigation.table.ts';
export * from '../modules/profil/profil.table.ts';
export * from '../modules/codes/codes.table.ts';
export * from '../modules/mail/mail.table.ts';
export * from '../modules/loeschung/loeschung.table.ts';
export * from '../modules/feedback/feedback.table.ts';
export * from '../modules/zahlung/zahlung.table.ts';
export * from '../modules/guthaben/guthaben.table.ts';
export * from '../modules/abo/abo.table.ts';
export * from '../modules/termin/termin.table.ts';
export * from '../modules/verwaltung/verwaltung.table.ts';
export * from '../modules/cart/cart.table.ts';
export * from '../modules/video/video.table.ts';
